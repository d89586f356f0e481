import type { DB } from '@repo/db';
import { sql } from 'kysely';

/*
 * A staff account's passkeys (WebAuthn credentials, issue 19): the public key, the
 * signature counter last seen, and what the console shows (a name, when it was added
 * and last used). The private key never leaves the authenticator.
 */

/** How many passkeys one account may hold. */
export { MAX_PASSKEYS_PER_ACCOUNT } from '@repo/validation';

/** A passkey as the account's Security page shows it (times as ISO 8601). */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const summaryOf = (row: {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** What a WebAuthn check needs of a stored passkey. */
export interface StoredPasskey {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

export async function listPasskeys(db: DB, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(summaryOf);
}

export async function countPasskeys(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The account's credential ids and transports (allowed or excluded in a ceremony). */
export async function credentialsOf(
  db: DB,
  userId: string,
): Promise<{ id: string; transports: string[] }[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['credentialId', 'transports'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => ({ id: row.credentialId, transports: row.transports }));
}

export async function findPasskeyByCredentialId(
  db: DB,
  credentialId: string,
): Promise<StoredPasskey | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .select(['id', 'userId', 'credentialId', 'publicKey', 'counter', 'transports'])
    .where('credentialId', '=', credentialId)
    .executeTakeFirst();
  return row
    ? { ...row, publicKey: new Uint8Array(row.publicKey), counter: Number(row.counter) }
    : undefined;
}

export async function insertPasskey(
  db: DB,
  input: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    backedUp: boolean;
    name: string;
  },
): Promise<PasskeySummary | undefined> {
  const row = await db
    .insertInto('passkeys')
    .values({ ...input, publicKey: Buffer.from(input.publicKey) })
    .onConflict((conflict) => conflict.column('credentialId').doNothing())
    .returning(['id', 'name', 'createdAt', 'lastUsedAt'])
    .executeTakeFirst();
  return row && summaryOf(row);
}

/** Deletes one of the account's own passkeys; returns its name, or undefined when none. */
export async function deletePasskey(
  db: DB,
  userId: string,
  id: string,
): Promise<{ name: string } | undefined> {
  return db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returning('name')
    .executeTakeFirst();
}

/**
 * Records a sign-in with the passkey and the counter it reported, only if the counter
 * went up (or the authenticator keeps none: 0 before and now). A counter that did not
 * go up means a copy of the credential signed in elsewhere: refused (false), in one
 * statement, so two sign-ins racing with the same counter cannot both pass.
 */
export async function recordPasskeyUse(db: DB, id: string, newCounter: number): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, lastUsedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('counter', '<', newCounter),
        eb.and([eb('counter', '=', 0), eb(sql<number>`${newCounter}::bigint`, '=', 0)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
