import { describe, expect, it } from 'vitest';
import { apiKeyCreateSchema, maskApiKey } from '../src';
import { messages } from './first-messages';

describe('API keys', () => {
  it('requires a non-blank key name and defaults the environment to live', () => {
    expect(
      messages(apiKeyCreateSchema.safeParse({ name: '   ', permissions: ['waitlist:read'] })).name,
    ).toBe('Please provide a name for the API key');
    expect(apiKeyCreateSchema.parse({ name: ' CI ', permissions: ['waitlist:read'] })).toEqual({
      name: 'CI',
      environment: 'live',
      permissions: ['waitlist:read'],
      expiresInDays: 90,
    });
    expect(
      apiKeyCreateSchema.safeParse({
        name: 'x',
        environment: 'staging',
        permissions: ['waitlist:read'],
      }).success,
    ).toBe(false);
  });

  it('masks a key as first 12 characters, 20 asterisks, last 4', () => {
    const key = 'wl_live_abcd1234_secretsecretsecretWXYZ';
    expect(maskApiKey(key)).toBe(`wl_live_abcd${'*'.repeat(20)}WXYZ`);
  });
});
