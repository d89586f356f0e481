import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const base = { NODE_ENV: 'test', SESSION_SECRET: 'a-session-secret-that-is-long-enough-1234' };

describe('email and admin configuration', () => {
  it('has working defaults: mail captured, streams named, links to the local API', () => {
    const config = loadConfig(base);
    expect(config.POSTMARK_SERVER_TOKEN).toBeUndefined();
    expect(config).toMatchObject({
      POSTMARK_TRANSACTIONAL_STREAM: 'outbound',
      POSTMARK_BROADCAST_STREAM: 'broadcast',
      EMAIL_FROM: 'Wordloom <beta@wordloom.ai>',
      API_PUBLIC_URL: 'http://localhost:3001',
      ADMIN_ALLOWED_ORIGINS: [],
      EMAIL_MAX_ATTEMPTS: 10,
    });
    // Unsubscribe links are signed with the session secret unless told otherwise.
    expect(config.UNSUBSCRIBE_SECRET).toBe(base.SESSION_SECRET);
    expect(loadConfig({ ...base, UNSUBSCRIBE_SECRET: 'u'.repeat(32) }).UNSUBSCRIBE_SECRET).toBe(
      'u'.repeat(32),
    );
  });

  it('reads ADMIN_ALLOWED_ORIGINS as a list of origins', () => {
    const config = loadConfig({
      ...base,
      ADMIN_ALLOWED_ORIGINS: ' https://ops.example.com/admin , http://localhost:5173 ',
    });
    expect(config.ADMIN_ALLOWED_ORIGINS).toEqual([
      'https://ops.example.com',
      'http://localhost:5173',
    ]);
  });

  it.each([
    ['ADMIN_ALLOWED_ORIGINS', 'not a url'],
    ['UNSUBSCRIBE_SECRET', 'short'],
    ['EMAIL_MAX_ATTEMPTS', '0'],
    ['POSTMARK_TIMEOUT_MS', 'soon'],
    ['API_PUBLIC_URL', 'localhost'],
  ])('refuses %s=%j, naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });
});
