import type { Request, RequestHandler } from 'express';

export function parsePageCacheSetting(value: string | undefined): boolean;

export function sharedCacheLifetime(
  cacheControl: string | undefined,
): { maxAgeSeconds: number; staleSeconds: number } | undefined;

export function createPageCache(options: {
  enabled: boolean;
  now?: () => number;
  skip?: (req: Request) => boolean;
  /** Told whether each request the cache could answer was a hit or a miss (the metrics). */
  onLookup?: (result: 'hit' | 'miss') => void;
}): {
  serve: RequestHandler;
  capture: RequestHandler;
  clear: () => void;
  size: () => number;
  /** Resolves once the compressed copies begun so far are made. */
  compressed: () => Promise<void>;
};
