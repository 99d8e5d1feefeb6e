import canonicalize from 'canonicalize';
import { type AnyColumn, and, asc, desc, eq, gte, isNull, lt, max, ne, sql } from 'drizzle-orm';
import { type LogLeaf, type LogLeafKind, logLeaf } from '../../../contract/transparency';
import { emptyRoot, type Hash, leafHash } from '../../../shared/merkle';
import type { Db, Executor } from '../../db/client';
import { logCheckpoints, logLeaves, logNodes } from '../../db/schema';
import { lockNames } from '../../lib/named-locks';
import {
  consistencyRanges,
  grow,
  inclusionRanges,
  keyOf,
  type NodeKey,
  nodesFor,
  piecesOf,
  type Range,
  rangeHash,
} from './tree';

/**
 * The public log in the database (DESIGN §18). A leaf is appended in the
 * transaction of the event it records, so it exists exactly when the event
 * does; `place` then gives every committed leaf still waiting its position in
 * the tree, in append order, under one lock, and writes the nodes they
 * complete. Positions so have no gaps, whatever rolled back, and members
 * entering at once never queue on the log inside their own transactions.
 */

/** How many waiting leaves one `place` puts in the tree; more wait for the next. */
const PLACE_BATCH = 5_000;
const LOG_LOCK = 'public-log';

/** The exact bytes of a leaf: its canonical JSON (RFC 8785). */
export const leafBytes = (leaf: LogLeaf) => new TextEncoder().encode(canonicalize(leaf)!);

/** Appends a leaf in the caller's transaction; its id, for its position once placed. */
export async function appendLeaf(tx: Executor, leaf: LogLeaf) {
  const data = leafBytes(leaf);
  const receipt = leaf.type === 'entry' ? { prizeId: leaf.prize, pid: leaf.pid } : {};
  const [row] = await tx
    .insert(logLeaves)
    .values({ kind: leaf.type, data, hash: leafHash(data), ...receipt })
    .returning({ id: logLeaves.id });
  return row!.id;
}

