import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The contract is sorted by feature (issue 20): one file per feature, never one
 * per audience; each enum's list is written once, here or in the database's
 * types (which take them from here); api-client only re-exports the types.
 */

const PACKAGES = join(import.meta.dirname, '../..');
const SOURCE_DIR = join(PACKAGES, 'validation/src');
const DB_SOURCE = join(PACKAGES, 'db/src/schema.ts');
const CLIENT_TYPES = join(PACKAGES, 'api-client/src/types.ts');

const entries = readdirSync(SOURCE_DIR);
const sources = entries
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(join(SOURCE_DIR, file), 'utf8') }));

/** Who a file would be written for, rather than what it is about. */
const AUDIENCE_NAMES = /^(admin|public|responses|requests|site|console|marketing|server|client)\b/;

/** Read on every page of the site or the console's first screen: no zod there (issue 13). */
const ZOD_FREE = [
  'honeypot.ts',
  'referral-codes.ts',
  'beta-cap.ts',
  'analytics-tracker.ts',
  'analytics-opt-out.ts',
  // The survey's first screen, before the visitor starts answering (issue 32).
  'survey-questions.ts',
];

/** Each list of string literals: `NAME = ['a', 'b'] as const`, or written inline in `z.enum(['a', 'b'])`. */
function constLists(file: string, text: string) {
  const lists: { where: string; values: string }[] = [];
  const found = [
    ...text.matchAll(/(\w+)\s*=\s*\[([^\]]*)\]\s*as const/g),
    ...text.matchAll(/(z\.enum)\(\[([^\]]*)\]/g),
  ];
  for (const match of found) {
    const values = [...match[2]!.matchAll(/'([^']*)'/g)].map((value) => value[1]);
    if (values.length >= 2) lists.push({ where: `${file} ${match[1]}`, values: values.join('|') });
  }
  return lists;
}

/** Each union of two or more string literals: `'a' | 'b'` (how the db's types wrote enums). */
function literalUnions(file: string, text: string) {
  const unions: { where: string; values: string }[] = [];
  for (const match of text.matchAll(/'[^'\n]*'(?:\s*\|\s*'[^'\n]*')+/g)) {
    const values = [...match[0].matchAll(/'([^']*)'/g)].map((value) => value[1]);
    unions.push({ where: `${file} union`, values: values.join('|') });
  }
  return unions;
}

describe('the contract is sorted by feature', () => {
  it('reads the package (guard: the checks below cannot pass on nothing)', () => {
    expect(sources.map((source) => source.file)).toEqual(
      expect.arrayContaining(['waitlist.ts', 'beta.ts', 'email-outbox.ts', 'audit-log.ts']),
    );
  });

  it('names no file or folder after an audience', () => {
    const named = entries.filter((entry) => AUDIENCE_NAMES.test(entry));
    const folders = entries.filter((entry) => statSync(join(SOURCE_DIR, entry)).isDirectory());
    expect(named).toEqual([]);
    expect(folders).toEqual([]);
  });

  it('keeps zod out of the modules a page without a form loads', () => {
    for (const file of ZOD_FREE) {
      const text = sources.find((source) => source.file === file)?.text;
      expect(text, file).toBeDefined();
      // No import but of types (erased from the bundle): a module it imported could bring zod along.
      expect(text, file).not.toMatch(/^(?:import|export) (?!type )[^;]*\bfrom '/m);
    }
  });

  it('takes zod from zod-config.ts, so its browser setting holds before any schema is built', () => {
    const direct = sources
      .filter((source) => source.file !== 'zod-config.ts')
      .filter((source) => /^import (?!type )[^;]*from 'zod';/m.test(source.text))
      .map((source) => source.file);
    expect(direct).toEqual([]);
  });

  it('writes each enum list once, in the contract or the database types', () => {
    const lists = [
      ...sources.flatMap((source) => [
        ...constLists(source.file, source.text),
        ...literalUnions(source.file, source.text),
      ]),
      ...literalUnions('db/src/schema.ts', readFileSync(DB_SOURCE, 'utf8')),
    ];
    // Guard: the sweep sees the lists that were once written three times.
    expect(lists.map((list) => list.where)).toEqual(
      expect.arrayContaining([
        'email-outbox.ts EMAIL_STATUSES',
        'email-outbox.ts EMAIL_STREAMS',
        'email-outbox.ts DELIVERY_STATES',
        'audit-log.ts AUDIT_ACTIONS',
      ]),
    );
    const seen = new Map<string, string>();
    const repeated: string[] = [];
    for (const list of lists) {
      const first = seen.get(list.values);
      if (first) repeated.push(`${list.values}: ${first} and ${list.where}`);
      else seen.set(list.values, list.where);
    }
    expect(repeated).toEqual([]);
  });

  it("leaves api-client's types.ts to re-export the contract's types, defining none", () => {
    const text = readFileSync(CLIENT_TYPES, 'utf8');
    expect(text).toMatch(/^export type \{[^}]+\} from '@repo\/validation';$/m);
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    const statements = code
      .split(';')
      .map((statement) => statement.trim())
      .filter(Boolean);
    expect(
      statements.every((statement) =>
        /^export type \{[^}]+\} from '@repo\/validation'$/.test(statement),
      ),
    ).toBe(true);
  });
});
