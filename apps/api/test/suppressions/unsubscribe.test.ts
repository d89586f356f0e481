import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import { buildApp, type App } from '../../src/app';
import { unsubscribeToken } from '../../src/email/unsubscribe-token';
import { prepareDatabase } from '../../src/prepare-database';
import { redactedUrl } from '../../src/request-log';

const ctx = useTestContext();

function linkFor(email: string): string {
  const token = unsubscribeToken(ctx.config.UNSUBSCRIBE_SECRET, email);
  return `/api/email/unsubscribe?email=${encodeURIComponent(email)}&token=${token}`;
}

async function suppressed(email: string): Promise<boolean> {
  const row = await ctx.database.db
    .selectFrom('emailSuppressions')
    .select('email')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

describe('GET on the unsubscribe link', () => {
  it('only asks: a page with the masked address and one Unsubscribe button that posts back', async () => {
    const email = 'reader-one@example.com';
    const response = await ctx.app.inject({ method: 'GET', url: linkFor(email) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Wordloom');
    expect(response.body).toContain('r***@example.com');
    expect(response.body).not.toContain(email);
    expect(response.body.match(/<button/g)).toHaveLength(1);
    expect(response.body).toMatch(/<button type="submit">Unsubscribe<\/button>/);
    const form = /<form method="post" action="([^"]+)">/.exec(response.body);
    expect(form).not.toBeNull();
    expect(form![1]!.replace(/&#38;/g, '&')).toBe(linkFor(email));
    // A link scanner that follows the link unsubscribes nobody.
    expect(await suppressed(email)).toBe(false);
  });

  it('is private: no-store, no referrer, and a CSP that loads nothing and posts only here', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: linkFor('reader-two@example.com'),
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('answers 400 to a forged link', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/email/unsubscribe?email=x%40example.com&token=${'A'.repeat(43)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('invalid_unsubscribe_link');
  });
});

describe('POST on the unsubscribe link', () => {
  it("the page's button: records the opt-out and shows a confirmation page", async () => {
    const email = 'reader-three@example.com';
    const response = await ctx.app.inject({
      method: 'POST',
      url: linkFor(email),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html,application/xhtml+xml',
      },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain("You're unsubscribed");
    expect(await suppressed(email)).toBe(true);
  });

  it('RFC 8058 one-click from a mail client: records the opt-out', async () => {
    const email = 'reader-four@example.com';
    const response = await ctx.app.inject({
      method: 'POST',
      url: linkFor(email),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await suppressed(email)).toBe(true);
  });

  it('refuses a forged token and records nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?email=victim%40example.com&token=${'A'.repeat(43)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(400);
    expect(await suppressed('victim@example.com')).toBe(false);
  });
});

describe('the access log', () => {
  let database: TestDatabase;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await prepareDatabase(database.db);
    app = await buildApp({
      config: { ...ctx.config, LOG_LEVEL: 'info' },
      db: database.db,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('never holds the token of an unsubscribe link, nor other secret query values', async () => {
    const email = 'logged@example.com';
    const token = unsubscribeToken(ctx.config.UNSUBSCRIBE_SECRET, email);
    await app.inject({ method: 'GET', url: linkFor(email) });
    await app.inject({ method: 'GET', url: '/api/posts?code=one-time-code-123&key=k-456' });
    const log = lines.join('');
    expect(log).toContain('/api/email/unsubscribe?');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(token);
    expect(log).toContain('/api/posts?code=[redacted]&key=[redacted]');
    expect(log).not.toContain('one-time-code-123');
    expect(log).not.toContain('k-456');
  });

  it('redacts only the secret parameters of a URL', () => {
    expect(redactedUrl('/api/x?page=2&token=abc&Token=def&search=ada')).toBe(
      '/api/x?page=2&token=[redacted]&Token=[redacted]&search=ada',
    );
    expect(redactedUrl('/api/x?%74oken=abc')).toBe('/api/x?%74oken=[redacted]');
    expect(redactedUrl('/api/x?%E0%A4%A=1')).toBe('/api/x?%E0%A4%A=1');
    expect(redactedUrl('/api/x')).toBe('/api/x');
  });
});
