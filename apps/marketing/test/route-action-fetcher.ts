import type { ActionFunctionArgs } from '@remix-run/node';
import { useCallback, useState } from 'react';

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

/** What Remix's `data()` wraps: the value the fetcher hands the component. */
function unwrap(result: unknown): unknown {
  if (result && typeof result === 'object' && 'type' in result && 'data' in result) {
    return (result as { type: string; data: unknown }).type === 'DataWithResponseInit'
      ? (result as { data: unknown }).data
      : result;
  }
  return result;
}

/**
 * Stands in for @remix-run/react's `useFetcher` in component tests: `submit` runs the
 * route's real action on a form-encoded request (as Remix would from the browser),
 * from a visitor at 203.0.113.9, so a test sees what the action sends on to the API
 * (the test's fetch) and what the component makes of the action's answer.
 */
export function fetcherRunning(action: Action) {
  return function useFetcher() {
    const [state, setState] = useState<'idle' | 'submitting'>('idle');
    const [data, setData] = useState<unknown>(undefined);
    const submit = useCallback(
      (target: Record<string, string>, options: { method: string; action: string }) => {
        setState('submitting');
        const request = new Request(`http://site.test${options.action}`, {
          method: options.method.toUpperCase(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(target).toString(),
        });
        void action({ request, context: { clientIp: '203.0.113.9' }, params: {} }).then(
          (result) => {
            setData(unwrap(result));
            setState('idle');
          },
        );
      },
      [],
    );
    return { state, data, submit };
  };
}
