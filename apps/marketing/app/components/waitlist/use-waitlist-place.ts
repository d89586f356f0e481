import { ApiError, type WaitlistPlace } from '@repo/api-client';
import { useCallback, useEffect, useState } from 'react';
import { siteApi } from '~/utils/browser-api';

export type PlaceState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; place: WaitlistPlace }
  | { kind: 'failed'; status: number; message: string };

/** The link's token, read in the browser: the server renders the same page for every link. */
export function useLinkToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get('token'));
  }, []);
  return token;
}

function failureOf(error: unknown): PlaceState {
  if (error instanceof ApiError) {
    return { kind: 'failed', status: error.status, message: error.serverMessage };
  }
  return {
    kind: 'failed',
    status: 0,
    message: 'We could not reach the server. Check your connection and try again.',
  };
}

/** Runs one place request (confirm or status) and keeps its outcome. */
export function usePlaceRequest() {
  const [state, setState] = useState<PlaceState>({ kind: 'idle' });
  const run = useCallback(async (request: () => Promise<WaitlistPlace>) => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', place: await request() });
    } catch (error) {
      setState(failureOf(error));
    }
  }, []);
  return { state, run };
}

export const confirmPlace = (token: string) => siteApi.waitlist.confirm(token);
export const readPlace = (token: string) => siteApi.waitlist.status(token);
