import { SAVED_VIEW_MESSAGES, SAVED_VIEWS_MAX } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { type AdminSession, insertStaffUser, sessionFor } from '../helpers/admin';
import { useTestContext } from '../helpers/use-context';

/*
 * Issue 32: saved views of a console list, each staff member's own. Runs on
 * PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.
 */

const ctx = useTestContext();
const URL = '/api/admin/saved-views';
let sequence = 0;

/** A fresh account of `role` and its session: each test owns its views. */
async function staff(role: 'owner' | 'admin' | 'support' | 'viewer' = 'viewer') {
  sequence += 1;
  const id = await insertStaffUser(ctx, { username: `views-${role}-${sequence}`, role });
  return sessionFor(ctx, id);
}

const save = (who: AdminSession, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: URL, headers: who.headers, payload: body as object });
const list = (who: AdminSession, query = '') =>
  ctx.app.inject({ method: 'GET', url: `${URL}${query}`, headers: who.headers });
const remove = (who: AdminSession, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: who.headers });

const CONFIRMED_BY_EMAIL = {
  list: 'waitlist',
  name: 'Confirmed by email',
  state: { state: 'confirmed', sort: 'email', order: 'asc', cols: 'firstName,email,state' },
};

async function rowCount(): Promise<number> {
  const { count } = await ctx.database.db
    .selectFrom('savedViews')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe('saved views', () => {
  it('saves a view of the address state and lists it back, for any console role', async () => {
    for (const role of ['viewer', 'support', 'admin', 'owner'] as const) {
      const who = await staff(role);
      const saved = await save(who, { ...CONFIRMED_BY_EMAIL, name: '  Confirmed by email  ' });
      expect(saved.statusCode, role).toBe(201);
      expect(saved.json()).toMatchObject({
        list: 'waitlist',
        name: 'Confirmed by email',
        state: CONFIRMED_BY_EMAIL.state,
      });
      const listed = await list(who, '?list=waitlist');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().items).toEqual([saved.json()]);
    }
  });

  it('lists by name, case aside', async () => {
    const who = await staff();
    for (const name of ['beta', 'Alpha', 'Charlie']) {
      expect((await save(who, { ...CONFIRMED_BY_EMAIL, name })).statusCode).toBe(201);
    }
    const names = (await list(who)).json<{ items: { name: string }[] }>().items.map((v) => v.name);
    expect(names).toEqual(['Alpha', 'beta', 'Charlie']);
  });

  it("never shows one account another account's views", async () => {
    const [ada, grace] = [await staff('owner'), await staff('viewer')];
    const adas = (await save(ada, CONFIRMED_BY_EMAIL)).json<{ id: string }>();
    expect((await list(grace)).json().items).toEqual([]);
    expect((await list(ada)).json().items.map((v: { id: string }) => v.id)).toEqual([adas.id]);
  });

  it("does not let one account delete another's view (404, as if it did not exist)", async () => {
    const [ada, grace] = [await staff('viewer'), await staff('owner')];
    const adas = (await save(ada, CONFIRMED_BY_EMAIL)).json<{ id: string }>();
    const refused = await remove(grace, adas.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: SAVED_VIEW_MESSAGES.notFound });
    expect((await list(ada)).json().items).toHaveLength(1);
    // Its owner can.
    const deleted = await remove(ada, adas.id);
    expect(deleted.statusCode).toBe(200);
    expect((await list(ada)).json().items).toEqual([]);
    expect((await remove(ada, adas.id)).statusCode).toBe(404);
  });

  it('answers 404 to a malformed id', async () => {
    const who = await staff();
    expect((await remove(who, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses a name used already by the same account and list, in any case (409)', async () => {
    const [ada, grace] = [await staff(), await staff()];
    expect((await save(ada, CONFIRMED_BY_EMAIL)).statusCode).toBe(201);
    const again = await save(ada, { ...CONFIRMED_BY_EMAIL, name: 'CONFIRMED BY EMAIL' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      type: 'duplicate_view_name',
      message: SAVED_VIEW_MESSAGES.duplicate,
    });
    // Another account may use the same name.
    expect((await save(grace, CONFIRMED_BY_EMAIL)).statusCode).toBe(201);
    expect((await list(ada)).json().items).toHaveLength(1);
  });

  it('refuses two saves of one name at once with one 409', async () => {
    const who = await staff();
    const answers = await Promise.all([
      save(who, CONFIRMED_BY_EMAIL),
      save(who, CONFIRMED_BY_EMAIL),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['an empty name', { name: '   ' }, SAVED_VIEW_MESSAGES.name],
    ['a name of 61 characters', { name: 'x'.repeat(61) }, SAVED_VIEW_MESSAGES.name],
    ['no name', { name: undefined }, SAVED_VIEW_MESSAGES.name],
    ['an unknown list', { list: 'contacts' }, SAVED_VIEW_MESSAGES.list],
    ['an unknown state key', { state: { role: 'owner' } }, undefined],
    ['an unknown sort', { state: { sort: 'password' } }, undefined],
    ['a state filter that does not exist', { state: { state: 'everyone' } }, undefined],
    ['a search of 201 characters', { state: { search: 'a'.repeat(201) } }, undefined],
    [
      'columns that are not ids',
      { state: { cols: 'email;drop table' } },
      SAVED_VIEW_MESSAGES.columns,
    ],
    ['a state that is not an object', { state: 'sort=email' }, undefined],
    ['a page size the console does not offer', { state: { pageSize: '1000' } }, undefined],
  ])(
    'refuses %s with a 400 naming the problem, storing nothing',
    async (_label, change, message) => {
      const who = await staff();
      const before = await rowCount();
      const answer = await save(who, { ...CONFIRMED_BY_EMAIL, ...change });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().type).toBe('validation_error');
      if (message) expect(answer.json().message).toBe(message);
      expect(await rowCount()).toBe(before);
    },
  );

  it('accepts a name of exactly 60 characters', async () => {
    const who = await staff();
    expect((await save(who, { ...CONFIRMED_BY_EMAIL, name: 'x'.repeat(60) })).statusCode).toBe(201);
  });

  it(`keeps at most ${SAVED_VIEWS_MAX} views per account (409 past it)`, async () => {
    const [who, other] = [await staff(), await staff()];
    for (let index = 0; index < SAVED_VIEWS_MAX; index++) {
      const answer = await save(who, { ...CONFIRMED_BY_EMAIL, name: `View ${index}` });
      expect(answer.statusCode).toBe(201);
    }
    const over = await save(who, { ...CONFIRMED_BY_EMAIL, name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      type: 'saved_view_limit',
      message: SAVED_VIEW_MESSAGES.limit,
    });
    expect((await list(who)).json().items).toHaveLength(SAVED_VIEWS_MAX);
    // The cap is per account.
    expect((await save(other, CONFIRMED_BY_EMAIL)).statusCode).toBe(201);
    // Deleting one makes room.
    const first = (await list(who)).json<{ items: { id: string }[] }>().items[0]!;
    expect((await remove(who, first.id)).statusCode).toBe(200);
    expect((await save(who, { ...CONFIRMED_BY_EMAIL, name: 'One too many' })).statusCode).toBe(201);
  });

  it(`holds the cap of ${SAVED_VIEWS_MAX} when the last saves race`, async () => {
    const who = await staff();
    for (let index = 0; index < SAVED_VIEWS_MAX - 3; index++) {
      expect((await save(who, { ...CONFIRMED_BY_EMAIL, name: `Early ${index}` })).statusCode).toBe(
        201,
      );
    }
    // Ten saves at once for the last three places: three are kept, seven refused.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        save(who, { ...CONFIRMED_BY_EMAIL, name: `Racing ${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await list(who)).json().items).toHaveLength(SAVED_VIEWS_MAX);
  });

  it('refuses an API key: a view belongs to a staff member (403, nothing stored)', async () => {
    const owner = await staff('owner');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: owner.headers,
      payload: { name: 'Views key', permissions: ['waitlist:read'], expiresInDays: 1 },
    });
    expect(created.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${created.json().formattedKey}` };
    const before = await rowCount();
    for (const [method, url] of [
      ['GET', URL],
      ['POST', URL],
      ['DELETE', `${URL}/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const answer = await ctx.app.inject({
        method,
        url,
        headers,
        ...(method === 'POST' ? { payload: CONFIRMED_BY_EMAIL } : {}),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().type).toBe('session_required');
    }
    expect(await rowCount()).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: URL });
    expect(answer.statusCode).toBe(401);
  });

  it('goes with a pending account that is deleted', async () => {
    const id = await insertStaffUser(ctx, { username: `views-gone-${Date.now()}` });
    const who = await sessionFor(ctx, id);
    expect((await save(who, CONFIRMED_BY_EMAIL)).statusCode).toBe(201);
    const before = await rowCount();
    await ctx.database.db.deleteFrom('sessions').where('userId', '=', id).execute();
    await ctx.database.db.deleteFrom('users').where('id', '=', id).execute();
    expect(await rowCount()).toBe(before - 1);
  });
});
