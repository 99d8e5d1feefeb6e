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

/** Rows page after page: `fetch` is given the last row of the page before (none for the first). */
export async function* pages<T>(fetch: (last: T | undefined) => Promise<T[]>, pageSize: number) {
  let last: T | undefined;
  for (;;) {
    const rows = await fetch(last);
    for (const row of rows) yield row;
    if (rows.length < pageSize) return;
    last = rows.at(-1);
  }
}

/** Sends `rows` as a CSV attachment named `filename`, one line per row, with `columns` as the header. */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: Record<string, (row: T) => Cell>,
  rows: AsyncIterable<T>,
) {
  const cells = Object.values(columns);
  const lines = Readable.from(
    (async function* () {
      for await (const row of rows) yield cells.map((cell) => safeCell(cell(row)));
    })(),
  );
  const csv = lines.pipe(
    stringify({ header: true, columns: Object.keys(columns), record_delimiter: '\r\n' }),
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
