import {
  AUDIT_VERIFY_ROWS,
  type AuditEvent,
  type AuditFilter,
  type AuditQuery,
  type AuditVerify,
} from '../../../contract/audit';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { auditHash, GENESIS_HASH } from '../../lib/audit-log';
import { badCursor, cursorKeys, decodeCursor, encodeCursor, page } from '../../lib/cursor';
import { findUserByEmail } from '../accounts/repository';
import { headProblem, headToCheck, loggedHeadProblem, presentHead } from './heads';
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

/** The filter with its email looked up: the account it names, or 404 when none has it. */
export async function rowFilter(db: Db, { email, ...filter }: AuditFilter): Promise<repo.AuditRowFilter> {
  if (!email) return filter;
  const account = await findUserByEmail(db, email);
  if (!account) throw notFound(`No account has the email ${email}`);
  return { ...filter, accountId: account.id };
}

export async function auditEvents(db: Db, { cursor, limit, ...filter }: AuditQuery) {
  const before = decodeCursor(cursor, cursorKeys.id)?.[0];
  const { items, nextCursor } = page(
    await repo.auditPage(db, await rowFilter(db, filter), before, limit + 1),
    presentEvent,
    (r) => [r.event.id],
    limit,
  );
  return { events: items, nextCursor };
}

/** How many rows the check reads from the database at a time. */
const VERIFY_PAGE = 2000;

/**
 * Recomputes the chain, AUDIT_VERIFY_ROWS rows a call, from the first row or
 * from a cursor: each row must name the previous row's hash, and its own hash
 * must follow from that and its contents. The first row that does not is where
 * someone changed the log behind the application. A cursor names the last row
 * the part before checked, whose stored hash the next row must name. The first
 * part also checks the newest signed head (heads.ts): the row it names must
 * still be there as it was, or rows were cut from the end, which the chain
 * alone cannot show.
 */
export async function verifyChain(
  db: Db,
  seed: string | undefined,
  cursor: string | undefined,
): Promise<AuditVerify> {
  const from = decodeCursor(cursor, cursorKeys.id)?.[0];
  const head = from === undefined ? await headToCheck(db, seed) : undefined;
  const headShown = head ? presentHead(head) : null;
  const problem = head ? await headProblem(db, head) : null;
  if (head && problem)
    return {
      intact: false,
      problem,
      head: headShown,
      checked: 0,
      firstBrokenId: String(head.lastId),
      nextCursor: null,
    };
  // The heads the public log holds, which nobody can take back: a cut or a rewrite between two of them
  // shows even when the heads' own table was rewritten to match.
  const logged = from === undefined ? await loggedHeadProblem(db) : null;
  if (logged) {
    const { type: _, ...loggedHead } = logged.head;
    return {
      intact: false,
      problem: logged.problem,
      head: loggedHead,
      checked: 0,
      firstBrokenId: logged.head.lastId,
      nextCursor: null,
    };
  }
  let prev = from === undefined ? GENESIS_HASH : await repo.hashOf(db, from);
  if (prev === undefined) throw badCursor();
  let last = from ?? 0;
  let checked = 0;
  while (checked < AUDIT_VERIFY_ROWS) {
    const rows = await repo.chainPage(db, last, Math.min(VERIFY_PAGE, AUDIT_VERIFY_ROWS - checked));
    for (const row of rows) {
      checked++;
      if (row.prevHash !== prev || auditHash(prev, row) !== row.hash)
        return {
          intact: false,
          problem: 'row_changed',
          head: headShown,
          checked,
          firstBrokenId: String(row.id),
          nextCursor: null,
        };
      prev = row.hash;
    }
    if (rows.length === 0)
      return { intact: true, problem: null, head: headShown, checked, firstBrokenId: null, nextCursor: null };
    last = rows.at(-1)!.id;
  }
  // A part that ended on the last row says so when the next finds nothing more.
  return {
    intact: true,
    problem: null,
    head: headShown,
    checked,
    firstBrokenId: null,
    nextCursor: encodeCursor([last]),
  };
}
