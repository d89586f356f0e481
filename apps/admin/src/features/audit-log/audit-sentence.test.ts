import { AUDIT_ACTIONS, type AuditAction } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import {
  type AuditSentenceEntry,
  auditSentence,
  auditSentenceText,
  ERASED_PERSON,
} from './audit-sentence';

const ada = { kind: 'staff', label: 'ada' } as const;

function entry(overrides: Partial<AuditSentenceEntry> = {}): AuditSentenceEntry {
  return {
    action: 'waitlist.approve',
    actor: ada,
    actorName: 'Ada Lovelace',
    targetType: 'waitlist_entry',
    subjectName: 'Grace Hopper',
    details: {},
    ...overrides,
  };
}

/** Every action as a staff member does it, with the record it names in the log. */
const EXAMPLES: Record<AuditAction, { entry: Partial<AuditSentenceEntry>; reads: string }> = {
  'waitlist.approve': { entry: {}, reads: 'Ada Lovelace approved Grace Hopper for the beta' },
  'waitlist.email': {
    entry: { details: { template: 'waitlist-update' } },
    reads: 'Ada Lovelace sent a waitlist update to Grace Hopper',
  },
  'waitlist.delete': {
    entry: { subjectName: null },
    reads: 'Ada Lovelace deleted an erased person’s waitlist entry',
  },
  'waitlist.resend_confirmation': {
    entry: {},
    reads: 'Ada Lovelace resent the confirmation email to Grace Hopper',
  },
  'waitlist.bulk': {
    entry: {
      targetType: 'waitlist_bulk_run',
      subjectName: null,
      details: { bulkAction: 'approve', total: 5, done: 3, skipped: 2, failed: 0 },
    },
    reads: 'Ada Lovelace approved 3 people for the beta in bulk (2 skipped, 0 failed)',
  },
  'waitlist.import': {
    entry: {
      targetType: 'waitlist_import',
      subjectName: null,
      details: { fileName: 'people.csv', totalRows: 10, imported: 8 },
    },
    reads: 'Ada Lovelace imported 8 people from people.csv (2 rows passed over)',
  },
  'waitlist.import_undo': {
    entry: { targetType: 'waitlist_import', subjectName: null, details: { deleted: 8 } },
    reads: 'Ada Lovelace undid an import, deleting 8 people',
  },
  'waitlist.auto_invite': {
    entry: { actor: { kind: 'system', label: 'auto-fill' }, actorName: null },
    reads: 'The system invited Grace Hopper to the beta (auto-fill)',
  },
  'invite_code.create': {
    entry: { targetType: 'invite_code', subjectName: 'SPRING26' },
    reads: 'Ada Lovelace created the invite code SPRING26',
  },
  'invite_code.disable': {
    entry: { targetType: 'invite_code', subjectName: 'SPRING26' },
    reads: 'Ada Lovelace disabled the invite code SPRING26',
  },
  'invite_code.enable': {
    entry: { targetType: 'invite_code', subjectName: 'SPRING26' },
    reads: 'Ada Lovelace enabled the invite code SPRING26',
  },
  'contact.status': {
    entry: { targetType: 'contact_message', details: { status: 'read' } },
    reads: 'Ada Lovelace marked Grace Hopper’s contact message as read',
  },
  'contact.delete': {
    entry: { targetType: 'contact_message', subjectName: null },
    reads: 'Ada Lovelace deleted an erased person’s contact message',
  },
  'feedback.delete': {
    entry: { targetType: 'feedback_response', subjectName: null },
    reads: 'Ada Lovelace deleted an erased person’s survey response',
  },
  'participant.status': {
    entry: { targetType: 'beta_participant', details: { status: 'inactive' } },
    reads: 'Ada Lovelace set Grace Hopper’s beta status to inactive',
  },
  'participant.email': {
    entry: { targetType: 'beta_participant', details: { template: 'beta-invitation' } },
    reads: 'Ada Lovelace sent the beta invitation to Grace Hopper',
  },
  'participant.accept': {
    entry: {
      actor: { kind: 'public', label: 'invitation link' },
      actorName: null,
      targetType: 'beta_participant',
    },
    reads: 'Grace Hopper accepted the invitation to the beta',
  },
  'participant.invitation_expired': {
    entry: {
      actor: { kind: 'system', label: 'invitation expiry' },
      actorName: null,
      targetType: 'beta_participant',
    },
    reads: 'Grace Hopper’s invitation to the beta lapsed unaccepted',
  },
  'settings.auto_fill': {
    entry: { targetType: 'app_setting', subjectName: null, details: { enabled: true } },
    reads: 'Ada Lovelace turned auto-fill on',
  },
  'person.erase': {
    entry: { targetType: 'person', subjectName: null, details: { deleted: { emails: 2 } } },
    reads: 'Ada Lovelace erased everything kept about a person',
  },
  'email.test': {
    entry: { targetType: 'email', details: { template: 'waitlist-welcome' } },
    reads: 'Ada Lovelace sent a test of the confirmation email',
  },
  'email.bulk': {
    entry: {
      targetType: 'email_template',
      subjectName: 'General announcement',
      details: { queued: 12, skipped: 3 },
    },
    reads: 'Ada Lovelace sent “General announcement” to 12 people (3 skipped)',
  },
  'email.retry': {
    entry: { targetType: 'email', subjectName: 'You’re in' },
    reads: 'Ada Lovelace retried the email “You’re in”',
  },
  'suppression.remove': {
    entry: { targetType: 'suppression', subjectName: null, details: { stream: 'broadcast' } },
    reads: 'Ada Lovelace let an address receive bulk email again',
  },
  'suppression.import': {
    entry: { targetType: 'suppression', subjectName: null, details: { imported: 1 } },
    reads: 'Ada Lovelace imported 1 suppressed address',
  },
  'export.csv': {
    entry: { targetType: 'waitlist', subjectName: null, details: { export: 'waitlist', rows: 40 } },
    reads: 'Ada Lovelace exported the waitlist as CSV (40 rows)',
  },
  'api_key.create': {
    entry: { targetType: 'api_key', subjectName: 'Nightly exporter' },
    reads: 'Ada Lovelace created the API key “Nightly exporter”',
  },
  'api_key.revoke': {
    entry: { targetType: 'api_key', subjectName: 'Nightly exporter' },
    reads: 'Ada Lovelace revoked the API key “Nightly exporter”',
  },
  'account.register': {
    entry: { targetType: 'user', subjectName: 'Ada Lovelace' },
    reads: 'Ada Lovelace registered a staff account',
  },
  'account.verify': {
    entry: { targetType: 'user', subjectName: 'Ada Lovelace' },
    reads: 'Ada Lovelace confirmed the address of their staff account',
  },
  'account.invite_revoke': {
    entry: {
      targetType: 'account_token',
      subjectName: 'mary@wordloom.ai',
      details: { reason: 'inviter_disabled' },
    },
    reads:
      'Ada Lovelace revoked the staff invitation of mary@wordloom.ai (its inviter was disabled)',
  },
  'account.invite': {
    entry: {
      targetType: 'account_token',
      subjectName: 'mary@wordloom.ai',
      details: { role: 'support' },
    },
    reads: 'Ada Lovelace invited mary@wordloom.ai to the staff as support',
  },
  'account.create_cli': {
    entry: {
      actor: { kind: 'system', label: 'admin:create (command line)' },
      actorName: null,
      targetType: 'user',
      subjectName: 'Mary Jackson',
    },
    reads: 'The system created the staff account of Mary Jackson from the command line',
  },
  'account.disable': {
    entry: { targetType: 'user', subjectName: 'Mary Jackson' },
    reads: 'Ada Lovelace disabled the account of Mary Jackson',
  },
  'account.enable': {
    entry: { targetType: 'user', subjectName: 'Mary Jackson' },
    reads: 'Ada Lovelace enabled the account of Mary Jackson',
  },
  'account.delete_pending': {
    entry: { targetType: 'user', subjectName: null },
    reads: 'Ada Lovelace deleted a pending staff account',
  },
  'account.replace_pending': {
    entry: { targetType: 'user', subjectName: null, details: { by: 'invitation' } },
    reads: 'Ada Lovelace replaced a pending staff account with the same address',
  },
  'account.role': {
    entry: { targetType: 'user', subjectName: 'Mary Jackson', details: { role: 'admin' } },
    reads: 'Ada Lovelace gave Mary Jackson the admin role',
  },
  'role.create': {
    entry: { targetType: 'role', subjectName: 'Night shift' },
    reads: 'Ada Lovelace created the role “Night shift”',
  },
  'role.update': {
    entry: { targetType: 'role', subjectName: 'Night shift' },
    reads: 'Ada Lovelace changed the permissions of the role “Night shift”',
  },
  'role.delete': {
    entry: { targetType: 'role', subjectName: null },
    reads: 'Ada Lovelace deleted a deleted role',
  },
  'session.end': {
    entry: { targetType: 'user', subjectName: 'Mary Jackson' },
    reads: 'Ada Lovelace ended a session of Mary Jackson',
  },
  'account.two_factor_enable': {
    entry: { targetType: 'user' },
    reads: 'Ada Lovelace turned on two-factor sign-in',
  },
  'account.two_factor_disable': {
    entry: { targetType: 'user' },
    reads: 'Ada Lovelace turned off two-factor sign-in',
  },
  'account.recovery_codes': {
    entry: { targetType: 'user' },
    reads: 'Ada Lovelace made new recovery codes',
  },
  'account.two_factor_reset': {
    entry: { targetType: 'user', subjectName: 'Mary Jackson' },
    reads: 'Ada Lovelace reset the two-factor sign-in of Mary Jackson',
  },
  'settings.two_factor': {
    entry: { targetType: 'app_setting', subjectName: null },
    reads: 'Ada Lovelace changed who must use two-factor sign-in',
  },
  'account.passkey_add': { entry: { targetType: 'user' }, reads: 'Ada Lovelace added a passkey' },
  'account.passkey_remove': {
    entry: { targetType: 'user' },
    reads: 'Ada Lovelace removed a passkey',
  },
  'post.create': {
    entry: { targetType: 'post', details: { title: 'Hello world' } },
    reads: 'Ada Lovelace wrote the post “Hello world”',
  },
  'post.publish': {
    entry: { targetType: 'post', details: { title: 'Hello world' } },
    reads: 'Ada Lovelace published the post “Hello world”',
  },
  'post.unpublish': {
    entry: { targetType: 'post', details: {} },
    reads: 'Ada Lovelace unpublished a post',
  },
  'post.schedule': {
    entry: { targetType: 'post', details: { title: 'Hello', at: '2030-01-07T09:00:00.000Z' } },
    reads: 'Ada Lovelace scheduled the post “Hello” for 2030-01-07 09:00 UTC',
  },
  'post.delete': {
    entry: { targetType: 'post', details: { title: 'Hello' } },
    reads: 'Ada Lovelace deleted the post “Hello”',
  },
  'post.restore': {
    entry: { targetType: 'post', details: { title: 'Hello' } },
    reads: 'Ada Lovelace restored an earlier version of the post “Hello”',
  },
  'post.update': {
    entry: {
      targetType: 'post',
      details: { title: 'Hello', fields: ['title', 'content', 'tags'] },
    },
    reads: 'Ada Lovelace edited the title, text and tags of the post “Hello”',
  },
  'post.submit_changes': {
    entry: { targetType: 'post', details: { title: 'Hello', fields: ['title', 'content'] } },
    reads: 'Ada Lovelace sent changes to the title and text of the post “Hello” for review',
  },
  'post.publish_changes': {
    entry: { targetType: 'post', details: { title: 'Hello', fields: ['title'] } },
    reads: 'Ada Lovelace published the changes waiting for review on the post “Hello”',
  },
  'post.discard_changes': {
    entry: { targetType: 'post', details: { title: 'Hello', fields: ['title'] } },
    reads: 'Ada Lovelace discarded the changes waiting for review on the post “Hello”',
  },
  'post.image_upload': {
    entry: { targetType: 'post_image', details: { width: 1600, height: 900 } },
    reads: 'Ada Lovelace uploaded an image for the blog (1600 × 900)',
  },
  'post.preview_link_create': {
    entry: {
      targetType: 'post',
      details: { title: 'Hello', linkId: 'l1', expiresAt: '2030-01-08T09:00:00.000Z' },
    },
    reads: 'Ada Lovelace made a preview link of the post “Hello”, until 2030-01-08 09:00 UTC',
  },
  'post.preview_link_revoke': {
    entry: { targetType: 'post', details: { title: 'Hello', linkId: 'l1' } },
    reads: 'Ada Lovelace revoked a preview link of the post “Hello”',
  },
  // Single sign-on (issue 35).
  'account.sso_link': {
    entry: { targetType: 'user' },
    reads: 'Ada Lovelace linked their account to single sign-on',
  },
  'account.sso_create': {
    entry: { targetType: 'user' },
    reads: 'Ada Lovelace joined the console through single sign-on',
  },
  'account.sso_role': {
    entry: { targetType: 'user', subjectName: 'Mary Jackson', details: { to: 'support' } },
    reads: "Ada Lovelace gave Mary Jackson the support role from the identity provider's groups",
  },
  'account.sso_role_kept': {
    entry: { targetType: 'user', subjectName: 'Mary Jackson' },
    reads:
      "Ada Lovelace kept Mary Jackson as Owner: the identity provider's groups would have left no Owner",
  },
  'account.break_glass_sign_in': {
    entry: { targetType: 'user' },
    reads: 'Ada Lovelace signed in with a break-glass account while single sign-on is required',
  },
  'settings.sso': {
    entry: { targetType: 'app_setting', subjectName: null, details: { ssoOnly: true } },
    reads: 'Ada Lovelace required single sign-on',
  },
  'webhook.create': {
    entry: { targetType: 'webhook_endpoint', details: { url: 'https://crm.example.com/hook' } },
    reads: 'Ada Lovelace added the webhook endpoint https://crm.example.com/hook',
  },
  'webhook.update': {
    entry: { targetType: 'webhook_endpoint', details: { url: 'https://crm.example.com/hook' } },
    reads: 'Ada Lovelace changed the webhook endpoint https://crm.example.com/hook',
  },
  'webhook.delete': {
    entry: { targetType: 'webhook_endpoint', details: { url: 'https://crm.example.com/hook' } },
    reads: 'Ada Lovelace deleted the webhook endpoint https://crm.example.com/hook',
  },
  'webhook.rotate_secret': {
    entry: { targetType: 'webhook_endpoint', details: { url: 'https://crm.example.com/hook' } },
    reads:
      'Ada Lovelace rotated the signing secret of the webhook endpoint https://crm.example.com/hook',
  },
};

