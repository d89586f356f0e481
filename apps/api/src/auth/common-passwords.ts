import { readFileSync } from 'node:fs';
import { commonPasswordsFile } from '../runtime-files';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common: choose another one.';

let list: Set<string> | undefined;

/** The 10,000 most common passwords (server only: never bundled for a browser). */
export function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(commonPasswordsFile(), 'utf8')
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
