/**
 * pnpm openapi:write: makes the documents from the routes and commits them to
 * docs/openapi, unless they break the committed contract without an entry in
 * docs/api-changelog.md (see breaking.ts). Run it after changing a route, and after
 * merging branches that did.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { unrecordedBreakingChanges } from './breaking';
import { COMMITTED_DIR, committedFile, DOCUMENT_NAMES, generateDocuments } from './documents';

const fresh = generateDocuments();
try {
  const problems = existsSync(committedFile('admin'))
    ? unrecordedBreakingChanges(committedFile('admin'), path.join(fresh, 'admin.json'))
    : [];
  if (problems.length > 0) {
    for (const problem of problems) console.error(`\n✗ ${problem}`);
    console.error('\nNothing written: record the breaking change first (docs/api-changelog.md).');
    process.exitCode = 1;
  } else {
    mkdirSync(COMMITTED_DIR, { recursive: true });
    for (const name of DOCUMENT_NAMES) {
      copyFileSync(path.join(fresh, `${name}.json`), committedFile(name));
      console.log(`wrote docs/openapi/${name}.json`);
    }
  }
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
