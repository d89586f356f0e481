import type { DB } from '@repo/db';
import type { WaitlistSignup } from '@repo/validation';
import { sql } from 'kysely';

/**
 * Adds a signup unless the address (in any case) is already on the list.
 * The unique index on lower(email) decides, so concurrent duplicates leave one row.
 * Returns the new entry's id, or undefined for a duplicate.
 */
export async function addWaitlistSignup(
  db: DB,
  signup: WaitlistSignup,
): Promise<string | undefined> {
  const row = await db
    .insertInto('waitlistEntries')
    .values({
      email: signup.email,
      firstName: signup.firstName,
      lastName: signup.lastName,
      companyName: signup.company,
      primaryUse: signup.primaryUse,
      contentWorkflow: signup.contentWorkflow ?? null,
      userType: signup.userType ?? null,
    })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
