/**
 * Writes the API's two OpenAPI documents (issue 33) into a folder, as the API serves
 * them: `public.json` and `admin.json`. Builds the app without starting it and
 * without a database (building it runs no query; the pool never connects).
 *
 *   tsx scripts/openapi.ts <folder>
 *
 * `pnpm openapi:write` (tooling/openapi) writes them into docs/openapi after its
 * breaking-change check; `pnpm openapi:check` compares a fresh copy with those.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase } from '@repo/db';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { apiDocuments, serialiseDocument } from '../src/openapi/documents';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: tsx scripts/openapi.ts <folder>');
  process.exit(2);
}

// Fixed settings: the documents must not depend on the machine's environment.
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'openapi-document-session-secret-0000000000',
  UNSUBSCRIBE_SECRET: 'openapi-document-unsubscribe-secret-000000',
  POST_PREVIEW_SECRET: 'openapi-document-post-preview-secret-00000',
  ADMIN_SETUP_TOKEN: 'openapi-document-setup-token',
});
const database = await createDatabase({ kind: 'postgres', url: 'postgres://127.0.0.1:1/none' });
const app = await buildApp({ config, db: database.db });
try {
  await app.ready();
  const documents = apiDocuments(app.swagger());
  mkdirSync(folder, { recursive: true });
  for (const [name, document] of Object.entries(documents)) {
    writeFileSync(path.join(folder, `${name}.json`), serialiseDocument(document));
  }
} finally {
  await app.close();
  await database.close();
}
