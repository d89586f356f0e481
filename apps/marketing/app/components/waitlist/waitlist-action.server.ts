import { type ActionFunctionArgs, type AppLoadContext, json } from '@remix-run/node';
import { createApiClient, siteRoutes } from '@repo/api-client';
import { env } from '~/env.server';
import { readFormBody } from '~/utils/read-form-body.server';
import { siteApiFor, visitorHeaders } from '~/utils/site-api.server';
import {
  readWaitlistForm,
  signUpFromForm,
  type WaitlistActionData,
  type WaitlistAnswer,
  type WaitlistForm,
} from './waitlist-submission';
import { EMPTY_WAITLIST } from './waitlist-rules';

// The analytics call must not hold the visitor's answer for long.
const ANALYTICS_TIMEOUT_MS = 2000;

/**
 * Spec section 3: a signup records waitlist_form (and waitlist_signup when it
 * succeeds). The wizard's script records its own; a plain form post has no script,
 * so this server records them, as the visitor (the API drops bots' and headless
 * browsers' events by their user agent, as it does the tracker's). A failure here
 * is logged and never costs the signup.
 */
async function recordSignupEvents(
  request: Request,
  context: AppLoadContext,
  form: WaitlistForm,
  data: WaitlistActionData,
): Promise<void> {
  const success = data.outcome === 'success' || data.outcome === 'duplicate';
  const common = {
    sessionId: crypto.randomUUID(),
    referrer: 'direct',
    ...(request.headers.get('user-agent')
      ? { userAgent: request.headers.get('user-agent')?.slice(0, 1024) }
      : {}),
  };
  const timestamp = new Date().toISOString();
  const userType = form.values.userType || 'not_provided';
  const events = [
    {
      type: 'waitlist_form',
      path: '/beta',
      timestamp,
      data: {
        ...common,
        primary_use: form.values.primaryUse,
        company_provided: form.values.company.trim() !== '',
        user_type: userType,
        workflow_provided: form.values.contentWorkflow.trim() !== '',
        success,
        ...(success ? {} : { error: data.outcome }),
        no_javascript: true,
      },
    },
    ...(data.outcome === 'success'
      ? [
          {
            type: 'waitlist_signup',
            path: '/beta',
            timestamp,
            data: { ...common, primary_use: form.values.primaryUse, user_type: userType },
          },
        ]
      : []),
  ];
  const api = createApiClient({
    baseUrl: env.API_URL,
    headers: visitorHeaders(request, context),
    fetch: (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(ANALYTICS_TIMEOUT_MS) }),
  });
  try {
    await api.post(siteRoutes.analytics.events, { events });
  } catch (error) {
    console.warn('waitlist analytics: not recorded:', error);
  }
}

function answer({ status, data }: WaitlistAnswer, headers: Record<string, string> = {}) {
  // A person's answers are never kept by a cache.
  return json(data, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/**
 * /beta's action (issue 22): the waitlist form posted without JavaScript, or by the
 * wizard through useFetcher. Bad input is a 400 with the problems, never a 500;
 * the API's 429 stays a 429, its failures are a 503, no answer at all a 502.
 */
export async function waitlistAction({ request, context }: ActionFunctionArgs) {
  const body = await readFormBody(request);
  if (body.kind === 'too-large') {
    return answer(
      {
        calledApi: false,
        status: 413,
        data: {
          outcome: 'invalid',
          problems: [],
          message: 'What you sent is too large. Please shorten your answers and try again.',
          values: { ...EMPTY_WAITLIST, inviteCode: '' },
        },
      },
      // The client may still be sending: close the connection rather than read the rest.
      { connection: 'close' },
    );
  }
  // Not a form at all: every required field is missing.
  const form = readWaitlistForm(body.kind === 'form' ? body.form : new FormData());
  const result = await signUpFromForm(form, siteApiFor(request, context));
  // A bot that filled the honeypot is answered as usual (the API keeps nothing) and not counted.
  if (!form.enhanced && result.calledApi && form.website === '') {
    await recordSignupEvents(request, context, form, result.data);
  }
  return answer(result);
}
