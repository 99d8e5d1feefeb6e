import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterKey, exactTime, pages } from '../../lib/cursor';

/** Rows read at a time from a member's longer tables. */
export const EXPORT_PAGE = 2_000;

/**
 * A member's rows of one table, page after page in the order of `order` (the columns of an index
 * that starts with the member, the last one unique), each written without the sort key it was
 * read with: the ledger of a member with years of history is read as a member's page is.
 */
export function paged<Row extends Record<string, unknown>>(
  order: PgColumn[],
  read: (
    keyed: { key: SQL<string> },
    afterLast: (cols: PgColumn[]) => SQL | undefined,
    take: number,
  ) => Promise<(Row & { key: string })[]>,
) {
  // The key as text in a JSON array: the time to the microsecond, and the rest as they are.
  const key = sql<string>`json_build_array(${sql.join(
    order.map((c) => (c.columnType === 'PgTimestamp' ? exactTime(c) : sql`${c}`)),
    sql`, `,
  )})::text`;
  return (async function* () {
    const rows = pages<Row & { key: string }>(
      (last) => read({ key }, (cols) => afterKey(cols, last && JSON.parse(last.key), 'asc'), EXPORT_PAGE),
      EXPORT_PAGE,
    );
    for await (const { key: _key, ...row } of rows) yield row;
  })();
}
