import type { AuditAction, AuditActorKind } from '@repo/validation';

/*
 * The audit log as sentences for people ("Ada approved Grace Hopper for the
 * beta", issue 20). The API answers the names as they are now (the log keeps
 * ids only); a person it no longer knows reads as "an erased person".
 */

/** What a sentence is built from: an audit entry as the API answers it. */
export interface AuditSentenceEntry {
  action: string;
  actor: { kind: AuditActorKind; label: string };
  /** The actor's name now: a staff account's, an API key's; none for the system or the public. */
  actorName?: string | null;
  targetType: string | null;
  /** The name of the record acted on, now; none once it is erased or deleted. */
  subjectName?: string | null;
  details: Record<string, unknown>;
}

/** A run of the sentence: plain words, or a name (shown in bold). */
export interface SentencePart {
  text: string;
  name?: true;
}

export const ERASED_PERSON = 'an erased person';

/** The records that are a person: once erased, the lookup finds nothing. */
const PERSON_TARGETS = new Set([
  'waitlist_entry',
  'beta_participant',
  'contact_message',
  'feedback_response',
]);

/** A person, a key, a role...: its words, the name among them. */
type Phrase = SentencePart[];

const named = (name: string): SentencePart => ({ text: name, name: true });
const words = (text: string): SentencePart => ({ text });

/** How a record reads when its name is known, and when it is gone. */
const SUBJECT_WORDING: Record<string, { known: (name: string) => Phrase; gone: string }> = {
  user: { known: (name) => [named(name)], gone: 'a deleted account' },
  account_token: { known: (name) => [named(name)], gone: 'a colleague' },
  api_key: {
    known: (name) => [words('the API key '), named(`“${name}”`)],
    gone: 'a deleted API key',
  },
  role: { known: (name) => [words('the role '), named(`“${name}”`)], gone: 'a deleted role' },
  invite_code: {
    known: (name) => [words('the invite code '), named(name)],
    gone: 'a deleted invite code',
  },
  email: {
    known: (name) => [words('the email '), named(`“${name}”`)],
    gone: 'an email since deleted',
  },
  email_template: { known: (name) => [named(`“${name}”`)], gone: 'an email template' },
};

function actorOf(entry: AuditSentenceEntry): Phrase {
  const { kind, label } = entry.actor;
  const name = entry.actorName?.trim();
  if (kind === 'system') return [words('the system')];
  if (kind === 'public') return [words('a visitor')];
  // A deleted account or key keeps the label it had when it acted.
  if (kind === 'api_key' && name) return [words('the API key '), named(`“${name}”`)];
  return [named(name || label)];
}

function subjectOf(entry: AuditSentenceEntry): Phrase {
  const name = entry.subjectName?.trim();
  if (entry.targetType && PERSON_TARGETS.has(entry.targetType)) {
    return [name ? named(name) : words(ERASED_PERSON)];
  }
  const wording = SUBJECT_WORDING[entry.targetType ?? ''];
  if (!wording) return [name ? named(name) : words('a record')];
  return name ? wording.known(name) : [words(wording.gone)];
}

/** "Grace Hopper’s", "an erased person’s": the phrase's last run takes the ending. */
function possessive(phrase: Phrase): Phrase {
  const last = phrase.at(-1);
  if (!last) return phrase;
  const text = last.text.endsWith('s') ? `${last.text}’` : `${last.text}’s`;
  return [...phrase.slice(0, -1), { ...last, text }];
}

const TEMPLATE_WORDING: Record<string, string> = {
  'beta-invitation': 'the beta invitation',
  'waitlist-update': 'a waitlist update',
  'waitlist-welcome': 'the confirmation email',
  announcement: 'an announcement',
};
const templateOf = (details: Record<string, unknown>) =>
  TEMPLATE_WORDING[String(details.template)] ?? 'an email';

/** A blog post (issue 23): the log keeps its title when it acted (a post is not personal data). */
const postOf = (details: Record<string, unknown>): Phrase =>
  typeof details.title === 'string' && details.title
    ? [words('the post '), named(`“${details.title}”`)]
    : [words('a post')];

/** Issue 23: a publish or schedule past blocking SEO problems, with its reason. */
const overrideOf = (details: Record<string, unknown>): string => {
  const override = details.override as { reason?: unknown } | undefined;
  return typeof override?.reason === 'string' ? `, past its SEO checks (“${override.reason}”)` : '';
};

