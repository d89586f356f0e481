import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  apiKeyCreateSchema,
  AUTH_MESSAGES,
  BETA_FEEDBACK_MESSAGES,
  CONTACT_MESSAGES,
  INVALID_EMAIL_MESSAGE,
  LIMITS,
  loginSchema,
  STAFF_MESSAGES,
  testEmailSchema,
  WAITLIST_MESSAGES,
  waitlistListQuerySchema,
} from '../src';

/*
 * One home for each message and limit (issue 10): a message is written once,
 * and a limit inside a message is built from the limit itself, so the two
 * cannot drift apart.
 */

const SOURCE_DIR = join(import.meta.dirname, '../src');
const sources = readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(join(SOURCE_DIR, file), 'utf8') }));

/** Every piece of literal text in a module: strings and the fixed parts of templates. */
function literalTexts(file: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      found.push(node.text);
    }
    node.forEachChild(visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

/**
 * A number written into a message as a limit: 'at most 100', 'at least 10',
 * 'between 2 and', '16 to 100', '200 characters'. A 1 is where counting starts
 * (page 1, step 1), not a limit, so 'at least 1' passes.
 */
const WRITTEN_LIMIT =
  /\b(?:at most|at least|between|from)\s+(?:[2-9]|\d{2,})\b|\b\d+\s+(?:to|and)\s+\d+\b|\b\d+\s+characters\b/i;

/** Calls whose text documents a schema (OpenAPI descriptions), not a message a person reads. */
const DOCUMENTING_CALLS = new Set(['describe', 'meta']);

/** The text of a literal, with each `${...}` of a template kept as a placeholder. */
function textOf(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression) {
  if (!ts.isTemplateExpression(node)) return node.text;
  return node.head.text + node.templateSpans.map((span) => `\${}${span.literal.text}`).join('');
}

/**
 * Whether a literal is a validation message: an `error` or `message`, an entry
 * of a *_MESSAGES object, a constant named for a message, or a check's argument
 * (`.max(254, 'search must be ...')`).
 */
function isMessage(node: ts.Expression): boolean {
  let child: ts.Node = node;
  let parent = node.parent;
  while (ts.isAsExpression(parent) || ts.isParenthesizedExpression(parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isPropertyAssignment(parent)) {
    const name = parent.name.getText();
    if (name === 'error' || name === 'message') return true;
    let owner: ts.Node = parent.parent.parent;
    while (ts.isAsExpression(owner)) owner = owner.parent;
    return ts.isVariableDeclaration(owner) && /MESSAGES$/.test(owner.name.getText());
  }
  if (ts.isVariableDeclaration(parent)) return /message|error/i.test(parent.name.getText());
  if (ts.isCallExpression(parent) && parent.arguments.includes(child as ts.Expression)) {
    const callee = parent.expression;
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText();
    return !DOCUMENTING_CALLS.has(name);
  }
  return false;
}

/** The validation messages a module writes, as written (templates with placeholders). */
function messageTexts(file: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)) &&
      isMessage(node)
    ) {
      found.push(textOf(node));
    }
    node.forEachChild(visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

/** Files that may repeat the e-mail message, with why (none today). */
const EMAIL_MESSAGE_EXEMPT: Record<string, string> = {};

describe('messages are written once', () => {
  it('reads the whole package (guard: the sweep below cannot pass on nothing)', () => {
    expect(sources.map((source) => source.file)).toEqual(
      expect.arrayContaining(['fields.ts', 'waitlist.ts', 'contacts.ts', 'paging.ts', 'auth.ts']),
    );
  });

  it("writes 'Please enter a valid email address' once, and every e-mail field uses it", () => {
    const written = sources
      .filter((source) => !(source.file in EMAIL_MESSAGE_EXEMPT))
      .flatMap((source) =>
        literalTexts(source.file, source.text)
          .filter((text) => text.includes(INVALID_EMAIL_MESSAGE))
          .map(() => source.file),
      );
    expect(written).toEqual(['fields.ts']);
    for (const message of [
      WAITLIST_MESSAGES.email,
      CONTACT_MESSAGES.email,
      BETA_FEEDBACK_MESSAGES.email,
      STAFF_MESSAGES.email,
    ]) {
      expect(message).toBe('Please enter a valid email address');
    }
    const result = testEmailSchema.safeParse({ templateType: 'welcome', email: 'nope' });
    expect(result.error?.issues[0]?.message).toBe(INVALID_EMAIL_MESSAGE);
  });

  it('builds every limit inside a message from the limit, never writes the number', () => {
    const messages = sources.flatMap((source) =>
      messageTexts(source.file, source.text).map((text) => `${source.file}: ${text}`),
    );
    // Guard: the sweep sees messages of every kind (entries, errors, templates, check arguments).
    expect(messages).toEqual(
      expect.arrayContaining([
        'waitlist.ts: Please select a primary use case',
        'waitlist.ts: sortOrder must be asc or desc',
        'paging.ts: pageSize must be between 1 and ${}',
        'suppressions.ts: suppressions must not be empty',
      ]),
    );
    expect(messages.filter((message) => WRITTEN_LIMIT.test(message))).toEqual([]);
  });

  it('still reads the same words (the messages the spec and the API tests assert)', () => {
    expect(AUTH_MESSAGES).toMatchObject({
      username: 'Username must be at least 2 characters',
      password: 'Password must be at least 4 characters',
      name: 'Name must be at least 2 characters',
      newPassword: 'Password must be at least 8 characters',
    });
    expect(CONTACT_MESSAGES.message).toBe('Message must be at least 10 characters');
    const tooLong = 'x'.repeat(LIMITS.passwordMax + 1);
    expect(loginSchema.safeParse({ username: 'ada', password: tooLong }).error?.issues).toEqual([
      expect.objectContaining({ message: 'Password must be at most 200 characters' }),
    ]);
    expect(
      apiKeyCreateSchema.safeParse({ name: 'x'.repeat(101), permissions: ['waitlist:read'] }).error
        ?.issues,
    ).toEqual([expect.objectContaining({ message: 'Name must be at most 100 characters' })]);
    expect(
      waitlistListQuerySchema.safeParse({ search: 'x'.repeat(201) }).error?.issues[0]?.message,
    ).toBe('search must be at most 200 characters');
  });
});
