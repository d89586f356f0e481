import { Readable, Transform, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

type CsvValue = string | number | boolean | Date | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/**
 * Spreadsheets run a cell that starts with one of these as a formula (OWASP
 * "CSV injection"); a leading apostrophe makes the cell inert text.
 */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

function neutraliseFormula(value: string): string {
  return FORMULA_TRIGGER.test(value) ? `'${value}` : value;
}

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return neutraliseFormula(String(value));
}

async function* toRecords<T>(rows: AsyncIterable<T>, columns: CsvColumn<T>[]) {
  for await (const row of rows) yield columns.map((column) => cell(column.value(row)));
}

/**
 * Streams `rows` as an RFC 4180 attachment (CRLF, quotes where needed, UTF-8 with
 * a byte-order mark so spreadsheets read accents right). Rows are pulled as the
 * client reads, so memory stays bounded whatever the table size.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  {
    filename,
    columns,
    rows,
  }: { filename: string; columns: CsvColumn<T>[]; rows: AsyncIterable<T> },
): FastifyReply {
  const csv = stringify({
    header: true,
    columns: columns.map((column) => column.header),
    record_delimiter: 'windows',
    // A value holding a lone LF or CR is quoted too, as RFC 4180 and PostgreSQL do.
    // csv-stringify quotes only the record delimiter (CRLF) once one is set, so an
    // unquoted line break in a cell used to split its record in two.
    quote_record_delimiter: true,
    bom: true,
  });
  // On a database error mid-export the response is cut short rather than left hanging.
  pipeline(Readable.from(toRecords(rows, columns)), csv, (error) => {
    if (error) reply.log.error({ err: error }, 'CSV export failed');
  });
  return attachment(reply, filename).send(csv);
}

function attachment(reply: FastifyReply, filename: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`);
}

/**
 * Sends PostgreSQL's own CSV (the bytes of `COPY (…) TO STDOUT WITH (FORMAT csv,
 * HEADER)`, see copyForExport) as the same attachment as sendCsv: the query
 * formats the cells as `cell` does, this adds the byte-order mark and the CRLF
 * record delimiters. Nothing is parsed or re-encoded on the way, which is what
 * makes it several times faster than sendCsv.
 */
export function sendCopyCsv(
  reply: FastifyReply,
  { filename, copy }: { filename: string; copy: Readable },
): FastifyReply {
  const body = crlfRecords();
  pipeline(copy, body, (error) => {
    if (error) reply.log.error({ err: error }, 'CSV export failed');
  });
  return attachment(reply, filename).send(body);
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * PostgreSQL ends CSV records with LF; RFC 4180 (and sendCsv) with CRLF. A line
 * feed inside a quoted field is data and stays as it is, so the quotes are
 * followed across chunks: each `"` opens or closes a quoted field (an escaped
 * quote is two of them, which toggle twice). PostgreSQL quotes every value that
 * holds a CR or LF, so an LF outside quotes always ends a record. The text is
 * UTF-8, whose multi-byte sequences never contain these two bytes. The byte-order
 * mark comes first.
 */
export function crlfRecords(): Transform {
  let quoted = false;
  let bomSent = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const find = (byte: number, from: number) => {
        const at = chunk.indexOf(byte, from);
        return at === -1 ? Infinity : at;
      };
      // The record delimiters of this chunk, found by jumping from one quote or
      // line feed to the next (both looked up natively, not byte by byte).
      const lineFeeds: number[] = [];
      let at = 0;
      let nextQuote = -1;
      let nextLineFeed = -1;
      while (at < chunk.length) {
        if (quoted) {
          nextQuote = find(QUOTE, at);
          if (nextQuote === Infinity) break;
          quoted = false;
          at = nextQuote + 1;
          continue;
        }
        if (nextQuote < at) nextQuote = find(QUOTE, at);
        if (nextLineFeed < at) nextLineFeed = find(LF, at);
        if (nextLineFeed < nextQuote) {
          lineFeeds.push(nextLineFeed);
          at = nextLineFeed + 1;
        } else if (nextQuote !== Infinity) {
          quoted = true;
          at = nextQuote + 1;
        } else break;
      }
      const bom = bomSent ? 0 : BOM.length;
      bomSent = true;
      if (lineFeeds.length === 0 && bom === 0) {
        callback(null, chunk);
        return;
      }
      const out = Buffer.allocUnsafe(chunk.length + lineFeeds.length + bom);
      let written = BOM.copy(out, 0, 0, bom);
      let from = 0;
      for (const lineFeed of lineFeeds) {
        written += chunk.copy(out, written, from, lineFeed);
        out[written++] = CR;
        from = lineFeed;
      }
      chunk.copy(out, written, from);
      callback(null, out);
    },
    flush(callback) {
      callback(null, bomSent ? undefined : BOM);
    },
  });
}
