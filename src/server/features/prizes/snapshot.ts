/**
 * A prize's frozen snapshot (DESIGN §4), kept one row per participant so that a
 * draw of a million neither builds nor reads it as one value: it is filled in
 * one statement and read back in pages, by pseudonym in byte order, which for
 * the ASCII pseudonyms is the order of JavaScript's `<` the hash is defined by.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { drawParticipants, prizeEntries, users } from '../../db/schema';
import { maskUsernameSql } from '../../lib/mask';
import { pickWinnersFrom } from './pick-winners';

/** Rows per page: few round trips, yet only a few megabytes held at once. */
export const SNAPSHOT_PAGE_SIZE = 20_000;

const pidInByteOrder = sql`${drawParticipants.pid} collate "C"`;

/**
 * Copies who holds how many entries now into the prize's snapshot, names masked
 * by the database, without the rows passing through JavaScript.
 */
export async function fillSnapshot(tx: Executor, prizeId: string) {
  // Rows of a snapshot the prize was never marked frozen with are not its snapshot: they are replaced.
  await tx.delete(drawParticipants).where(eq(drawParticipants.prizeId, prizeId));
  await tx.insert(drawParticipants).select(
    tx
      .select({
        prizeId: prizeEntries.prizeId,
        pid: prizeEntries.pid,
        username: maskUsernameSql(users.username).as('username'),
        entries: prizeEntries.entries,
      })
      .from(prizeEntries)
      .innerJoin(users, eq(users.id, prizeEntries.userId))
      .where(eq(prizeEntries.prizeId, prizeId)),
  );
}

/** Rows of the prize's snapshot that come after `after` in pid order. */
const after = (prizeId: string, pid: string | undefined) =>
  and(eq(drawParticipants.prizeId, prizeId), pid === undefined ? undefined : gt(pidInByteOrder, pid));

/**
 * A prize's snapshot rows in pid order, a page at a time (keyset, so each page
 * costs the same). The next page is asked for before this one is handed over:
 * the database finds it while the caller works through this one.
 */
async function* inPages<T extends { _id: string }>(
  page: (after: string | undefined) => Promise<T[]>,
  pageSize: number,
) {
  let next = page(undefined);
  for (;;) {
    const rows = await next;
    const last = rows.length === pageSize ? rows.at(-1)!._id : undefined;
    if (last !== undefined) {
      next = page(last);
      // Awaited on the next turn; should the caller stop first, its failure must not go unhandled.
      next.catch(() => {});
    }
    yield rows;
    if (last === undefined) return;
  }
}

const pidsAndEntries = (db: Executor, prizeId: string, pageSize: number) =>
  inPages(
    (pid) =>
      db
        .select({ _id: drawParticipants.pid, entries: drawParticipants.entries })
        .from(drawParticipants)
        .where(after(prizeId, pid))
        .orderBy(asc(pidInByteOrder))
        .limit(pageSize)
        .execute(),
    pageSize,
  );

const pageSizeOr = (pageSize?: number) => pageSize ?? SNAPSHOT_PAGE_SIZE;

/** The snapshot hash, as the shared snapshotHash computes it, over the rows as they are read. */
export async function hashSnapshot(db: Executor, prizeId: string, pageSize?: number) {
  const hash = createHash('sha256');
  for await (const rows of pidsAndEntries(db, prizeId, pageSizeOr(pageSize))) {
    let lines = '';
    for (const p of rows) lines += `${p._id}:${p.entries}\n`;
    hash.update(lines);
  }
  return hash.digest('hex');
}

/** Whether anyone is in the snapshot. */
export async function hasParticipants(db: Executor, prizeId: string) {
  const [row] = await db
    .select({ pid: drawParticipants.pid })
    .from(drawParticipants)
    .where(eq(drawParticipants.prizeId, prizeId))
    .limit(1);
  return row !== undefined;
}

/** The winners' pids, first drawn first, drawn from the snapshot as it streams past. */
export function drawFromSnapshot(
  db: Executor,
  prizeId: string,
  draw: { key: string; snapshotHash: string; count: number; pageSize?: number },
) {
  return pickWinnersFrom(
    draw.key,
    draw.snapshotHash,
    pidsAndEntries(db, prizeId, pageSizeOr(draw.pageSize)),
    draw.count,
  );
}

/** Everyone in the snapshot, in pid order, for the published proof. */
export async function snapshotParticipants(db: Executor, prizeId: string, pageSize?: number) {
  const size = pageSizeOr(pageSize);
  const pages = inPages(
    (pid) =>
      db
        .select({
          _id: drawParticipants.pid,
          username: drawParticipants.username,
          entries: drawParticipants.entries,
        })
        .from(drawParticipants)
        .where(after(prizeId, pid))
        .orderBy(asc(pidInByteOrder))
        .limit(size)
        .execute(),
    size,
  );
  const all = [];
  for await (const page of pages) for (const p of page) all.push(p);
  return all;
}
