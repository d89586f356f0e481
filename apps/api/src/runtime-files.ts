import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPostsDirectory } from '@repo/db';
import { processEnvironment } from './config';

/**
 * The files the API reads at run time besides its node_modules, each at a location of
 * its own (no search up the directory tree), which the images copy on purpose
 * (apps/api/Dockerfile):
 *
 * - the common-passwords list: COMMON_PASSWORDS_FILE, by default data/common-passwords.txt
 *   of the API's folder. This module is src/runtime-files.ts, or part of one of the
 *   bundle's files, which tsup writes flat into dist/: either way the API's folder is
 *   the parent of this module's folder.
 * - the blog posts loaded at every start: BLOG_POSTS_DIR, by default the content/posts
 *   folder of @repo/db in a checkout. The image copies them to /app/data/posts and sets
 *   BLOG_POSTS_DIR to it.
 */
const apiFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function setting(name: string): string | undefined {
  const value = processEnvironment()[name]?.trim();
  return value ? value : undefined;
}

export function commonPasswordsFile(): string {
  return setting('COMMON_PASSWORDS_FILE') ?? path.join(apiFolder, 'data', 'common-passwords.txt');
}

export function blogPostsDirectory(): string {
  return setting('BLOG_POSTS_DIR') ?? defaultPostsDirectory();
}
