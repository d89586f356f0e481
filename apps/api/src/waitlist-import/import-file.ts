import type { DB } from '@repo/db';
import { IMPORT_MAX_BYTES, WAITLIST_IMPORT_MESSAGES } from '@repo/validation';
import { parse } from 'csv-parse';
import { sql } from 'kysely';
import { Readable } from 'node:stream';
import { AppError, badRequest } from '../errors';

/*
 * Issue 34: an uploaded CSV file is kept in the database in chunks of about a
 * megabyte, never whole in memory: any API instance can read it again (a dry run,
 * the import, an import another instance resumes) as a stream. Chosen over a
 * temporary file, which only the instance that received it could read.
 */

const CHUNK_BYTES = 1024 * 1024;

/**
 * Where a chunk ends: after its last line break (else at a character's start),
 * so that each chunk is whole UTF-8 text an erasure can search in SQL.
 */
function chunkEnd(bytes: Buffer): number {
  const newline = bytes.lastIndexOf(0x0a);
  if (newline >= 0) return newline + 1;
  let cut = bytes.length;
  // A continuation byte (10xxxxxx) is inside a character: cut before its first byte.
  while (cut > 0 && ((bytes[cut - 1] ?? 0) & 0xc0) === 0x80) cut -= 1;
  return cut > 1 && ((bytes[cut - 1] ?? 0) & 0xc0) === 0xc0 ? cut - 1 : cut;
}

/** Refuses bytes that are not UTF-8 text (a spreadsheet's binary format, an image). */
class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  push(bytes: Buffer, last = false): void {
    try {
      const text = this.decoder.decode(bytes, { stream: !last });
      if (text.includes('\u0000')) throw new Error('NUL');
    } catch {
      throw badRequest(WAITLIST_IMPORT_MESSAGES.notCsv, 'not_csv');
    }
  }
}

/**
 * Writes the request's body to the run's chunks as it arrives. A body past
 * IMPORT_MAX_BYTES is refused with 413 as soon as it crosses the limit (what was
 * stored is deleted with the run by the caller). Returns the byte count.
 */
export async function storeUpload(
  db: DB,
  runId: string,
  body: AsyncIterable<Buffer | string>,
): Promise<number> {
  const check = new TextCheck();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let ordinal = 0;
  const flush = async (last = false) => {
    if (pendingBytes === 0) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    const cut = last ? bytes.length : chunkEnd(bytes);
    const data = bytes.subarray(0, cut);
    pending = cut < bytes.length ? [bytes.subarray(cut)] : [];
    pendingBytes = bytes.length - cut;
    await db.insertInto('waitlistImportChunks').values({ runId, ordinal, data }).execute();
    ordinal += 1;
  };
  for await (const piece of body) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    total += bytes.length;
    if (total > IMPORT_MAX_BYTES)
      throw new AppError(413, WAITLIST_IMPORT_MESSAGES.tooLarge, 'payload_too_large');
    check.push(bytes);
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  check.push(Buffer.alloc(0), true);
  await flush(true);
  return total;
}

/** The stored file, chunk after chunk (one chunk in memory at a time). */
async function* storedChunks(db: DB, runId: string): AsyncGenerator<Buffer> {
  for (let ordinal = 0; ; ordinal += 1) {
    const chunk = await db
      .selectFrom('waitlistImportChunks')
      .select('data')
      .where('runId', '=', runId)
      .where('ordinal', '=', ordinal)
      .executeTakeFirst();
    if (!chunk) return;
    yield chunk.data;
  }
}

/**
 * The file's records (the header first), parsed as they are read. A record may
 * have fewer or more cells than the header (spreadsheets drop trailing empty
 * cells); a file that is not CSV (an unclosed quote…) throws a 400 naming its line.
 */
export async function* importRecords(db: DB, runId: string): AsyncGenerator<string[]> {
  const parser = Readable.from(storedChunks(db, runId)).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true }),
  );
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    if (error instanceof AppError) throw error;
    const line = (error as { lines?: number }).lines;
    throw badRequest(
      `${WAITLIST_IMPORT_MESSAGES.notCsv}${line ? ` (line ${line})` : ''}`,
      'not_csv',
    );
  } finally {
    parser.destroy();
  }
}

/**
 * Right to erasure (issue 8): uploads not yet imported whose file names the
 * address (any case) are deleted with their file, in the caller's transaction.
 * An import already running keeps its file until it finishes (minutes); its
 * entry for the address, if any, is then an ordinary entry to erase.
 */
export async function deleteUploadsNaming(db: DB, email: string): Promise<void> {
  await db
    .deleteFrom('waitlistImportRuns')
    .where('state', 'in', ['uploading', 'uploaded'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('waitlistImportChunks as c')
          .select('c.ordinal')
          .whereRef('c.runId', '=', 'waitlistImportRuns.id')
          .where(sql<boolean>`strpos(lower(convert_from(c.data, 'UTF8')), lower(${email})) > 0`),
      ),
    )
    .execute();
}

/** Deletes the stored file (the import is done with it, or the upload is abandoned). */
export async function deleteStoredFile(db: DB, runId: string): Promise<void> {
  await db.deleteFrom('waitlistImportChunks').where('runId', '=', runId).execute();
}
