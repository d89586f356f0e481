import type { DB } from '@repo/db';
import type { PostPreviewLinkRecord, PostPreviewLinkStatus } from '@repo/validation';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '@repo/db';
import type { AuditActor } from '../audit/audit-log';

/*
 * Issue 31: a post's preview links, one row each (migration 023). Whether a link
 * works is decided here, once, with the database's clock: the list the console
 * shows and the site's read use the same expression.
 */

/** Who can make or revoke a link: a member of staff or an API key (never the system). */
type LinkActor = Extract<AuditActor, { kind: 'staff' } | { kind: 'api_key' }>;

const isLinkActor = (actor: AuditActor): actor is LinkActor =>
  actor.kind === 'staff' || actor.kind === 'api_key';

type Links = ExpressionBuilder<
  Database & {
    link: Database['postPreviewLinks'];
    creator: Database['users'];
    creatorKey: Database['apiKeys'];
    keyCreator: Database['users'];
  },
  'link' | 'creator' | 'creatorKey' | 'keyCreator'
>;

/**
 * The creator can still act: an active staff account, or an API key that is
 * active, unexpired and whose own creator is active (as admin-auth admits it; a
 * key made before scopes has no creator).
 */
const creatorCanAct = (eb: Links) =>
  eb.or([
    eb('creator.status', '=', 'active'),
    eb.and([
      eb('creatorKey.isActive', '=', true),
      eb.or([
        eb('creatorKey.expiresAt', 'is', null),
        eb('creatorKey.expiresAt', '>', sql<Date>`now()`),
      ]),
      eb.or([eb('creatorKey.createdBy', 'is', null), eb('keyCreator.status', '=', 'active')]),
    ]),
  ]);

/** The links with where each stands: revoked, else expired, else whether its creator can act. */
function selectLinks(db: DB) {
  return db
    .selectFrom('postPreviewLinks as link')
    .leftJoin('users as creator', 'creator.id', 'link.createdByUserId')
    .leftJoin('apiKeys as creatorKey', 'creatorKey.id', 'link.createdByApiKeyId')
    .leftJoin('users as keyCreator', 'keyCreator.id', 'creatorKey.createdBy')
    .select((eb) => [
      'link.id',
      'link.postId',
      'link.createdByUserId',
      'link.createdByLabel',
      'link.createdAt',
      'link.expiresAt',
      'link.revokedAt',
      'link.revokedByApiKeyId',
      'link.revokedByLabel',
      eb
        .case()
        .when('link.revokedAt', 'is not', null)
        .then(sql.lit('revoked'))
        .when('link.expiresAt', '<=', sql<Date>`now()`)
        .then(sql.lit('expired'))
        .when(creatorCanAct(eb))
        .then(sql.lit('active'))
        .else(sql.lit('creator_disabled'))
        .end()
        .$castTo<PostPreviewLinkStatus>()
        .as('status'),
    ]);
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof selectLinks>['execute']>>[number];

function toRecord(row: LinkRow): PostPreviewLinkRecord {
  return {
    id: row.id,
    postId: row.postId,
    createdBy: {
      kind: row.createdByUserId === null ? 'api_key' : 'staff',
      label: row.createdByLabel,
    },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy:
      row.revokedAt && row.revokedByLabel !== null
        ? { kind: row.revokedByApiKeyId === null ? 'staff' : 'api_key', label: row.revokedByLabel }
        : null,
    status: row.status,
  };
}

/**
 * The post a link is about to be made for, locked against a delete until the
 * transaction ends (so the insert never meets a vanished post); undefined if none.
 */
export function lockPostForLink(trx: DB, postId: number) {
  return trx
    .selectFrom('blogPosts')
    .select(['id', 'title'])
    .where('id', '=', postId)
    .forKeyShare()
    .executeTakeFirst();
}

/** Records a link to `postId` made by `actor`, living `hours` from now (the database's clock). */
export async function insertPreviewLink(
  db: DB,
  postId: number,
  hours: number,
  actor: AuditActor,
): Promise<PostPreviewLinkRecord> {
  if (!isLinkActor(actor)) throw new Error(`A ${actor.kind} actor cannot make a preview link`);
  const { id } = await db
    .insertInto('postPreviewLinks')
    .values({
      postId,
      createdByUserId: actor.kind === 'staff' ? actor.userId : null,
      createdByApiKeyId: actor.kind === 'api_key' ? actor.apiKeyId : null,
      createdByLabel: actor.label,
      expiresAt: sql<Date>`now() + make_interval(hours => ${hours})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toRecord(await selectLinks(db).where('link.id', '=', id).executeTakeFirstOrThrow());
}

/** A post's links, newest first (the most recent 200). */
export async function listPreviewLinks(db: DB, postId: number): Promise<PostPreviewLinkRecord[]> {
  const rows = await selectLinks(db)
    .where('link.postId', '=', postId)
    .orderBy('link.createdAt', 'desc')
    .orderBy('link.id', 'desc')
    .limit(200)
    .execute();
  return rows.map(toRecord);
}

/** One link, if `postId` has it. */
export async function findPreviewLink(
  db: DB,
  linkId: string,
  postId?: number,
): Promise<PostPreviewLinkRecord | undefined> {
  let query = selectLinks(db).where('link.id', '=', linkId);
  if (postId !== undefined) query = query.where('link.postId', '=', postId);
  const row = await query.executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * Revokes a link of `postId`: the revoked link, 'already_revoked', or undefined
 * when the post has no such link. The update's own condition settles two revokes
 * at once: one wins, the other finds it revoked.
 */
export async function revokePreviewLink(
  db: DB,
  postId: number,
  linkId: string,
  actor: AuditActor,
): Promise<PostPreviewLinkRecord | 'already_revoked' | undefined> {
  if (!isLinkActor(actor)) throw new Error(`A ${actor.kind} actor cannot revoke a preview link`);
  const revoked = await db
    .updateTable('postPreviewLinks')
    .set({
      revokedAt: sql<Date>`now()`,
      revokedByUserId: actor.kind === 'staff' ? actor.userId : null,
      revokedByApiKeyId: actor.kind === 'api_key' ? actor.apiKeyId : null,
      revokedByLabel: actor.label,
    })
    .where('id', '=', linkId)
    .where('postId', '=', postId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  const link = await findPreviewLink(db, linkId, postId);
  if (!link) return undefined;
  return revoked ? link : 'already_revoked';
}
