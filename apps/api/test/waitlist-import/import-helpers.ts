import type {
  WaitlistImportDryRun,
  WaitlistImportMapping,
  WaitlistImportRun,
  WaitlistImportUpload,
} from '@repo/validation';
import { expect } from 'vitest';
import type { AdminSession } from '../helpers/admin';
import type { TestContext } from '../helpers/test-app';

/** A CSV file (CRLF, quoted where needed) from a header and rows. */
export function csvOf(rows: string[][]): string {
  const cell = (value: string) =>
    /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function upload(
  ctx: TestContext,
  admin: AdminSession,
  body: string | Buffer,
  contentType = 'text/csv',
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/waitlist/imports?fileName=people.csv',
    headers: { ...admin.headers, 'content-type': contentType },
    payload: body,
  });
}

export function dryRun(
  ctx: TestContext,
  admin: AdminSession,
  id: string,
  mapping: WaitlistImportMapping,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/waitlist/imports/${id}/dry-run`,
    headers: admin.headers,
    payload: { mapping },
  });
}

export async function readImport(
  ctx: TestContext,
  admin: AdminSession,
  id: string,
): Promise<WaitlistImportRun> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/waitlist/imports/${id}/status`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WaitlistImportRun>();
}

/** Upload, dry run with the guessed mapping (or `mapping`), start, and wait for the end. */
export async function importFile(
  ctx: TestContext,
  admin: AdminSession,
  csv: string,
  { confirmAll = true, mapping }: { confirmAll?: boolean; mapping?: WaitlistImportMapping } = {},
): Promise<{ run: WaitlistImportRun; dry: WaitlistImportDryRun }> {
  const uploaded = await upload(ctx, admin, csv);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const file = uploaded.json<WaitlistImportUpload>();
  const dry = await dryRun(ctx, admin, file.id, mapping ?? file.suggestedMapping);
  expect(dry.statusCode, dry.body).toBe(200);
  const started = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/waitlist/imports/${file.id}/start`,
    headers: admin.headers,
    payload: { confirmAll },
  });
  expect(started.statusCode, started.body).toBe(202);
  await ctx.app.waitlistImports.settled();
  const run = await readImport(ctx, admin, file.id);
  expect(run.state).toBe('finished');
  return { run, dry: dry.json<WaitlistImportDryRun>() };
}
