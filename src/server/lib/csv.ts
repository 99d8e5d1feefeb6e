import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * CSV downloads for admins (DESIGN §8): RFC 4180 through csv-stringify,
 * streamed a page of rows at a time, so an export of millions holds one page
 * in memory. A text cell a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) gets a leading apostrophe; numbers stay
 * numbers, which a spreadsheet never runs.
 */

export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
export const safeCell = (value: Cell) =>
  typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;

/**
 * Sends `rows` as a CSV attachment named `filename`, one line per row, with
 * `columns` as the header. The first row is read before anything is sent, so a
 * query that cannot run answers with its error (a 400 for a value the database
 * refuses), not a 200 cut short.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: Record<string, (row: T) => Cell>,
  rows: AsyncIterable<T>,
) {
  const cells = Object.values(columns);
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const lines = Readable.from(
    (async function* () {
      for (let next = first; !next.done; next = await iterator.next())
        yield cells.map((cell) => safeCell(cell(next.value)));
    })(),
  );
  const csv = lines.pipe(
    stringify({
      // UTF-8's byte-order mark first: without it a spreadsheet reads the file as its own code page, and "£" as "Â£".
      bom: true,
      header: true,
      columns: Object.keys(columns),
      record_delimiter: '\r\n',
      // A lone line break in a cell is quoted too (RFC 4180), not only the record delimiter: unquoted,
      // a parser ends the record there.
      quoted_match: /[\r\n]/,
    }),
  );
  // A failure part-way (the database going away) ends the download short rather than hanging it.
  lines.on('error', (err) => csv.destroy(err));
  // The reply goes back to the route, whose handler returns it: Fastify then sends the stream.
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
