import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestContext, validWaitlistSignup } from '../helpers/test-app';

const ctx = useTestContext({ BODY_LIMIT_BYTES: '4096' });

describe('the error contract', () => {
  it('answers malformed JSON with 400 and a JSON message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Malformed JSON in request body',
      type: 'invalid_json',
    });
  });

  it('answers a body that is not an object with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2,3]',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers an oversized body with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Big',
        email: 'big@example.com',
        subject: 'Large',
        message: 'x'.repeat(10_000),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'Request body is too large',
      type: 'payload_too_large',
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/xml' },
      payload: '<signup/>',
    });
    expect(response.statusCode).toBe(415);
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: 'not_found' });
  });

  it('hides the details of a 500', async () => {
    const exploding = await createTestContext({}, (app) => {
      app.get('/api/explode', async () => {
        throw new Error('select password_hash from users -- at Database.query (db.ts:42)');
      });
    });
    const response = await exploding.app.inject({ method: 'GET', url: '/api/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error', type: 'internal_error' });
    expect(response.body).not.toMatch(/select|password|db\.ts/);
    await exploding.close();
  });
});

describe('rate limits', () => {
  it('answer 429 in the contract once a client exceeds the form limit', async () => {
    const limited = await createTestContext({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_FORMS_MAX: '2',
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/waitlist',
          payload: validWaitlistSignup(),
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toMatchObject({
            type: 'rate_limited',
            message: expect.stringContaining('Too many requests'),
          });
        }
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('rate limits behind the marketing proxy', () => {
  it('count each visitor address forwarded by a trusted (loopback) proxy separately', async () => {
    const limited = await createTestContext({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_FORMS_MAX: '1',
    });
    try {
      const from = (address: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/waitlist',
          headers: { 'x-forwarded-for': address },
          payload: validWaitlistSignup(),
        });
      expect((await from('203.0.113.7')).statusCode).toBe(201);
      expect((await from('203.0.113.7')).statusCode).toBe(429);
      expect((await from('198.51.100.9')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('reports 503 when the database is gone', async () => {
    const broken = await createTestContext();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'degraded', database: 'down' });
    await broken.app.close();
  });
});

describe('configuration', () => {
  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(/API_PORT/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(
      loadConfig({ ADMIN_EMAIL_DOMAINS: ' Wordloom.ai, @staff.io ' }).ADMIN_EMAIL_DOMAINS,
    ).toEqual(['wordloom.ai', 'staff.io']);
  });
});
