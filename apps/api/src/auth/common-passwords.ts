import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common: choose another one.';

const FILE = path.join('data', 'common-passwords.txt');

/**
 * apps/api/data/common-passwords.txt, found from this module whether it runs
 * from src/ (tsx, tests) or from the bundle in dist/.
 */
function locate(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, FILE);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`${FILE} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

let list: Set<string> | undefined;

/** The 10,000 most common passwords (server only: never bundled for a browser). */
export function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(locate(), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return list;
}

/** Case-insensitive: 'Password1' is as guessable as 'password1'. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
