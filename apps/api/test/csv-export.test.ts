import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crlfRecords } from '../src/csv-export';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** `bytes` cut into chunks at `cuts`, through crlfRecords. */
async function convert(bytes: Buffer, cuts: number[] = []): Promise<Buffer> {
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks = [0, ...at].map((start, i) => bytes.subarray(start, at[i] ?? bytes.length));
  return buffer(Readable.from(chunks.filter((chunk) => chunk.length > 0)).pipe(crlfRecords()));
}

/** What PostgreSQL's COPY writes (LF after each record) and what sendCsv writes (CRLF). */
const csv = (records: string[][], delimiter: '\n' | '\r\n') =>
  Buffer.from(stringify(records, { record_delimiter: delimiter, quote_record_delimiter: true }));

describe('crlfRecords (PostgreSQL CSV to the export file)', () => {
  it('puts the BOM first and ends records with CRLF, leaving a line feed inside quotes alone', async () => {
    const records = [
      ['ID', 'Note'],
      ['1', 'line one\nline "two", with a comma'],
      ['2', ''],
    ];
    const out = await convert(csv(records, '\n'));
    expect(out.subarray(0, 3)).toEqual(BOM);
    expect(out.subarray(3).toString()).toBe(
      'ID,Note\r\n1,"line one\nline ""two"", with a comma"\r\n2,\r\n',
    );
  });

  it('sends the BOM even for an empty stream', async () => {
    expect(await convert(Buffer.alloc(0))).toEqual(BOM);
  });

  it('gives the bytes csv-stringify gives with CRLF, however the input is cut', async () => {
    const cellText = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', "'", '=', 'é', '🙂') }),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cellText, { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (records, cuts) => {
          const out = await convert(csv(records, '\n'), cuts);
          expect(out).toEqual(Buffer.concat([BOM, csv(records, '\r\n')]));
        },
      ),
      { numRuns: 500 },
    );
  });
});
