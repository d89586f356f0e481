import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node';
import { invitationAcceptSchema } from '@repo/validation';
import { LINK_PAGE_HEADERS } from '~/utils/link-page';
import {
  linkFailureOf,
  linkTokenOf,
  postedToken,
  TOO_LARGE_HEADERS,
} from '~/utils/link-token.server';
import { siteApiFor } from '~/utils/site-api.server';
import type { AcceptanceAnswer } from './invitation-acceptance';

function answer(body: AcceptanceAnswer, status: number, headers: HeadersInit = LINK_PAGE_HEADERS) {
  return data(body, { status, headers });
}

/** /beta/accept's loader: the link's token, for the button's hidden field. */
export function invitationLoader({ request }: LoaderFunctionArgs) {
  return data({ token: linkTokenOf(request) }, { headers: LINK_PAGE_HEADERS });
}

/**
 * /beta/accept's action (issue 22): the button's POST, with JavaScript (a fetcher)
 * or without (the page's form). The token is checked by the API's own schema, then
 * the API accepts as the visitor: 200 welcomed, 410 expired, 404 used or replaced,
 * 400 not a token; its 429 stays a 429, a failure is a 503, no answer a 502.
 */
export async function invitationAction({ request, context }: ActionFunctionArgs) {
  const posted = await postedToken(request);
  if (posted.kind === 'too-large') return answer({ kind: 'invalid' }, 413, TOO_LARGE_HEADERS);
  const parsed = invitationAcceptSchema.safeParse({ token: posted.token });
  if (!parsed.success) return answer({ kind: 'invalid' }, 400);
  const { token } = parsed.data;
  try {
    const { firstName } = await siteApiFor(request, context).betaInvitations.accept({ token });
    return answer({ kind: 'accepted', firstName }, 200);
  } catch (error) {
    const failure = linkFailureOf(error);
    if (failure.status === 410) return answer({ kind: 'expired', message: failure.message }, 410);
    if (failure.status === 404) return answer({ kind: 'used', message: failure.message }, 404);
    if (failure.status === 400) return answer({ kind: 'invalid' }, 400);
    return answer({ kind: 'failed', message: failure.message, token }, failure.status);
  }
}
