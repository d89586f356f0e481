import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_LAUNCH, SITE_NAME } from './site';

/*
 * One home for each fact (issue 10): the product's name and launch date are
 * written in site.ts and nowhere else in the app's code, so a change there
 * reaches every title, meta description, FAQ answer and JSON-LD block.
 */

const APP_DIR = join(import.meta.dirname, '..');
const HOME = 'utils/site.ts';

/** Where a fact may still be written out, and why. */
const ALLOWED: Record<string, string> = {
  // Tests assert the rendered text word for word, as the spec writes it: a test
  // that built its expectation from SITE_NAME would not notice the text changing.
  '*.test.ts': 'tests assert the spec text literally',
  '*.test.tsx': 'tests assert the spec text literally',
};

function isAllowed(file: string): boolean {
  return Object.keys(ALLOWED).some((pattern) =>
    pattern.startsWith('*') ? file.endsWith(pattern.slice(1)) : file === pattern,
  );
}

const codeFiles = readdirSync(APP_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => relative(APP_DIR, join(APP_DIR, file)));

function filesWriting(literal: string): string[] {
  return codeFiles.filter(
    (file) =>
      file !== HOME &&
      !isAllowed(file) &&
      readFileSync(join(APP_DIR, file), 'utf8').includes(literal),
  );
}

describe('facts about the site are written once, in utils/site.ts', () => {
  it('sweeps the whole app (guard: it cannot pass on an empty list)', () => {
    expect(codeFiles).toEqual(
      expect.arrayContaining([HOME, 'root.tsx', 'routes/_index.tsx', 'routes/about.tsx']),
    );
    expect(codeFiles.length).toBeGreaterThan(50);
  });

  it(`writes the launch date (${PUBLIC_LAUNCH}) nowhere else`, () => {
    expect(filesWriting(PUBLIC_LAUNCH)).toEqual([]);
  });

  it(`writes the product's name (${SITE_NAME}) nowhere else`, () => {
    expect(filesWriting(SITE_NAME)).toEqual([]);
  });

  it('defines no beta cap of its own: the validation package holds it, and the API enforces it', () => {
    const defining = codeFiles.filter((file) =>
      /\bBETA_CAP\s*=/.test(readFileSync(join(APP_DIR, file), 'utf8')),
    );
    expect(defining).toEqual([]);
  });
});
