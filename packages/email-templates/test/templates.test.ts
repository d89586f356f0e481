import { BETA_CAP } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_IDS, emailTemplates, findEmailTemplate, renderEmail } from '../src';

const hostile = '<script>alert("x")</script>';

describe('the email template registry', () => {
  it('holds the four templates, each with an id, name, description and category', () => {
    expect(emailTemplates.map((template) => template.id)).toEqual([...EMAIL_TEMPLATE_IDS]);
    for (const template of emailTemplates) {
      expect(template.name.length).toBeGreaterThan(3);
      expect(template.description.length).toBeGreaterThan(10);
      expect(['beta', 'waitlist', 'announcement']).toContain(template.category);
    }
    expect(findEmailTemplate('nope')).toBeUndefined();
  });

  it.each(EMAIL_TEMPLATE_IDS)(
    '%s renders HTML and a plain-text version with the sample data',
    async (id) => {
      const template = findEmailTemplate(id)!;
      const email = await renderEmail(template, {
        ...template.sampleData,
        siteUrl: 'https://site.test',
      });
      expect(email.html).toMatch(/^<!DOCTYPE html/i);
      expect(email.html).toContain('Wordloom');
      expect(email.text).toContain('Wordloom');
      expect(email.text).not.toMatch(/<[a-z]/i);
      expect(email.text).toContain('https://site.test');
      expect(email.subject.length).toBeGreaterThan(5);
    },
  );

  it.each(EMAIL_TEMPLATE_IDS)('%s escapes a hostile first name', async (id) => {
    const email = await renderEmail(findEmailTemplate(id)!, { firstName: hostile });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
    // The plain-text part carries the name as text, which is what text/plain means
    // (headings are upper-cased by the text conversion).
    expect(email.text.toLowerCase()).toContain(hostile.toLowerCase());
  });

  it('escapes the heading and body of an announcement and keeps paragraphs', async () => {
    const email = await renderEmail(findEmailTemplate('announcement')!, {
      heading: '<img src=x onerror=alert(1)>',
      body: 'First paragraph.\n\n<b>bold?</b> no.',
    });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<b>bold');
    expect(email.html).toContain('&lt;b&gt;bold?&lt;/b&gt; no.');
    expect(email.text).toContain('First paragraph.');
  });

  it('keeps subjects on one line', () => {
    const subject = findEmailTemplate('announcement')!.subject({
      subject: 'Hello\r\nBcc: evil@example.com',
    });
    expect(subject).toBe('Hello Bcc: evil@example.com');
    expect(findEmailTemplate('beta-invitation')!.subject({ firstName: 'Ada\nX' })).not.toMatch(
      /[\r\n]/,
    );
  });

  it('mentions the beta cap in the invitation and links to the site', async () => {
    const email = await renderEmail(findEmailTemplate('beta-invitation')!, {
      firstName: 'Ada',
      siteUrl: 'https://wordloom.example/',
    });
    expect(email.text).toContain(`${BETA_CAP} testers`);
    expect(email.html).toContain('href="https://wordloom.example/beta"');
  });

  it('carries the accept link and the day the held seat lapses (issue 11)', async () => {
    const email = await renderEmail(findEmailTemplate('beta-invitation')!, {
      firstName: 'Ada',
      siteUrl: 'https://wordloom.example',
      actionUrl: 'https://wordloom.example/beta/accept?token=abc_DEF-123',
      invitationExpiresAt: '2026-06-09T10:00:00.000Z',
    });
    expect(email.html).toContain('href="https://wordloom.example/beta/accept?token=abc_DEF-123"');
    expect(email.text).toContain('Accept your invitation');
    expect(email.text).toContain('held for you until 9 June 2026');
    expect(email.html).not.toContain('Start your beta');
  });

  it('shows a visible unsubscribe link only when one is given', async () => {
    const template = findEmailTemplate('announcement')!;
    const without = await renderEmail(template, {});
    expect(without.html).not.toContain('Unsubscribe');
    const withLink = await renderEmail(template, {
      unsubscribeUrl: 'https://api.example/api/email/unsubscribe?email=a%40b.c&token=t',
    });
    expect(withLink.html).toContain('Unsubscribe');
    expect(withLink.html).toContain(
      'href="https://api.example/api/email/unsubscribe?email=a%40b.c&amp;token=t"',
    );
    expect(withLink.text).toContain('https://api.example/api/email/unsubscribe');
  });

  it('drops link values that are not http(s) URLs', async () => {
    const email = await renderEmail(findEmailTemplate('announcement')!, {
      siteUrl: 'javascript:alert(1)',
      unsubscribeUrl: 'javascript:alert(2)',
    });
    expect(email.html).not.toContain('javascript:');
    expect(email.html).toContain('https://wordloom.ai');
  });
});

describe('rendered output', () => {
  it('never contains a NUL or other control character, whatever the length of the data', async () => {
    for (const template of emailTemplates) {
      for (let length = 1; length <= 80; length += 1) {
        const email = await renderEmail(template, { firstName: 'é'.repeat(length) });
        for (const part of [email.html, email.text, email.subject]) {
          // eslint-disable-next-line no-control-regex
          expect(part).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
        }
      }
    }
  });
});
