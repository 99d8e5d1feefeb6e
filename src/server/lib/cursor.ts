import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '../../contract/operator-rules';
import { badRequest } from './app-error';

/**
 * Keyset pages for the admin lists (DESIGN §8, "no silent caps"): a page ends
 * at the last row's sort key, and the next starts after it, so a page costs
 * the same on the millionth row as on the first. The cursor is that key as
 * base64url JSON: opaque to the client, and checked against its shape here.
 */

export const encodeCursor = (key: ReadonlyArray<string | number>) =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

export const badCursor = () => badRequest('That page link is not valid', 'bad_cursor');

/** The key a cursor holds, checked against `shape`; a cursor this server did not make is a 400. */
export function decodeCursor<T>(cursor: string | undefined, shape: z.ZodType<T>): T | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const key = shape.safeParse(parsed);
  if (!key.success) throw badCursor();
  return key.data;
}

/** The shapes of the keys the lists sort by. */
export const cursorKeys = {
  timeAndId: z.tuple([z.iso.datetime(), z.uuid()]),
  /** A time and a bigserial id, which JSON carries as a string. */
  timeAndSerial: z.tuple([z.iso.datetime(), z.string().regex(/^[0-9]{1,18}$/)]),
  numberAndId: z.tuple([z.number().int(), z.uuid()]),
  /** A time, a place (a winner's position) and an id: the winners page. */
  timePlaceAndId: z.tuple([z.iso.datetime(), z.number().int().positive(), z.uuid()]),
  id: z.tuple([z.number().int().positive()]),
  /** A position set by hand, a time, and an id: the admin's task list. */
  orderTimeAndId: z.tuple([z.number().int(), z.iso.datetime(), z.uuid()]),
};

/**
 * A timestamp to the microsecond, as text, for a cursor: a Date keeps only
 * milliseconds, and a page would then skip rows stamped within the same one.
 */
export const exactTime = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows after `key` in the order of `columns`, descending (newest first) unless
 * `asc`: a row comparison, which an index on those columns serves.
 */
export const afterKey = (
  columns: PgColumn[],
  key: ReadonlyArray<unknown> | undefined,
  order: 'asc' | 'desc' = 'desc',
): SQL | undefined =>
  key
    ? sql`(${sql.join(columns, sql`, `)}) ${sql.raw(order === 'asc' ? '>' : '<')} (${sql.join(
        key.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : undefined;

/** Rows to fetch for a page: one more than it shows, which only says another page follows. */
export const PAGE_TAKE = ADMIN_PAGE_SIZE + 1;

/** An admin list's page as asked (contract/common.ts pageQuery). */
export interface PageAsked {
  cursor?: string;
  limit: number;
}

/**
 * One page of `limit` rows from rows fetched with a limit of one more (PAGE_TAKE
 * for the default): the extra row only says there is another page, whose
 * cursor is the last row's key.
 */
export function page<Row, Item>(
  rows: Row[],
  present: (row: Row) => Item,
  keyOf: (row: Row) => ReadonlyArray<string | number>,
  limit = ADMIN_PAGE_SIZE,
) {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  return { items: kept.map(present), nextCursor: more ? encodeCursor(keyOf(kept.at(-1)!)) : null };
}

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