describe('the audit log as sentences', () => {
  it.each(AUDIT_ACTIONS.map((action) => [action]))('%s reads as a sentence', (action) => {
    const example = EXAMPLES[action];
    expect(example, `no example sentence for ${action}`).toBeDefined();
    const text = auditSentenceText(entry({ action, ...example.entry }));
    expect(text).toBe(example.reads);
    // Never the code itself, nor a fallback.
    expect(text).not.toContain(action);
  });

  it('reads an edit of one field, a save without changes, and a publish past the SEO checks', () => {
    const post = (action: string, details: Record<string, unknown>) =>
      auditSentenceText(
        entry({ action, targetType: 'post', details: { title: 'Hi', ...details } }),
      );
    expect(post('post.update', { fields: ['featuredImage'] })).toBe(
      'Ada Lovelace edited the featured image of the post “Hi”',
    );
    expect(post('post.update', { fields: [] })).toBe(
      'Ada Lovelace saved the post “Hi” without changes',
    );
    const override = {
      reason: 'The linked page ships tomorrow',
      problems: ['internal_link_broken'],
    };
    expect(post('post.publish', { override })).toBe(
      'Ada Lovelace published the post “Hi”, past its SEO checks (“The linked page ships tomorrow”)',
    );
    expect(post('post.schedule', { at: '2030-01-07T09:00:00.000Z', override })).toBe(
      'Ada Lovelace scheduled the post “Hi” for 2030-01-07 09:00 UTC, past its SEO checks (“The linked page ships tomorrow”)',
    );
  });

  it('reads a person the lookup no longer finds as an erased person', () => {
    for (const targetType of [
      'waitlist_entry',
      'beta_participant',
      'contact_message',
      'feedback_response',
    ]) {
      const text = auditSentenceText(entry({ targetType, subjectName: null }));
      expect(text).toContain(ERASED_PERSON);
      expect(text).not.toContain('Grace');
    }
    // An API answer from before the names were added reads the same way.
    const { subjectName: _omitted, ...older } = entry();
    expect(auditSentenceText(older)).toBe('Ada Lovelace approved an erased person for the beta');
    expect(
      auditSentenceText(entry({ action: 'waitlist.delete', subjectName: null, actorName: null })),
    ).toBe('ada deleted an erased person’s waitlist entry');
  });

  it('names the actor by its name now, else by the label it acted under', () => {
    expect(auditSentenceText(entry({ actorName: 'Ada King' }))).toMatch(/^Ada King approved/);
    expect(auditSentenceText(entry({ actorName: null }))).toMatch(/^ada approved/);
    const key = { kind: 'api_key', label: 'API key 3f9c0a1b' } as const;
    expect(
      auditSentenceText(
        entry({
          action: 'export.csv',
          actor: key,
          actorName: 'Exporter',
          details: { export: 'contacts', rows: 1 },
        }),
      ),
    ).toBe('The API key “Exporter” exported the contacts as CSV (1 row)');
    expect(auditSentenceText(entry({ actor: key, actorName: null }))).toMatch(
      /^API key 3f9c0a1b approved/,
    );
  });

  it('keeps the names apart, for emphasis, and never capitalises a name', () => {
    expect(auditSentence(entry({ actorName: 'ada' }))).toEqual([
      { text: 'ada', name: true },
      { text: ' approved ' },
      { text: 'Grace Hopper', name: true },
      { text: ' for the beta' },
    ]);
  });

  it('reads an action it does not know with its code', () => {
    expect(auditSentenceText(entry({ action: 'waitlist.teleport' }))).toBe(
      'Ada Lovelace did waitlist.teleport',
    );
  });
});