const POST_FIELD_WORDS: Record<string, string> = {
  title: 'title',
  slug: 'address',
  excerpt: 'excerpt',
  category: 'category',
  tags: 'tags',
  readingTime: 'reading time',
  author: 'author',
  authorEmail: "author's email",
  authorBio: "author's bio",
  content: 'text',
  featuredImage: 'featured image',
};

/** "the title, text and tags": which fields a save changed (the log keeps no values). */
const changedFieldsOf = (details: Record<string, unknown>): string[] =>
  Array.isArray(details.fields)
    ? details.fields.map((field) => POST_FIELD_WORDS[String(field)] ?? String(field))
    : [];
const listed = (items: string[]) =>
  items.length === 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const count = (value: unknown, one: string, many = `${one}s`) => {
  const n = Number(value ?? 0);
  return `${n} ${n === 1 ? one : many}`;
};

/** What a bulk run did, by its action (issue 32). */
const BULK_RUN_WORDING: Record<string, (people: string) => string> = {
  approve: (people) => `approved ${people} for the beta`,
  'hang-tight': (people) => `sent a ‘Hang Tight’ update to ${people}`,
  delete: (people) => `deleted the waitlist entries of ${people}`,
};

type Words = Array<string | Phrase>;
type Sentence = (parts: {
  actor: Phrase;
  subject: Phrase;
  details: Record<string, unknown>;
}) => Words;