/** How many leaves the tree holds: the next position. */
export async function sizeOf(db: Executor) {
  const [row] = await db.select({ last: max(logLeaves.position) }).from(logLeaves);
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

async function readNodes(db: Executor, keys: NodeKey[]) {
  const nodes = new Map<string, Hash>();
  if (keys.length === 0) return nodes;
  const rows = await db
    .select()
    .from(logNodes)
    .where(
      sql`(${logNodes.level}, ${logNodes.index}) in (${sql.join(
        keys.map((k) => sql`(${k.level}, ${k.index})`),
        sql`, `,
      )})`,
    );
  for (const row of rows) nodes.set(keyOf(row), row.hash);
  return nodes;
}

/** The tree as a placing left it: its size and the hashes of its pieces, which the next placing builds on. */
export interface PlacedTree {
  size: number;
  peaks: Map<string, Hash>;
}

const pgArray = (values: Array<string | number>) => `{${values.join(',')}}`;

/**
 * Places committed leaves still waiting, oldest first: answers the position each was given, and the
 * tree as it now stands. Anyone may call it: callers queue on the log's lock, and one finding nothing
 * waiting writes nothing. `known`, the tree a placing by this process left, spares reading its pieces
 * again while no other placing came between.
 */
export async function place(db: Db, known?: PlacedTree) {
  return db.transaction(async (tx) => {
    await lockNames(tx, LOG_LOCK);
    // What waits and the tree's size in one statement, so both are read as of the same moment.
    const waiting = await tx
      .select({
        id: logLeaves.id,
        hash: logLeaves.hash,
        size: sql<number>`(select coalesce(max(${logLeaves.position}) + 1, 0) from ${logLeaves})`.mapWith(
          Number,
        ),
      })
      .from(logLeaves)
      .where(isNull(logLeaves.position))
      .orderBy(asc(logLeaves.id))
      .limit(PLACE_BATCH);
    if (waiting.length === 0) return { placed: new Map<number, number>(), tree: known };
    const size = waiting[0]!.size;
    const peaks = known?.size === size ? known.peaks : await readNodes(tx, nodesFor([[0, size]]));
    const made = grow(
      size,
      peaks,
      waiting.map((leaf) => leaf.hash),
    );
    const placed = new Map(waiting.map((leaf, i) => [leaf.id, size + i]));
    // The nodes and the leaves' positions in one statement.
    await tx.execute(sql`
      with nodes as (
        insert into ${logNodes} (level, index, hash)
        select level, index, decode(hash, 'hex')
        from unnest(${pgArray(made.map((n) => n.level))}::smallint[], ${pgArray(made.map((n) => n.index))}::bigint[],
          ${pgArray(made.map((n) => Buffer.from(n.hash).toString('hex')))}::text[]) as made(level, index, hash))
      update ${logLeaves} set position = ${size - 1} + placed.n
      from unnest(${pgArray(waiting.map((leaf) => leaf.id))}::bigint[]) with ordinality as placed(id, n)
      where ${logLeaves.id} = placed.id`);
    const all = new Map([...peaks, ...made.map((n) => [keyOf(n), n.hash] as const)]);
    const newSize = size + waiting.length;
    const tree = {
      size: newSize,
      peaks: new Map(piecesOf([0, newSize]).map((k) => [keyOf(k), all.get(keyOf(k))!])),
    };
    return { placed, tree };
  });
}

/** The newest checkpoint signed, if any. */
export async function newestCheckpoint(db: Executor) {
  const [newest] = await db.select().from(logCheckpoints).orderBy(desc(logCheckpoints.id)).limit(1);
  return newest;
}

/** A leaf's position, once placed. */
export async function positionOf(db: Executor, leafId: number) {
  const [row] = await db
    .select({ position: logLeaves.position })
    .from(logLeaves)
    .where(eq(logLeaves.id, leafId));
  return row?.position ?? null;
}

/** The root of the tree of `size` leaves (size at most the tree's). */
export async function rootAt(db: Executor, size: number) {
  if (size === 0) return emptyRoot();
  const range: Range = [0, size];
  return rangeHash(range, await readNodes(db, nodesFor([range])));
}

async function hashesOf(db: Executor, ranges: Range[]) {
  const nodes = await readNodes(db, nodesFor(ranges));
  return ranges.map((range) => rangeHash(range, nodes));
}

export const inclusionProof = (db: Executor, index: number, size: number) =>
  hashesOf(db, inclusionRanges(index, size));

export const consistencyProof = (db: Executor, from: number, to: number) =>
  hashesOf(db, consistencyRanges(from, to));

/** Placed leaves [start, end), in order. */
export function leavesBetween(db: Executor, start: number, end: number) {
  return db
    .select({ index: logLeaves.position, data: logLeaves.data })
    .from(logLeaves)
    .where(and(gte(logLeaves.position, start), lt(logLeaves.position, end)))
    .orderBy(asc(logLeaves.position));
}

/**
 * Every leaf of one kind but entries, placed or about to be, in the order appended, as its shape in
 * the contract. The index of these few (log_leaves_kind_idx) leaves entries out, which the query says.
 */
export async function leavesOfKind(db: Executor, kind: Exclude<LogLeafKind, 'entry'>) {
  const rows = await db
    .select({ data: logLeaves.data })
    .from(logLeaves)
    .where(and(eq(logLeaves.kind, kind), ne(logLeaves.kind, 'entry')))
    .orderBy(asc(logLeaves.id));
  return rows.map((row) => logLeaf.parse(JSON.parse(new TextDecoder().decode(row.data))));
}

/**
 * A member's receipts in a prize (their entries' leaves, placed, oldest first), read in the statement
 * that reads their holding (a subquery on its prize and pseudonym columns): one round trip for a page.
 */
export const receiptsColumn = (prizeId: AnyColumn, pid: AnyColumn) =>
  sql<number[]>`(select coalesce(array_agg(l.position order by l.position), '{}')
    from ${logLeaves} l where l.prize_id = ${prizeId} and l.pid = ${pid} and l.position is not null)`.mapWith(
    (positions: Array<string | number>) => positions.map(Number),
  );
