import type { DB } from '@repo/db';
import type { AuditActorKind } from '@repo/validation';
import { sql } from 'kysely';
import { namesOf } from '../audit/audit-names';

type TimelineKind =
  | 'signup'
  | 'confirmation'
  | 'referral'
  | 'invitation'
  | 'participant'
  | 'contact'
  | 'survey'
  | 'email'
  | 'delivery'
  | 'suppression'
  | 'admin';

interface TimelineEvent {
  at: string;
  kind: TimelineKind;
  title: string;
  detail: string | null;
  /** The record it comes from, for links in the console. */
  ref: { type: string; id: string } | null;
  /** A staff action: what the console words as the audit log's sentence (the actor's name looked up now). */
  audit?: {
    action: string;
    actor: { kind: AuditActorKind; label: string };
    actorName: string | null;
    subjectName: string | null;
    details: Record<string, unknown>;
  };
}

export interface PersonTimeline {
  email: string;
  name: string | null;
  events: TimelineEvent[];
}

const sameEmail = (column: string, email: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = ${email.toLowerCase()}`;

const iso = (date: Date) => date.toISOString();

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * Whom this person's entries referred, and who referred them: each credited
 * referral shows on the referrer's timeline when the friend confirmed (the
 * credit is given in the confirmation's transaction, so that is its time).
 */
async function referralsAround(db: DB, entries: { id: string; referredById: string | null }[]) {
  const ids = entries.map((entry) => entry.id);
  const referrerIds = entries.flatMap((entry) => (entry.referredById ? [entry.referredById] : []));
  const [credited, referrers] = await Promise.all([
    ids.length > 0
      ? db
          .selectFrom('waitlistEntries')
          .select(['id', 'firstName', 'lastName', 'confirmedAt', 'referredById'])
          .where('referredById', 'in', ids)
          .where('referralCredited', '=', true)
          .where('confirmedAt', 'is not', null)
          .execute()
      : [],
    referrerIds.length > 0
      ? db
          .selectFrom('waitlistEntries')
          .select(['id', 'firstName', 'lastName'])
          .where('id', 'in', referrerIds)
          .execute()
      : [],
  ]);
  return { credited, referrerNames: new Map(referrers.map((row) => [row.id, fullName(row)])) };
}

/**
 * One person across the product, newest first: signup, confirmation of the
 * address, each referral credited, invitation and participation, contact
 * messages, survey responses, every email and what Postmark said of it,
 * suppressions, and what staff did to any of these (from the audit log).
 * Keyed by address, the one thing all of them share.
 */
export async function personTimeline(db: DB, email: string): Promise<PersonTimeline> {
  const address = email.trim().toLowerCase();
  const [entries, participants, contacts, surveys, emails, suppressions] = await Promise.all([
    db
      .selectFrom('waitlistEntries')
      .select([
        'id',
        'firstName',
        'lastName',
        'companyName',
        'userType',
        'createdAt',
        'landingPage',
        'referrer',
        'utmSource',
        'utmMedium',
        'utmCampaign',
        'confirmedAt',
        'referredById',
        'referralCredited',
      ])
      .where(sameEmail('email', address))
      .execute(),
    db
      .selectFrom('betaParticipants')
      .select(['id', 'firstName', 'lastName', 'status', 'invitedAt', 'lastActiveAt'])
      .where(sameEmail('email', address))
      .execute(),
    db
      .selectFrom('contactMessages')
      .select(['id', 'name', 'subject', 'status', 'createdAt'])
      .where(sameEmail('email', address))
      .execute(),
    db
      .selectFrom('betaFeedbackResponses')
      .select(['id', 'firstName', 'lastName', 'overallSatisfaction', 'createdAt'])
      .where(sameEmail('email', address))
      .execute(),
    db
      .selectFrom('emailOutbox')
      .select(['id', 'subject', 'templateId', 'status', 'createdAt', 'sentAt', 'lastError'])
      .where(sameEmail('toEmail', address))
      .execute(),
    db
      .selectFrom('emailSuppressions')
      .select(['stream', 'reason', 'createdAt'])
      .where('email', '=', address)
      .execute(),
  ]);
  const referrals = await referralsAround(db, entries);
  const deliveries =
    emails.length > 0
      ? await db
          .selectFrom('emailEvents')
          .select(['outboxId', 'recordType', 'occurredAt', 'detail'])
          .where(
            'outboxId',
            'in',
            emails.map((mail) => mail.id),
          )
          .execute()
      : [];
  const targetIds = [
    ...entries.map((row) => row.id),
    ...participants.map((row) => row.id),
    ...contacts.map((row) => row.id),
    ...surveys.map((row) => row.id),
    ...emails.map((row) => row.id),
  ];
  const audit =
    targetIds.length > 0
      ? await db
          .selectFrom('auditLog')
          .select([
            'action',
            'actorLabel',
            'actorKind',
            'actorId',
            'targetType',
            'targetId',
            'details',
            'createdAt',
          ])
          .where('targetId', 'in', targetIds)
          .execute()
      : [];
  const auditNames = await namesOf(db, audit);

  const events: TimelineEvent[] = [];
  for (const entry of entries) {
    events.push({
      at: iso(entry.createdAt),
      kind: 'signup',
      title: 'Joined the waitlist',
      detail:
        [
          entry.companyName,
          entry.userType,
          entry.utmSource &&
            `from ${[entry.utmSource, entry.utmMedium, entry.utmCampaign].filter(Boolean).join(' / ')}`,
          entry.referrer && `referred by ${entry.referrer}`,
          entry.landingPage && `landed on ${entry.landingPage}`,
        ]
          .filter(Boolean)
          .join(' · ') || null,
      ref: { type: 'waitlist_entry', id: entry.id },
    });
    if (entry.confirmedAt) {
      const referrer = entry.referralCredited && entry.referredById;
      const referrerName = referrer ? referrals.referrerNames.get(referrer) : undefined;
      events.push({
        at: iso(entry.confirmedAt),
        kind: 'confirmation',
        title: 'Confirmed the address',
        detail: referrerName ? `Counted as a referral for ${referrerName}` : null,
        ref: { type: 'waitlist_entry', id: entry.id },
      });
    }
  }
  for (const friend of referrals.credited) {
    if (!friend.confirmedAt) continue;
    events.push({
      at: iso(friend.confirmedAt),
      kind: 'referral',
      title: `Referral credited: ${fullName(friend)} confirmed their address`,
      detail: null,
      ref: { type: 'waitlist_entry', id: friend.id },
    });
  }
  for (const participant of participants) {
    events.push({
      at: iso(participant.invitedAt),
      kind: 'invitation',
      title: 'Approved for the beta and invited',
      detail: `Participant is ${participant.status}`,
      ref: { type: 'beta_participant', id: participant.id },
    });
    if (participant.lastActiveAt) {
      events.push({
        at: iso(participant.lastActiveAt),
        kind: 'participant',
        title: 'Last active in the beta',
        detail: null,
        ref: { type: 'beta_participant', id: participant.id },
      });
    }
  }
  for (const contact of contacts) {
    events.push({
      at: iso(contact.createdAt),
      kind: 'contact',
      title: `Contact message: ${contact.subject}`,
      detail: `Status: ${contact.status}`,
      ref: { type: 'contact_message', id: contact.id },
    });
  }
  for (const survey of surveys) {
    events.push({
      at: iso(survey.createdAt),
      kind: 'survey',
      title: 'Answered the beta feedback survey',
      detail: `Overall satisfaction: ${survey.overallSatisfaction}`,
      ref: { type: 'feedback_response', id: survey.id },
    });
  }
  const subjects = new Map(emails.map((mail) => [mail.id, mail.subject]));
  for (const mail of emails) {
    events.push({
      at: iso(mail.sentAt ?? mail.createdAt),
      kind: 'email',
      title: `Email ${mail.sentAt ? 'sent' : mail.status}: ${mail.subject}`,
      detail: mail.status === 'held' || mail.status === 'failed' ? mail.lastError : mail.templateId,
      ref: { type: 'email', id: mail.id },
    });
  }
  for (const delivery of deliveries) {
    events.push({
      at: iso(delivery.occurredAt),
      kind: 'delivery',
      title: `${delivery.recordType}: ${subjects.get(delivery.outboxId ?? '') ?? 'email'}`,
      detail: delivery.detail,
      ref: delivery.outboxId ? { type: 'email', id: delivery.outboxId } : null,
    });
  }
  for (const suppression of suppressions) {
    events.push({
      at: iso(suppression.createdAt),
      kind: 'suppression',
      title: `No more ${suppression.stream === 'broadcast' ? 'bulk' : 'transactional'} email`,
      detail: suppression.reason,
      ref: null,
    });
  }
  audit.forEach((action, index) => {
    const { actorName = null, subjectName = null } = auditNames[index] ?? {};
    events.push({
      at: iso(action.createdAt),
      kind: 'admin',
      title: `${actorName ?? action.actorLabel}: ${action.action}`,
      detail: null,
      ref: action.targetId ? { type: action.targetType ?? 'record', id: action.targetId } : null,
      audit: {
        action: action.action,
        actor: { kind: action.actorKind, label: action.actorLabel },
        actorName,
        subjectName,
        details: action.details,
      },
    });
  });
  events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const named = participants[0] ?? entries[0] ?? surveys[0];
  const name = named ? fullName(named) : (contacts[0]?.name ?? null);
  return { email: address, name, events };
}
