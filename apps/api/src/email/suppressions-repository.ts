import type { DB } from '@repo/db';

/** Records an opt-out; later bulk sends skip the address. Idempotent. */
export async function suppressEmail(db: DB, email: string, reason: string): Promise<void> {
  await db
    .insertInto('emailSuppressions')
    .values({ email: email.toLowerCase(), reason })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}

/** The lower-cased addresses among `emails` that opted out. */
export async function suppressedAmong(db: DB, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('emailSuppressions')
    .select('email')
    .where(
      'email',
      'in',
      emails.map((email) => email.toLowerCase()),
    )
    .execute();
  return new Set(rows.map((row) => row.email));
}
