import type { FastifyReply } from 'fastify';
import { AUDIT_ACTION_LABELS, type AuditAction, type AuditFilter } from '../../../contract/audit';
import type { Db } from '../../db/client';
import { canonicalJson } from '../../lib/audit-log';
import { sendCsv } from '../../lib/csv';
import { pages } from '../../lib/cursor';
import * as repo from './repository';
import { rowFilter } from './service';

const CSV_PAGE = 1000;

/** The log (filtered as the Audit tab is) as CSV, newest first, with each row's hashes for checking elsewhere. */
export async function streamAudit(db: Db, reply: FastifyReply, asked: AuditFilter) {
  const filter = await rowFilter(db, asked);
  const rows = pages<Awaited<ReturnType<typeof repo.auditPage>>[number]>(
    (last) => repo.auditPage(db, filter, last?.event.id, CSV_PAGE),
    CSV_PAGE,
  );
  return sendCsv(
    reply,
    'audit.csv',
    {
      id: ({ event }) => event.id,
      at: ({ event }) => event.at.toISOString(),
      actor_id: ({ event }) => event.actorId,
      actor: ({ actor }) => actor?.username ?? 'site',
      action: ({ event }) => event.action,
      action_label: ({ event }) => AUDIT_ACTION_LABELS[event.action as AuditAction] ?? event.action,
      target_type: ({ event }) => event.targetType,
      target_id: ({ event }) => event.targetId,
      summary: ({ event }) => event.summary,
      changes: ({ event }) => (event.changes ? canonicalJson(event.changes) : ''),
      ip: ({ event }) => event.ip,
      prev_hash: ({ event }) => event.prevHash,
      hash: ({ event }) => event.hash,
    },
    rows,
  );
}
