import type { Request, RequestHandler } from 'express';

export function parsePageCacheSetting(value: string | undefined): boolean;

export function sharedCacheLifetime(
  cacheControl: string | undefined,
): { maxAgeSeconds: number; staleSeconds: number } | undefined;

export function createPageCache(options: {
  enabled: boolean;
  now?: () => number;
  skip?: (req: Request) => boolean;
}): {
  serve: RequestHandler;
  capture: RequestHandler;
  clear: () => void;
  size: () => number;
};
