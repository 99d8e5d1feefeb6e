/**
 * A prize's frozen snapshot (DESIGN §4), kept one row per participant so that a
 * draw of a million neither builds nor reads it as one value: it is filled in
 * one statement and read back in pages, by pseudonym in byte order, which for
 * the ASCII pseudonyms is the order of JavaScript's `<` the hash is defined by.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { drawParticipants, prizeEntries, users } from '../../db/schema';
import { maskUsernameSql } from '../../lib/mask';
import { notSuspendedSql } from '../auth/sign-in-rules';
import { pickWinnersFrom } from './pick-winners';

/** The database's memory for sorting a snapshot: half a million participants' rows, and their lines to hash. */
const SNAPSHOT_SORT_MEMORY = '128MB';

/** Rows per page: few round trips, yet only a few megabytes held at once. */
export const SNAPSHOT_PAGE_SIZE = 20_000;

const pidInByteOrder = sql`${drawParticipants.pid} collate "C"`;

/**
 * Who holds how many entries of the prize now, names masked by the database. A
 * member suspended when entries close is not a participant, nor is a member of
 * staff (made staff after entering): staff never play (DESIGN §12).
 */
export const participantsNow = (tx: Executor, prizeId: string, now: Date) =>
  tx
    .select({
      prizeId: prizeEntries.prizeId,
      pid: prizeEntries.pid,
      username: maskUsernameSql(users.username).as('username'),
      entries: prizeEntries.entries,
    })
    .from(prizeEntries)
    .innerJoin(users, eq(users.id, prizeEntries.userId))
    .where(and(eq(prizeEntries.prizeId, prizeId), notSuspendedSql(now), isNull(users.staffRole)));

/** Copies the participants into the prize's snapshot, without the rows passing through JavaScript. */
export async function fillSnapshot(tx: Executor, prizeId: string, now: Date) {
  // Rows of a snapshot the prize was never marked frozen with are not its snapshot: they are replaced.
  await tx.delete(drawParticipants).where(eq(drawParticipants.prizeId, prizeId));
  // The rows are sorted to be written in key order, and a big prize's sort fits here rather than on disk.
  await tx.execute(sql`set local work_mem = '${sql.raw(SNAPSHOT_SORT_MEMORY)}'`);
  await tx.insert(drawParticipants).select(
    participantsNow(tx, prizeId, now)
      // Written in the order it is read, so each page is a few neighbouring blocks, not one block a row.
      .orderBy(sql`${prizeEntries.pid} collate "C"`),
  );
}

/**
 * Fresh statistics for the snapshots once a new one is written: without them PostgreSQL takes a
 * big new snapshot for a few rows, and reads and sorts all that is left of it for every page. Run
 * outside the freeze's transaction, so its lock lasts the sampling, not the draw.
 */
export async function analyzeSnapshots(db: Executor) {
  await db.execute(sql`analyze ${drawParticipants}`);
}

/** Rows of the prize's snapshot that come after `after` in pid order. */
const after = (prizeId: string, pid: string | undefined) =>
  and(eq(drawParticipants.prizeId, prizeId), pid === undefined ? undefined : gt(pidInByteOrder, pid));

/**
 * Reads a prize's snapshot a page at a time in pid order (keyset, so each page
 * costs the same), asking for the next page before handing this one over: the
 * database finds it while the caller works through this one.
 */
async function* inPages<T>(
  page: (after: string | undefined) => Promise<{ items: T; count: number; last: string | null }>,
  pageSize: number,
) {
  let next = page(undefined);
  for (;;) {
    const { items, count, last } = await next;
    const more = count === pageSize && last !== null;
    if (more) {
      next = page(last);
      // Awaited on the next turn; should the caller stop first, its failure must not go unhandled.
      next.catch(() => {});
    }
    yield items;
    if (!more) return;
  }
}

/**
 * The snapshot's own lines, `<pid>:<entries>\n`, a page of them as one text
 * written by the database: a million rows then cost the server a few dozen
 * strings to read rather than a million row objects.
 */
