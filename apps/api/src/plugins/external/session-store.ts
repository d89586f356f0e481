import type { DB } from '@repo/db';
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';

type Callback = (error?: unknown) => void;
type SessionCallback = (error: unknown, session?: Session | null) => void;

/**
 * A @fastify/session store over Kysely: the cookie carries only the signed
 * session id; the session row lives in Postgres with its expiry.
 */
export class KyselySessionStore implements SessionStore {
  constructor(
    private readonly db: DB,
    private readonly ttlMs: number,
  ) {}

  set(sessionId: string, session: Session, callback: Callback): void {
    const expires = session.cookie?.expires
      ? new Date(session.cookie.expires)
      : new Date(Date.now() + this.ttlMs);
    const data = JSON.stringify(session);
    this.db
      .insertInto('sessions')
      .values({
        sid: sessionId,
        data,
        userId: session.userId ?? null,
        expiresAt: expires,
        updatedAt: new Date(),
      })
      .onConflict((conflict) =>
        conflict.column('sid').doUpdateSet({
          data,
          userId: session.userId ?? null,
          expiresAt: expires,
          updatedAt: new Date(),
        }),
      )
      .execute()
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: SessionCallback): void {
    this.db
      .selectFrom('sessions')
      .select('data')
      .where('sid', '=', sessionId)
      .where('expiresAt', '>', new Date())
      .executeTakeFirst()
      .then((row) => callback(null, row ? (row.data as unknown as Session) : null), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sessionId)
      .execute()
      .then(() => callback(), callback);
  }

  /** Removes expired rows; returns how many. */
  async prune(): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('expiresAt', '<=', new Date())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
