import { ed25519 } from '@noble/curves/ed25519.js';
import { and, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { AuditHead } from '../../../contract/audit';
import type { Db, Executor } from '../../db/client';
import { auditHeads, auditLog } from '../../db/schema';
import { lockNames } from '../../lib/named-locks';
import { appendLeaf, leavesOfKind } from '../transparency/log';

/**
 * The audit chain's head, signed within a second of each staff action and at
 * least hourly (DESIGN §16, head-signing.ts): the last row's id and hash and
 * the row count, signed with AUDIT_SIGNING_KEY, an Ed25519 key the database
 * never holds, and published at GET /api/audit/heads. Rows cut from the end of
 * the log leave the newest head naming a row that is gone; a head cannot be
 * made up without the key.
 */

type HeadRow = typeof auditHeads.$inferSelect;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));

/** What a head's signature covers: one line per field, so no field can run into the next. */
export const headMessage = (h: Pick<HeadRow, 'lastId' | 'rowCount' | 'hash' | 'signedAt'>) =>
  new TextEncoder().encode(
    `prizedraw audit head\n${h.lastId}\n${h.rowCount}\n${h.hash}\n${h.signedAt.toISOString()}`,
  );

/** The public key that checks heads signed with this seed (hex), or null without one. */
export const publicKeyOf = (seed: string | undefined) =>
  seed ? hex(ed25519.getPublicKey(bytes(seed))) : null;

/** Whether a head is signed by `publicKey`, checked against its contents. */
export function signedBy(head: HeadRow, publicKey: string) {
  if (!head.signature || head.publicKey !== publicKey) return false;
  try {
    return ed25519.verify(bytes(head.signature), headMessage(head), bytes(publicKey));
  } catch {
    return false;
  }
}

/** How many rows there are after `after` (a row id) up to and including `upTo`. */
async function rowsBetween(db: Executor, after: number, upTo: number) {
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(and(gt(auditLog.id, after), lte(auditLog.id, upTo)));
  return counted!.n;
}

/**
 * Records (and with a key, signs) the chain's head as it is now; nothing while the log is empty. Its
 * row count goes on from `since`, a head that still holds, counting only the rows after it: a whole
 * count of a million rows took 200 ms (decision 027).
 */
export async function signAuditHead(db: Executor, seed: string | undefined, now: Date, since?: HeadRow) {
  const [last] = await db
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!last) return null;
  const rowCount = since
    ? since.rowCount + (await rowsBetween(db, since.lastId, last.id))
    : await rowsBetween(db, 0, last.id);
  const head = { lastId: last.id, rowCount, hash: last.hash, signedAt: now };
  const signature = seed ? hex(ed25519.sign(headMessage(head), bytes(seed))) : null;
  const [row] = await db
    .insert(auditHeads)
    .values({ ...head, signature, publicKey: publicKeyOf(seed) })
    .returning();
  // Published in the public log too, where no later change to these tables can reach it.
  await appendLeaf(db, { type: 'audit_head', ...presentHead(row!) });
  return row!;
}

/**
 * Signs the head as the log stands, unless the newest head already names its newest row (the hourly
 * head, `evenIfCurrent`, is signed afresh anyway). Never over a cut: while the row the newest signed
 * head names is gone or changed, nothing is signed and this throws, so the check keeps finding the cut
 * however many actions follow it. Signers take turns under a lock of their own, not the chain's, so
 * staff actions never wait for a signature.
 */
export async function signHead(db: Db, seed: string | undefined, now: Date, { evenIfCurrent = false } = {}) {
  return db.transaction(async (tx) => {
    await lockNames(tx, 'audit_head');
    const [last] = await tx.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    if (!last) return null;
    const held = await headToCheck(tx, seed);
    if (held?.lastId === last.id && !evenIfCurrent) return null;
    const problem = held && (await rowProblem(tx, held));
    if (problem)
      throw new Error(
        `the audit log no longer holds its newest signed head (${problem}): no head is signed over it`,
      );
    return signAuditHead(tx, seed, now, held);
  });
}

/** How many heads GET /api/audit/heads shows, and how many are read at a time looking for a signed one. */
export const HEADS_SHOWN = 30;

export const newestHeads = (db: Executor, take = HEADS_SHOWN) =>
  db.select().from(auditHeads).orderBy(desc(auditHeads.id)).limit(take);

/**
 * The head the chain is checked against: the newest one the current key
 * signed, however many heads anyone added after it (a head is only a row:
 * made-up ones with the same key written beside them are passed over); without
 * a key, the newest one, which still shows a cut made by SQL alone.
 */
export async function headToCheck(db: Executor, seed: string | undefined) {
  const publicKey = publicKeyOf(seed);
  if (!publicKey) return (await newestHeads(db, 1))[0];
  for (let before = Number.MAX_SAFE_INTEGER; ; ) {
    const heads = await db
      .select()
      .from(auditHeads)
      .where(and(eq(auditHeads.publicKey, publicKey), lt(auditHeads.id, before)))
      .orderBy(desc(auditHeads.id))
      .limit(HEADS_SHOWN);
    const signed = heads.find((h) => signedBy(h, publicKey));
    if (signed || heads.length < HEADS_SHOWN) return signed;
    before = heads.at(-1)!.id;
  }
}

/**
 * Whether the chain still holds what every head in the public log says it held: each named row
 * there as it was, and as many rows up to the newest. The heads' own table can be emptied or
 * rewritten by whoever holds the database; the log keeps what was published. The first problem
 * found, with the row it names, or null.
 */
export async function loggedHeadProblem(db: Executor) {
  const logged = (await leavesOfKind(db, 'audit_head')).flatMap((leaf) =>
    leaf.type === 'audit_head' ? [leaf] : [],
  );
  if (logged.length === 0) return null;
  const rows = await db
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .where(inArray(auditLog.id, [...new Set(logged.map((h) => Number(h.lastId)))]));
  const hashes = new Map(rows.map((r) => [r.id, r.hash]));
  for (const head of logged) {
    const hash = hashes.get(Number(head.lastId));
    if (hash !== head.hash)
      return { problem: hash === undefined ? ('rows_cut' as const) : ('row_changed' as const), head };
  }
  const newest = logged.reduce((a, b) => (Number(b.lastId) > Number(a.lastId) ? b : a));
  return (await rowsBetween(db, 0, Number(newest.lastId))) < newest.rowCount
    ? { problem: 'rows_cut' as const, head: newest }
    : null;
}

/** Whether the row a head names is still there as it was: 'rows_cut', 'row_changed' or null. */
async function rowProblem(db: Executor, head: HeadRow) {
  const [row] = await db.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.id, head.lastId));
  if (!row) return 'rows_cut' as const;
  return row.hash !== head.hash ? ('row_changed' as const) : null;
}

/**
 * Whether the log still holds what a head says it held: the row it names, as
 * it was, and as many rows up to it. 'rows_cut', 'row_changed' or null.
 */
export async function headProblem(db: Executor, head: HeadRow) {
  const problem = await rowProblem(db, head);
  if (problem) return problem;
  return (await rowsBetween(db, 0, head.lastId)) < head.rowCount ? ('rows_cut' as const) : null;
}

export const presentHead = (head: HeadRow): AuditHead => ({
  lastId: String(head.lastId),
  rowCount: head.rowCount,
  hash: head.hash,
  signedAt: head.signedAt.toISOString(),
  signature: head.signature,
  publicKey: head.publicKey,
});
