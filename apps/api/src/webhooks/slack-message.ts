import type { WebhookEnvelope, WebhookEvent, WebhookPayload } from '@repo/validation';

/*
 * What a Slack endpoint receives (issue 34): `{ "text": "<sentence>" }`, built from
 * the same event a webhook endpoint gets as JSON, in the audit log's wording:
 * "Ada Lovelace (Analytical Engines) joined the waitlist".
 */

const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || 'Someone';

const withCompany = (person: { firstName: string; lastName: string; company?: string | null }) =>
  person.company ? `${nameOf(person)} (${person.company})` : nameOf(person);

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 312th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n.toLocaleString('en-US')}${suffix}`;
}

const SENTENCES: { [T in WebhookEvent]: (data: WebhookPayload<T>) => string } = {
  'waitlist.signed_up': ({ entry }) => `${withCompany(entry)} joined the waitlist`,
  'waitlist.confirmed': ({ entry, position }) =>
    position === null
      ? `${withCompany(entry)} confirmed their address`
      : `${withCompany(entry)} confirmed their address, ${ordinal(position)} in the queue`,
  'waitlist.referral_credited': ({ referrer, referred }) =>
    `${withCompany(referrer)} referred ${nameOf(referred)} (${referrer.referralCount} ${
      referrer.referralCount === 1 ? 'referral' : 'referrals'
    } so far)`,
  'beta.invited': ({ participant }) => `${nameOf(participant)} was invited to the beta`,
  'beta.accepted': ({ participant }) => `${nameOf(participant)} accepted the beta invitation`,
  'beta.invitation_expired': ({ participant }) =>
    `${nameOf(participant)}'s beta invitation expired`,
  'beta.participant_status_changed': ({ participant, previousStatus }) =>
    `${nameOf(participant)} is now ${participant.status} in the beta (was ${previousStatus})`,
  'contact.received': ({ message }) =>
    `${message.company ? `${message.name} (${message.company})` : message.name} sent a message: ${message.subject}`,
  'survey.completed': ({ response }) => `${nameOf(response)} completed the feedback survey`,
  'post.published': ({ post }) => `The post "${post.title}" was published`,
  'post.unpublished': ({ post }) => `The post "${post.title}" was unpublished`,
  'person.erased': ({ ids }) =>
    `A person was erased (${ids.length} ${ids.length === 1 ? 'record' : 'records'})`,
};

/** The Slack message of an event. */
export function slackMessageOf(envelope: WebhookEnvelope): { text: string } {
  const sentence = SENTENCES[envelope.type] as (data: unknown) => string;
  return { text: sentence(envelope.data) };
}
