import { useActionData, useFetcher } from '@remix-run/react';
import type { WaitlistPlace } from '@repo/api-client';
import type { FormEvent } from 'react';

export type PlaceState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; place: WaitlistPlace }
  | { kind: 'failed'; status: number; message: string };

/**
 * What the status page's loader and the confirmation page's action answer about a
 * place (waitlist-place.server.ts): the place, or why there is none. `token` is the
 * link's token when it was well-formed, for the button's next try.
 */
export type PlaceAnswer =
  | { outcome: 'place'; place: WaitlistPlace }
  | { outcome: 'failed'; status: number; message: string; token: string | null };

/** Where the confirmation page's button posts (the route's own action). */
export const CONFIRM_ACTION = '/waitlist/confirm';

export function placeStateOf(answer: PlaceAnswer | undefined, busy = false): PlaceState {
  if (busy) return { kind: 'loading' };
  if (!answer) return { kind: 'idle' };
  if (answer.outcome === 'place') return { kind: 'ready', place: answer.place };
  return { kind: 'failed', status: answer.status, message: answer.message };
}

/**
 * The confirmation button (issue 22): a plain form posting the token to the page's
 * action, answered with the page itself when JavaScript is off; with JavaScript, the
 * same post through a fetcher, so the page stays as it is while it confirms.
 * `linkToken` is the address's token; after a post without JavaScript the address
 * has none, and the action's answer carries it for another try.
 */
export function useConfirmation(linkToken: string | null) {
  const fetcher = useFetcher<PlaceAnswer>();
  const posted = useActionData<PlaceAnswer>();
  const answer = fetcher.data ?? posted;
  const token = answer?.outcome === 'failed' ? (answer.token ?? linkToken) : linkToken;
  const state = placeStateOf(answer, fetcher.state !== 'idle');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (token) fetcher.submit({ token }, { method: 'post', action: CONFIRM_ACTION });
  };
  return { state, token, answered: answer !== undefined, submit };
}
