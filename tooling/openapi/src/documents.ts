import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The committed documents: the last reviewed contract (issue 33). */
export const COMMITTED_DIR = path.join(ROOT, 'docs/openapi');
export const DOCUMENT_NAMES = ['public', 'admin'] as const;
export type DocumentName = (typeof DOCUMENT_NAMES)[number];

export const CHANGELOG = path.join(ROOT, 'docs/api-changelog.md');

export const committedFile = (name: DocumentName) => path.join(COMMITTED_DIR, `${name}.json`);

/** Generates both documents from the API's routes into a fresh scratch folder, and names it. */
export function generateDocuments(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'wordloom-openapi-'));
  execFileSync('pnpm', ['--silent', '--filter', '@repo/api', 'run', 'openapi:generate', folder], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return folder;
}

export interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, { operationId?: string }>>;
}

export function readDocument(file: string): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

/** `METHOD /path` → operationId, for every operation of a document. */
export function operationIds(document: OpenApiDocument): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [route, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId) ids.set(`${method.toUpperCase()} ${route}`, operation.operationId);
    }
  }
  return ids;
}
