/**
 * pnpm openapi:check (the test of this package, so `pnpm test` runs it): the API's
 * contract as other people's tools see it (issue 33).
 *
 * 1. The committed documents (docs/openapi) are the ones the routes make now.
 * 2. No breaking change against them that docs/api-changelog.md does not record.
 * 3. Redocly's recommended rules: no error, no warning.
 * 4. A client generated from them by openapi-typescript typechecks a small program.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { unrecordedBreakingChanges } from './breaking';
import { clientProblems } from './client';
import { committedFile, DOCUMENT_NAMES, generateDocuments } from './documents';
import { lintProblems } from './lint';

const failures: string[] = [];
const fresh = generateDocuments();
try {
  const stale = DOCUMENT_NAMES.filter((name) => {
    const committed = readFileSync(committedFile(name), 'utf8');
    return readFileSync(path.join(fresh, `${name}.json`), 'utf8') !== committed;
  });
  if (stale.length > 0) {
    failures.push(
      `docs/openapi/${stale.join('.json, docs/openapi/')}.json differ from what the routes make now.\n` +
        'If the change is intended, run `pnpm openapi:write` and commit the documents (and, for a\n' +
        'breaking change, an entry in docs/api-changelog.md): the diff is the contract change to review.',
    );
  }
  // admin.json holds every operation public.json does: one comparison covers both.
  const breaking = unrecordedBreakingChanges(
    committedFile('admin'),
    path.join(fresh, 'admin.json'),
  );
  failures.push(...breaking);
} finally {
  rmSync(fresh, { recursive: true, force: true });
}

const lint = lintProblems(DOCUMENT_NAMES.map(committedFile));
if (lint) failures.push(`Redocly lint (redocly.yaml) found problems:\n${lint}`);

const client = clientProblems();
if (client)
  failures.push(`The client generated from the committed documents does not typecheck:\n${client}`);

const checks = 4;
if (failures.length > 0) {
  for (const failure of failures) console.error(`\n✗ ${failure}`);
  console.error(`\nOpenAPI checks: ${failures.length} problem(s)`);
  process.exit(1);
}
console.log(`OpenAPI checks: ${checks} passed, 0 failed`);
