import type { AuditEvent, AuditQuery, AuditVerify } from '../../../contract/audit';
import type { Db } from '../../db/client';
import { auditHash, GENESIS_HASH } from '../../lib/audit-log';
import { cursorKeys, decodeCursor, PAGE_TAKE, page } from '../../lib/cursor';
import * as repo from './repository';

type Row = Awaited<ReturnType<typeof repo.auditPage>>[number];

export const presentEvent = ({ event, actor }: Row): AuditEvent => ({
  _id: String(event.id),
  at: event.at.toISOString(),
  actor: actor ? { _id: actor.id, username: actor.username } : null,
  action: event.action as AuditEvent['action'],
  targetType: event.targetType,
  targetId: event.targetId,
  summary: event.summary,
  changes: event.changes,
  ip: event.ip,
});

export async function auditEvents(db: Db, { cursor, ...filter }: AuditQuery) {
  const before = decodeCursor(cursor, cursorKeys.id)?.[0];
  const { items, nextCursor } = page(
    await repo.auditPage(db, filter, before, PAGE_TAKE),
    presentEvent,
    (r) => [r.event.id],
  );
  return { events: items, nextCursor };
}

/** How many rows the check reads at a time. */
const VERIFY_PAGE = 2000;

/**
 * Recomputes the chain from the first row: each row must name the previous
 * row's hash, and its own hash must follow from that and its contents. The
 * first row that does not is where someone changed the log behind the application.
 */
export async function verifyChain(db: Db): Promise<AuditVerify> {
  let prev = GENESIS_HASH;
  let last = 0;
  let checked = 0;
  for (;;) {
    const rows = await repo.chainPage(db, last, VERIFY_PAGE);
    for (const row of rows) {
      checked++;
      if (row.prevHash !== prev || auditHash(prev, row) !== row.hash)
        return { intact: false, checked, firstBrokenId: String(row.id) };
      prev = row.hash;
    }
    if (rows.length < VERIFY_PAGE) return { intact: true, checked, firstBrokenId: null };
    last = rows.at(-1)!.id;
  }
}
