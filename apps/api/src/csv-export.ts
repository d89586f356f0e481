import { Readable, pipeline } from 'node:stream';
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
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
