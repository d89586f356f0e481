import type { DB } from '@repo/db';
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import { sql } from 'kysely';

type Callback = (error?: unknown) => void;
type SessionCallback = (error: unknown, session?: Session | null) => void;

export interface SessionLifetimes {
  /** A session unused for this long is over (sessions.last_seen_at). */
  idleMs: number;
  /** A session is over this long after sign-in, used or not (sessions.created_at). */
  absoluteMs: number;
}

/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60 * 1000;

const ms = (value: number) => sql<Date>`make_interval(secs => ${value / 1000})`;

/** A row of `sessions` within both lifetimes (and its stored expiry), on the database clock. */
export function sessionAlive(lifetimes: SessionLifetimes) {
  return sql<boolean>`(sessions.expires_at > now()
    and sessions.created_at > now() - ${ms(lifetimes.absoluteMs)}
    and sessions.last_seen_at > now() - ${ms(lifetimes.idleMs)})`;
}

/**
 * A @fastify/session store over Kysely: the cookie carries only the signed
 * session id; the row lives in Postgres. Both lifetimes are enforced here, on the
 * database clock, whatever the cookie says.
 */
export class KyselySessionStore implements SessionStore {
  constructor(
    private readonly db: DB,
    private readonly lifetimes: SessionLifetimes,
  ) {}

  set(sessionId: string, session: Session, callback: Callback): void {
    const data = JSON.stringify(session);
    const userId = session.userId ?? null;
    this.db
      .insertInto('sessions')
      .values({
        sid: sessionId,
        data,
        userId,
        // The absolute end; created_at and last_seen_at default to now().
        expiresAt: sql<Date>`now() + ${ms(this.lifetimes.absoluteMs)}`,
        updatedAt: sql<Date>`now()`,
      })
      // A save never extends the absolute lifetime of an existing session.
      .onConflict((conflict) =>
        conflict.column('sid').doUpdateSet({ data, userId, updatedAt: sql<Date>`now()` }),
      )
      .execute()
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: SessionCallback): void {
    this.load(sessionId).then((session) => callback(null, session), callback);
  }

  private async load(sessionId: string): Promise<Session | null> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['data', sql<boolean>`last_seen_at < now() - ${ms(TOUCH_EVERY_MS)}`.as('stale')])
      .where('sid', '=', sessionId)
      .where(sessionAlive(this.lifetimes))
      .executeTakeFirst();
    if (!row) return null;
    if (row.stale) {
      await this.db
        .updateTable('sessions')
        .set({ lastSeenAt: sql<Date>`now()` })
        .where('sid', '=', sessionId)
        .execute();
    }
    return row.data as unknown as Session;
  }

  destroy(sessionId: string, callback: Callback): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sessionId)
      .execute()
      .then(() => callback(), callback);
  }

  /** Removes sessions past either lifetime; returns how many. */
  async prune(): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expiresAt', '<=', sql<Date>`now()`),
          eb('createdAt', '<=', sql<Date>`now() - ${ms(this.lifetimes.absoluteMs)}`),
          eb('lastSeenAt', '<=', sql<Date>`now() - ${ms(this.lifetimes.idleMs)}`),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
