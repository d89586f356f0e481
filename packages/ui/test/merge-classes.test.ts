import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from '../src/lib/merge-classes';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SOURCES = ['packages/ui/src', 'apps/marketing/app', 'apps/admin/src'];
const NOT_CLASSES = new Set([
  'merge-classes.ts',
  'critical-css.server.ts',
  'critical-css.server.test.ts',
]);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    // merge-classes.ts names groups, not classes; critical-css.server(.test).ts CSS properties.
    return /\.tsx?$/.test(entry.name) && !NOT_CLASSES.has(entry.name) ? [full] : [];
  });
}

/** Every string literal in the apps' and the kit's sources that holds classes. */
function classStrings(): string[] {
  const found = new Set<string>();
  for (const file of SOURCES.flatMap((dir) => sourceFiles(path.join(repoRoot, dir)))) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(['"`])((?:(?!\1)[^\\\n])*)\1/g)) {
      const text = match[2]!.replace(/\$\{[^}]*\}/g, ' ').trim();
      const tokens = text.split(/\s+/);
      if (tokens.every((token) => /^[!\w\-:[\]/.&%#=(),>*@+~]+$/.test(token)) && text) {
        found.add(tokens.join(' '));
      }
    }
  }
  return [...found];
}

/** A small seeded generator, so every run checks the same combinations. */
function random(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % max;
  };
}

const strings = classStrings();
const words = [...new Set(strings.flatMap((text) => text.split(' ')))];
/** The words tailwind-merge takes for classes: it drops the first of two equal ones. */
const tokens = words.filter((word) => twMerge(`${word} ${word}`) === word);

describe('mergeClasses', () => {
  it('finds the classes of the sources (the comparisons below are not vacuous)', () => {
    expect(tokens.length).toBeGreaterThan(300);
    for (const known of ['inline-flex', 'hidden', 'text-sm', 'text-lg', 'px-3', 'rounded-md']) {
      expect(tokens).toContain(known);
    }
  });

  it('merges the conflicts the apps rely on', () => {
    expect(mergeClasses('inline-flex h-9 px-3 text-sm hidden sm:inline-flex')).toBe(
      'h-9 px-3 text-sm hidden sm:inline-flex',
    );
    expect(mergeClasses('text-xl font-semibold leading-none text-lg')).toBe(
      'font-semibold text-lg',
    );
    expect(mergeClasses('border border-input bg-background border-indigo-200 bg-transparent')).toBe(
      'border border-indigo-200 bg-transparent',
    );
    expect(mergeClasses('hover:bg-muted focus:hover:bg-primary hover:focus:bg-card')).toBe(
      'hover:bg-muted hover:focus:bg-card',
    );
    expect(mergeClasses('p-4 px-2 p-6')).toBe('p-6');
    expect(mergeClasses('group unknown-class group')).toBe('group unknown-class group');
  });

  it('answers a list met before as it did the first time, past its memory limit too', () => {
    const inputs = tokens
      .slice(0, 60)
      .flatMap((first) => tokens.slice(0, 40).map((second) => `${first} ${second} ${first}`));
    expect(inputs.length).toBeGreaterThan(2000);
    const first = inputs.map((input) => mergeClasses(input));
    const again = inputs.map((input) => mergeClasses(input));
    expect(again).toEqual(first);
    expect(first).toEqual(inputs.map((input) => twMerge(input)));
  });

  it('takes for a class exactly the words tailwind-merge takes for one', () => {
    const differences = words.filter(
      (word) => mergeClasses(`${word} ${word}`) !== twMerge(`${word} ${word}`),
    );
    expect(differences).toEqual([]);
  });

  it('answers as tailwind-merge for every ordered pair of classes in the sources', () => {
    const differences: string[] = [];
    for (const first of tokens) {
      for (const second of tokens) {
        const input = `${first} ${second}`;
        const expected = twMerge(input);
        if (mergeClasses(input) !== expected) differences.push(`${input} -> ${expected}`);
      }
    }
    expect(differences.slice(0, 60)).toEqual([]);
  });

  it('answers as tailwind-merge for the class strings of the sources and their combinations', () => {
    const next = random(13);
    const inputs = [...strings];
    for (let index = 0; index < 20_000; index++) {
      const count = 2 + next(3);
      inputs.push(Array.from({ length: count }, () => strings[next(strings.length)]).join(' '));
    }
    const differences = inputs
      .filter((input) => mergeClasses(input) !== twMerge(input))
      .map((input) => `${input} -> ${twMerge(input)}`);
    expect(differences.slice(0, 30)).toEqual([]);
  });
});