/** One sentence per action; a new action without one fails to compile (and its test). */
const SENTENCES: Record<AuditAction, Sentence> = {
  'waitlist.approve': ({ actor, subject }) => [actor, ' approved ', subject, ' for the beta'],
  'waitlist.email': ({ actor, subject, details }) => [
    actor,
    ` sent ${templateOf(details)} to `,
    subject,
  ],
  'waitlist.delete': ({ actor, subject }) => [
    actor,
    ' deleted ',
    possessive(subject),
    ' waitlist entry',
  ],
  'waitlist.resend_confirmation': ({ actor, subject }) => [
    actor,
    ' resent the confirmation email to ',
    subject,
  ],
  // Issue 32: the run's own entry; each person has the single action's entry besides.
  'waitlist.bulk': ({ actor, details }) => [
    actor,
    ` ${(BULK_RUN_WORDING[String(details.bulkAction)] ?? ((people) => `acted on ${people}`))(count(details.done, 'person', 'people'))} in bulk (${Number(details.skipped ?? 0)} skipped, ${Number(details.failed ?? 0)} failed)`,
  ],
  'waitlist.import': ({ actor, details }) => [
    actor,
    ` imported ${count(details.imported, 'person', 'people')} from ${String(details.fileName ?? 'a CSV file')} (${Number(details.totalRows ?? 0) - Number(details.imported ?? 0)} rows passed over)`,
  ],
  'waitlist.import_undo': ({ actor, details }) => [
    actor,
    ` undid an import, deleting ${count(details.deleted, 'person', 'people')}`,
  ],
  'waitlist.auto_invite': ({ actor, subject }) => [
    actor,
    ' invited ',
    subject,
    ' to the beta (auto-fill)',
  ],
  'invite_code.create': ({ actor, subject }) => [actor, ' created ', subject],
  'invite_code.disable': ({ actor, subject }) => [actor, ' disabled ', subject],
  'invite_code.enable': ({ actor, subject }) => [actor, ' enabled ', subject],
  'contact.status': ({ actor, subject, details }) => [
    actor,
    ' marked ',
    possessive(subject),
    ` contact message as ${String(details.status ?? 'changed')}`,
  ],
  'contact.delete': ({ actor, subject }) => [
    actor,
    ' deleted ',
    possessive(subject),
    ' contact message',
  ],
  'feedback.delete': ({ actor, subject }) => [
    actor,
    ' deleted ',
    possessive(subject),
    ' survey response',
  ],
  'participant.status': ({ actor, subject, details }) => [
    actor,
    ' set ',
    possessive(subject),
    ` beta status to ${String(details.status ?? 'changed')}`,
  ],
  'participant.email': ({ actor, subject, details }) => [
    actor,
    ` sent ${templateOf(details)} to `,
    subject,
  ],
  'participant.accept': ({ subject }) => [subject, ' accepted the invitation to the beta'],
  'participant.invitation_expired': ({ subject }) => [
    possessive(subject),
    ' invitation to the beta lapsed unaccepted',
  ],
  'settings.auto_fill': ({ actor, details }) => [
    actor,
    ` turned auto-fill ${details.enabled ? 'on' : 'off'}`,
  ],
  'person.erase': ({ actor }) => [actor, ' erased everything kept about a person'],
  'email.test': ({ actor, details }) => [actor, ` sent a test of ${templateOf(details)}`],
  'email.bulk': ({ actor, subject, details }) => [
    actor,
    ' sent ',
    subject,
    ` to ${count(details.queued, 'person', 'people')} (${Number(details.skipped ?? 0)} skipped)`,
  ],
  'email.retry': ({ actor, subject }) => [actor, ' retried ', subject],
  'suppression.remove': ({ actor, details }) => [
    actor,
    ` let an address receive ${details.stream === 'broadcast' ? 'bulk' : 'transactional'} email again`,
  ],
  'suppression.import': ({ actor, details }) => [
    actor,
    ` imported ${count(details.imported, 'suppressed address', 'suppressed addresses')}`,
  ],
  'export.csv': ({ actor, details }) => [
    actor,
    ` exported the ${String(details.export ?? 'list')} as CSV (${count(details.rows, 'row')})`,
  ],
  'api_key.create': ({ actor, subject }) => [actor, ' created ', subject],
  'api_key.revoke': ({ actor, subject }) => [actor, ' revoked ', subject],
  'account.register': ({ actor }) => [actor, ' registered a staff account'],
  'account.verify': ({ actor }) => [actor, ' confirmed the address of their staff account'],
  'account.invite': ({ actor, subject, details }) => [
    actor,
    ' invited ',
    subject,
    ` to the staff as ${details.role === 'custom' || !details.role ? 'a custom role' : String(details.role)}`,
  ],
  // Issue 31: by hand, or with the inviter's access (disabled, or no longer holding the role).
  'account.invite_revoke': ({ actor, subject, details }) => [
    actor,
    ' revoked the staff invitation of ',
    subject,
    details.reason === 'inviter_disabled'
      ? ' (its inviter was disabled)'
      : details.reason === 'inviter_role'
        ? ' (its inviter no longer holds its role)'
        : '',
  ],
  'account.create_cli': ({ actor, subject }) => [
    actor,
    ' created the staff account of ',
    subject,
    ' from the command line',
  ],
  'account.disable': ({ actor, subject }) => [actor, ' disabled the account of ', subject],
  'account.enable': ({ actor, subject }) => [actor, ' enabled the account of ', subject],
  'account.delete_pending': ({ actor }) => [actor, ' deleted a pending staff account'],
  'account.replace_pending': ({ actor }) => [
    actor,
    ' replaced a pending staff account with the same address',
  ],
  'account.role': ({ actor, subject, details }) => [
    actor,
    ' gave ',
    subject,
    details.role === 'custom' || !details.role
      ? ' a custom role'
      : ` the ${String(details.role)} role`,
  ],
  'role.create': ({ actor, subject }) => [actor, ' created ', subject],
  'role.update': ({ actor, subject }) => [actor, ' changed the permissions of ', subject],
  'role.delete': ({ actor, subject }) => [actor, ' deleted ', subject],
  'session.end': ({ actor, subject }) => [actor, ' ended a session of ', subject],
  'account.two_factor_enable': ({ actor }) => [actor, ' turned on two-factor sign-in'],
  'account.two_factor_disable': ({ actor }) => [actor, ' turned off two-factor sign-in'],
  'account.recovery_codes': ({ actor }) => [actor, ' made new recovery codes'],
  'account.two_factor_reset': ({ actor, subject }) => [
    actor,
    ' reset the two-factor sign-in of ',
    subject,
  ],
  'settings.two_factor': ({ actor }) => [actor, ' changed who must use two-factor sign-in'],
  'account.passkey_add': ({ actor }) => [actor, ' added a passkey'],
  'account.passkey_remove': ({ actor }) => [actor, ' removed a passkey'],
  'post.create': ({ actor, details }) => [actor, ' wrote ', postOf(details)],
  'post.publish': ({ actor, details }) => [
    actor,
    ' published ',
    postOf(details),
    overrideOf(details),
  ],
  'post.unpublish': ({ actor, details }) => [actor, ' unpublished ', postOf(details)],
  'post.schedule': ({ actor, details }) => [
    actor,
    ' scheduled ',
    postOf(details),
    typeof details.at === 'string' ? ` for ${details.at.slice(0, 16).replace('T', ' ')} UTC` : '',
    overrideOf(details),
  ],
  'post.delete': ({ actor, details }) => [actor, ' deleted ', postOf(details)],
  'post.restore': ({ actor, details }) => [
    actor,
    ' restored an earlier version of ',
    postOf(details),
  ],
  'post.update': ({ actor, details }) => {
    const fields = changedFieldsOf(details);
    return fields.length === 0
      ? [actor, ' saved ', postOf(details), ' without changes']
      : [actor, ` edited the ${listed(fields)} of `, postOf(details)];
  },
  'post.submit_changes': ({ actor, details }) =>
    changedFieldsOf(details).length === 0
      ? [actor, ' withdrew the changes waiting for review on ', postOf(details)]
      : [
          actor,
          ` sent changes to the ${listed(changedFieldsOf(details))} of `,
          postOf(details),
          ' for review',
        ],
  'post.publish_changes': ({ actor, details }) => [
    actor,
    ' published the changes waiting for review on ',
    postOf(details),
    overrideOf(details),
  ],
  'post.discard_changes': ({ actor, details }) => [
    actor,
    ' discarded the changes waiting for review on ',
    postOf(details),
  ],
  'post.image_upload': ({ actor, details }) => [
    actor,
    ' uploaded an image for the blog',
    typeof details.width === 'number' && typeof details.height === 'number'
      ? ` (${details.width} × ${details.height})`
      : '',
  ],
  'post.preview_link_create': ({ actor, details }) => [
    actor,
    ' made a preview link of ',
    postOf(details),
    typeof details.expiresAt === 'string'
      ? `, until ${details.expiresAt.slice(0, 16).replace('T', ' ')} UTC`
      : '',
  ],
  'post.preview_link_revoke': ({ actor, details }) => [
    actor,
    ' revoked a preview link of ',
    postOf(details),
  ],
  // Single sign-on (issue 35).
  'account.sso_link': ({ actor }) => [actor, ' linked their account to single sign-on'],
  'account.sso_create': ({ actor }) => [actor, ' joined the console through single sign-on'],
  'account.sso_role': ({ actor, subject, details }) => [
    actor,
    ' gave ',
    subject,
    details.to === 'custom' || !details.to ? ' a custom role' : ` the ${String(details.to)} role`,
    " from the identity provider's groups",
  ],
  'account.sso_role_kept': ({ actor, subject }) => [
    actor,
    ' kept ',
    subject,
    " as Owner: the identity provider's groups would have left no Owner",
  ],
  'account.break_glass_sign_in': ({ actor }) => [
    actor,
    ' signed in with a break-glass account while single sign-on is required',
  ],
  'settings.sso': ({ actor, details }) => [
    actor,
    details.ssoOnly === true ? ' required single sign-on' : ' stopped requiring single sign-on',
  ],
  'webhook.create': ({ actor, details }) => [
    actor,
    details.source === 'zapier' ? ' subscribed a Zapier hook at ' : ' added the webhook endpoint ',
    endpointOf(details),
  ],
  'webhook.update': ({ actor, details }) => [
    actor,
    ' changed the webhook endpoint ',
    endpointOf(details),
  ],
  'webhook.delete': ({ actor, details }) => [
    actor,
    ' deleted the webhook endpoint ',
    endpointOf(details),
  ],
  'webhook.rotate_secret': ({ actor, details }) => [
    actor,
    ' rotated the signing secret of the webhook endpoint ',
    endpointOf(details),
  ],
};

/** Issue 34: an endpoint by its URL (staff typed it; not personal data). */
const endpointOf = (details: Record<string, unknown>): Phrase | string =>
  typeof details.url === 'string' ? [named(details.url)] : 'an endpoint';

const isAction = (action: string): action is AuditAction => Object.hasOwn(SENTENCES, action);

/** The entry as a sentence, in runs (names apart, for emphasis); words, not names, start with a capital. */
export function auditSentence(entry: AuditSentenceEntry): SentencePart[] {
  const parts = {
    actor: actorOf(entry),
    subject: subjectOf(entry),
    details: entry.details ?? {},
  };
  const sentence: Words = isAction(entry.action)
    ? SENTENCES[entry.action](parts)
    : [parts.actor, ` did ${entry.action}`];
  const runs = sentence.flatMap((word) => (typeof word === 'string' ? [{ text: word }] : word));
  const [first, ...rest] = runs;
  if (!first || first.name) return runs;
  return [{ ...first, text: first.text.charAt(0).toUpperCase() + first.text.slice(1) }, ...rest];
}

/** The sentence as plain text. */
export function auditSentenceText(entry: AuditSentenceEntry): string {
  return auditSentence(entry)
    .map((part) => part.text)
    .join('');
}
