import type { FeedbackResponsePage } from '@repo/validation';
import type { BetaFeedbackResponsesTable, DB } from '@repo/db';
import { type Insertable, sql } from 'kysely';
import { onePage } from '../paginate';

/** A LIKE pattern for "contains `text`": `%`, `_` and `\\` in it match themselves. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Survey responses, newest first, optionally those whose address or name contains `search`. */
export async function listFeedbackResponses(
  db: DB,
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
): Promise<FeedbackResponsePage> {
  let query = db.selectFrom('betaFeedbackResponses');
  if (search) {
    query = query.where(
      sql<boolean>`lower(email || ' ' || first_name || ' ' || last_name) like ${containsPattern(search)}`,
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        'id',
        'email',
        'firstName',
        'lastName',
        'createdAt',
        'recommendationLikelihood',
        'overallSatisfaction',
      ])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .$call(onePage({ page, pageSize }))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    responses: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: Number(count.count),
  };
}

/** Stores one survey response; returns its id. */
export async function insertSurveyResponse(
  db: DB,
  response: Omit<Insertable<BetaFeedbackResponsesTable>, 'id' | 'createdAt'>,
): Promise<string> {
  const row = await db
    .insertInto('betaFeedbackResponses')
    .values(response)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countSurveyResponses(db: DB): Promise<number> {
  const { count } = await db
    .selectFrom('betaFeedbackResponses')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