const snapshotLines = (db: Executor, prizeId: string, pageSize: number) =>
  inPages(async (pid) => {
    const page = db
      .select({ pid: drawParticipants.pid, entries: drawParticipants.entries })
      .from(drawParticipants)
      .where(after(prizeId, pid))
      .orderBy(asc(pidInByteOrder))
      .limit(pageSize)
      .as('page');
    const [row] = await db
      .select({
        lines: sql<string | null>`string_agg(${page.pid} || ':' || ${page.entries} || chr(10), ''
          order by ${page.pid} collate "C")`,
        count: sql<number>`count(*)`.mapWith(Number),
        last: sql<string | null>`max(${page.pid} collate "C")`,
      })
      .from(page);
    return { items: row!.lines ?? '', count: row!.count, last: row!.last };
  }, pageSize);

/** The participants in some snapshot lines. */
function participantsIn(lines: string) {
  const participants = [];
  for (let start = 0; start < lines.length; ) {
    const end = lines.indexOf('\n', start);
    const colon = lines.lastIndexOf(':', end);
    participants.push({ _id: lines.slice(start, colon), entries: Number(lines.slice(colon + 1, end)) });
    start = end + 1;
  }
  return participants;
}

/**
 * The snapshot hash, as the shared snapshotHash computes it: SHA-256 of the
 * snapshot's lines in pid order, made by the database in one statement, so
 * the lines never pass through the server nor are read back a page at a time.
 */
export async function hashSnapshot(db: Executor, prizeId: string) {
  const [row] = await db
    .select({
      hash: sql<string>`encode(sha256(convert_to(coalesce(string_agg(
          ${drawParticipants.pid} || ':' || ${drawParticipants.entries} || chr(10), '' order by ${pidInByteOrder}), ''),
        'UTF8')), 'hex')`,
    })
    .from(drawParticipants)
    .where(eq(drawParticipants.prizeId, prizeId));
  return row!.hash;
}

/** Whether anyone is in the snapshot. */
export async function hasParticipants(db: Executor, prizeId: string) {
  const [row] = await db
    .select({ pid: drawParticipants.pid })
    .from(drawParticipants)
    .where(eq(drawParticipants.prizeId, prizeId))
    // Along the key: without an order PostgreSQL may scan the whole table for a prize's first row.
    .orderBy(asc(pidInByteOrder))
    .limit(1);
  return row !== undefined;
}

async function* map<T, U>(items: AsyncIterable<T>, fn: (item: T) => U) {
  for await (const item of items) yield fn(item);
}

/** The winners' pids, first drawn first, drawn from the snapshot as it streams past. */
export function drawFromSnapshot(
  db: Executor,
  prizeId: string,
  {
    key,
    snapshotHash,
    count,
    pageSize = SNAPSHOT_PAGE_SIZE,
  }: {
    key: string;
    snapshotHash: string;
    count: number;
    pageSize?: number;
  },
) {
  const pages = snapshotLines(db, prizeId, pageSize);
  return pickWinnersFrom(key, snapshotHash, map(pages, participantsIn), count);
}

/**
 * A prize's frozen participants, in pid order, as the proof lists them: yielded a page at a time, so
 * a proof of a million is sent as it is read and never held whole.
 */
export async function* snapshotParticipants(db: Executor, prizeId: string, size = SNAPSHOT_PAGE_SIZE) {
  const pages = inPages(async (pid) => {
    const rows = await db
      .select({
        _id: drawParticipants.pid,
        username: drawParticipants.username,
        entries: drawParticipants.entries,
      })
      .from(drawParticipants)
      .where(after(prizeId, pid))
      .orderBy(asc(pidInByteOrder))
      .limit(size);
    return { items: rows, count: rows.length, last: rows.at(-1)?._id ?? null };
  }, size);
  for await (const page of pages) yield* page;
}
