import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../contract/audit';
import { type Executor, rowsOf } from '../db/client';
import { auditLog } from '../db/schema';
import { lockNames } from './named-locks';

/**
 * The audit log (DESIGN §8): one row per admin write, appended in the same
 * transaction as the change, so a change and its record stand or fall
 * together. Each row's hash covers the previous row's hash and the row's own
 * canonical JSON; a trigger refuses UPDATE and DELETE, and an edit made behind
 * both breaks the chain from that row on (features/audit verifies it).
 */

/** Who made a change: an admin and the address they sent it from, or the site's own jobs (null). */
export interface AuditActor {
  id: string | null;
  ip?: string | null;
}

export const actorOf = (request: FastifyRequest): AuditActor & { id: string } => ({
  id: request.member!.id,
  ip: request.ip,
});
/** The scheduled jobs, when they change what an admin could (a forfeited win passed on, say). */
export const SITE: AuditActor = { id: null, ip: null };

export interface AuditEvent {
  action: AuditAction;
  targetType: string;
  targetId: string;
  /** What happened, in words a person reads in the Audit tab. */
  summary: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** The hash the first row follows. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with every object's keys sorted and undefined left out: one spelling for one value. */
export function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export type AuditRow = Pick<
  typeof auditLog.$inferSelect,
  'id' | 'at' | 'actorId' | 'action' | 'targetType' | 'targetId' | 'summary' | 'changes' | 'ip'
>;

/** A row's hash: SHA-256 of the previous row's hash followed by this row's canonical JSON. */
export function auditHash(prevHash: string, row: AuditRow) {
  const { id, at, actorId, action, targetType, targetId, summary, changes, ip } = row;
  const body = canonicalJson({ id, at, actorId, action, targetType, targetId, summary, changes, ip });
  return createHash('sha256').update(prevHash).update(body).digest('hex');
}

/**
 * Appends the record of an admin write to the caller's transaction. Call it
 * last in the transaction: it holds the chain's lock until the commit, and
 * taking a row lock after it could make two admins wait on each other.
 */
export function recordAudit(db: Executor, actor: AuditActor, event: AuditEvent, at: Date): Promise<void> {
  const run = async (tx: Executor) => {
    // One lock for the chain's head: the next row's previous hash is the last committed one.
    await lockNames(tx, 'audit_log');
    const [head] = await rowsOf<{ prev: string | null; id: string }>(
      tx,
      sql`select (select hash from audit_log order by id desc limit 1) as prev, nextval('audit_log_id_seq') as id`,
    );
    const changes =
      event.before || event.after
        ? (JSON.parse(canonicalJson({ before: event.before, after: event.after })) as AuditRow['changes'])
        : null;
    const row: AuditRow = {
      id: Number(head!.id),
      at,
      actorId: actor.id,
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId,
      summary: event.summary,
      changes,
      ip: actor.ip ?? null,
    };
    const prevHash = head!.prev ?? GENESIS_HASH;
    await tx.insert(auditLog).values({ ...row, prevHash, hash: auditHash(prevHash, row) });
  };
  return db instanceof PgTransaction ? run(db) : db.transaction(run);
}

/** The fields of `after` that differ from `before`, each side with only those: what an update changed. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => canonicalJson(before[k]) !== canonicalJson(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}
