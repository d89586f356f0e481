import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node';
import {
  LINK_TOKEN_MESSAGE,
  linkTokenSchema,
  STATUS_LINK_INVALID_MESSAGE,
  waitlistStatusQuerySchema,
} from '@repo/validation';
import { LINK_PAGE_HEADERS } from '~/utils/link-page';
import {
  linkFailureOf,
  linkTokenOf,
  postedToken,
  TOO_LARGE_HEADERS,
} from '~/utils/link-token.server';
import { siteApiFor } from '~/utils/site-api.server';
import type { PlaceAnswer } from './use-waitlist-place';

function answer(body: PlaceAnswer, status = 200, headers: HeadersInit = LINK_PAGE_HEADERS) {
  return data(body, { status, headers });
}

function failed(status: number, message: string, token: string | null = null) {
  return answer({ outcome: 'failed', status, message, token }, status);
}

/** /waitlist/confirm's loader: the link's token, for the button's hidden field. */
export function confirmationLoader({ request }: LoaderFunctionArgs) {
  return data({ token: linkTokenOf(request) }, { headers: LINK_PAGE_HEADERS });
}

/**
 * /waitlist/confirm's action (issue 22): the button's POST, with JavaScript (a
 * fetcher) or without (the page's form). The token is checked by the API's own
 * schema, then confirmed by the API as the visitor. Only a POST confirms: mail
 * scanners open the link, and a GET must not confirm anyone.
 */
export async function confirmationAction({ request, context }: ActionFunctionArgs) {
  const posted = await postedToken(request);
  if (posted.kind === 'too-large') {
    return answer(
      { outcome: 'failed', status: 413, message: LINK_TOKEN_MESSAGE, token: null },
      413,
      TOO_LARGE_HEADERS,
    );
  }
  const parsed = linkTokenSchema.safeParse({ token: posted.token });
  if (!parsed.success) return failed(400, LINK_TOKEN_MESSAGE);
  const { token } = parsed.data;
  try {
    return answer({
      outcome: 'place',
      place: await siteApiFor(request, context).waitlist.confirm(token),
    });
  } catch (error) {
    const failure = linkFailureOf(error);
    return failed(failure.status, failure.message, token);
  }
}

/**
 * /waitlist/status's loader (issue 22): the place of the link's token, read on the
 * server, so the page shows it without JavaScript. Reading changes nothing.
 */
export async function statusLoader({ request, context }: LoaderFunctionArgs) {
  const token = linkTokenOf(request);
  // An address without a token is a page that says so, as /waitlist/confirm's and
  // /beta/accept's are (200): nothing was asked of anyone.
  if (token === null)
    return answer({ outcome: 'failed', status: 400, message: LINK_TOKEN_MESSAGE, token: null });
  const parsed = waitlistStatusQuerySchema.safeParse({ token });
  if (!parsed.success) return failed(400, STATUS_LINK_INVALID_MESSAGE);
  try {
    return answer({
      outcome: 'place',
      place: await siteApiFor(request, context).waitlist.status(parsed.data.token),
    });
  } catch (error) {
    const failure = linkFailureOf(error);
    return failed(failure.status, failure.message);
  }
}
