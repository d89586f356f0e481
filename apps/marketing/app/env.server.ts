import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Where the server reaches the API (loaders and the /api proxy). */
  API_URL: z.url().default('http://localhost:3001'),
  /** The admin console's address; /auth and /admin redirect there. */
  ADMIN_URL: z.url().default('http://localhost:3002'),
  /** This site's public origin, for canonical URLs, the sitemap and the feed. */
  PUBLIC_SITE_URL: z.url().default('http://localhost:3000'),
  /**
   * How often (ms) the server asks the API whether the blog changed (issue 23:
   * a publish shows within seconds); 0 turns it off (the 5-minute revalidation only).
   */
  POSTS_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** The API's request body limit (same variable): the /api proxy refuses larger bodies. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
});

/** Read once, at start; a bad value stops the server with the variable's name. */
function readEnv() {
  const result = schema.safeParse(
    Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')),
  );
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export const env = readEnv();
