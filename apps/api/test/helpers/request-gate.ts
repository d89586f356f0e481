import type { RouteOptions } from 'fastify';

export interface RequestGate {
  /** For createTestContext's `onRoute`: puts the gate before the route's handler. */
  onRoute: (route: RouteOptions) => void;
  /** Runs `send` with the gate armed for `size` requests, and opens it for good after. */
  overlap: <T>(size: number, send: () => Promise<T>) => Promise<T>;
}

/**
 * Makes the requests to `url` wait before their handler, while armed, until `size`
 * of them have arrived (or 20 s pass): concurrent requests then really overlap.
 */
export function createRequestGate(url: string): RequestGate {
  let gate: { size: number; arrived: number; open: Promise<void>; release: () => void } | undefined;
  return {
    onRoute: (route) => {
      if (route.url !== url) return;
      const existing = [route.preHandler ?? []].flat();
      route.preHandler = [
        async () => {
          if (!gate) return;
          gate.arrived += 1;
          if (gate.arrived >= gate.size) gate.release();
          await Promise.race([gate.open, new Promise((resolve) => setTimeout(resolve, 20_000))]);
        },
        ...existing,
      ];
    },
    overlap: (size, send) => {
      let release = () => {};
      const open = new Promise<void>((resolve) => (release = resolve));
      gate = { size, arrived: 0, open, release };
      return send().finally(() => (gate = undefined));
    },
  };
}
