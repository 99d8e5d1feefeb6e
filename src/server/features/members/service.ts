import type {
  LedgerQuery,
  LedgerRow,
  MemberDetail,
  MemberSearchQuery,
  MemberSummary,
} from '../../../contract/members';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { cursorKeys, decodeCursor, page } from '../../lib/cursor';
import { type LedgerEntry, movedSince, ledgerPage as readLedger } from '../../lib/ledger-pages';
import { penceToPounds } from '../../lib/money';
import { describeDevice } from '../../lib/user-agent';
import { isUuid } from '../../lib/uuid';
import { memberStatus } from '../accounts/sign-in-rules';
import { presentRisk } from '../risk/repository';
import * as repo from './repository';

export const memberNotFound = () => notFound('Member not found');

export function presentSummary(row: repo.MemberRow, now: Date): MemberSummary {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    availableEntries: row.availableEntries,
    totalEntries: row.totalEntries,
    cash: penceToPounds(row.cashPence),
    emailVerified: row.emailVerifiedAt !== null,
    status: memberStatus(row, now),
    risk: presentRisk(row.risk),
  };
}

export async function searchMembers(db: Db, now: Date, query: MemberSearchQuery) {
  const rows = await repo.searchMembers(
    db,
    now,
    query,
    decodeCursor(query.cursor, cursorKeys.timeAndId),
    query.limit + 1,
  );
  const { items, nextCursor } = page(
    rows,
    (row) => presentSummary(row, now),
    (row) => [row.at, row.id],
    query.limit,
  );
  return { users: items, nextCursor };
}

/** The member as their page shows them: the summary, and what an admin needs to act. */
export async function presentMember(
  db: Executor,
  row: repo.MemberRow,
  now: Date,
): Promise<MemberDetail['user']> {
  const referredBy = await repo.referrerOf(db, row.id);
  return {
    ...presentSummary(row, now),
    isAdmin: row.staffRole !== null,
    role: row.staffRole,
    referralCode: row.referralCode,
    referredBy: referredBy ? { _id: referredBy.id, username: referredBy.username } : null,
    suspension: row.suspendedAt
      ? {
          reason: row.suspensionReason ?? '',
          since: row.suspendedAt.toISOString(),
          until: row.suspendedUntil?.toISOString() ?? null,
        }
      : null,
    cashoutHold: row.cashoutsHeldAt
      ? { reason: row.cashoutsHoldReason ?? '', since: row.cashoutsHeldAt.toISOString() }
      : null,
    break:
      row.breakForGood || (row.breakUntil && row.breakUntil > now)
        ? { until: row.breakForGood ? null : row.breakUntil!.toISOString() }
        : null,
  };
}

/** Everything the member's page shows but the ledger, which it reads in pages. */
export async function memberDetail(db: Db, id: string, now: Date): Promise<MemberDetail> {
  // The signals as last worked out: they are worked out again whenever what they read changes (a
  // sign-up or sign-in, a withdrawal, a day at the ad cap), not on every look.
  const row = await repo.findMember(db, id);
  if (!row) throw memberNotFound();
  const [user, sessions, referrals, wins, entries, withdrawals, notes] = await Promise.all([
    presentMember(db, row, now),
    repo.openSessions(db, id, now),
    repo.referralsOf(db, id),
    repo.winsOf(db, id),
    repo.entriesOf(db, id),
    repo.withdrawalsOf(db, id),
    repo.notesOf(db, id),
  ]);
  return {
    user,
    sessions: sessions.map((s) => ({
      _id: s.id,
      device: describeDevice(s.userAgent),
      ip: s.ip,
      deviceId: s.deviceId,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
    })),
    signals: user.risk.signals,
    referrals: {
      total: referrals.total,
      rows: referrals.rows.map((r) => ({
        _id: r.id,
        username: r.username,
        createdAt: r.createdAt.toISOString(),
        status: memberStatus(r, now),
      })),
    },
    wins: {
      total: wins.total,
      rows: wins.rows.map(({ win, prize }) => ({
        prize: { _id: prize.id, title: prize.title },
        position: win.position,
        drawnAt: win.drawnAt.toISOString(),
        claimed: win.claimedAt !== null,
        forfeitReason: win.forfeitReason,
      })),
    },
    entries: {
      total: entries.total,
      rows: entries.rows.map(({ holding, prize }) => ({
        prize: { _id: prize.id, title: prize.title, status: prize.status },
        entries: holding.entries,
        lastEnteredAt: holding.updatedAt.toISOString(),
      })),
    },
    withdrawals: {
      total: withdrawals.total,
      rows: withdrawals.rows.map((w) => ({
        _id: w.id,
        amount: penceToPounds(w.amountPence),
        method: w.method,
        status: w.status,
        requestedAt: w.requestedAt.toISOString(),
      })),
    },
    notes: { total: notes.total, rows: notes.rows.map(presentNote) },
  };
}

export const presentNote = ({ note, author }: Awaited<ReturnType<typeof repo.notesOf>>['rows'][number]) => ({
  _id: note.id,
  body: note.body,
  author: { _id: author.id, username: author.username },
  createdAt: note.createdAt.toISOString(),
});

const inAccount = (row: LedgerEntry, n: number) => (row.account === 'cash' ? penceToPounds(n) : n);

export const presentLedgerRow = (row: LedgerEntry, task: string | null, balance: number): LedgerRow => ({
  _id: String(row.id),
  account: row.account,
  amount: inAccount(row, row.amount),
  reason: row.reason,
  reference: row.reference,
  task,
  balance: inAccount(row, balance),
  at: row.createdAt.toISOString(),
});

/**
 * A page of one account of the member's ledger, newest first, each row with the balance just after
 * it (the balance now, less what the newer rows moved) and the name of the task a task row paid for.
 */
export async function ledgerPage(db: Db, id: string, query: LedgerQuery) {
  const from = decodeCursor(query.cursor, cursorKeys.timeAndSerial);
  // One snapshot: a credit landing between reading the balance and the rows would skew every balance shown.
  return db.transaction((tx) => ledgerPageIn(tx, id, query, from), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function ledgerPageIn(
  db: Executor,
  id: string,
  query: LedgerQuery,
  from: readonly [string, string] | undefined,
) {
  const member = await repo.findMember(db, id);
  if (!member) throw memberNotFound();
  const rows = await readLedger(db, id, query.account, from, query.limit + 1);
  const now = query.account === 'cash' ? member.cashPence : member.availableEntries;
  let balance = from ? now - (await movedSince(db, id, query.account, from)) : now;
  const tasks = await taskTitles(
    db,
    rows.flatMap((r) =>
      TASK_REASONS.has(r.row.reason) && isUuid(r.row.reference ?? '') ? [r.row.reference!] : [],
    ),
  );
  const { items, nextCursor } = page(
    rows,
    (r) => {
      const row = presentLedgerRow(r.row, tasks.get(r.row.reference ?? '') ?? null, balance);
      balance -= r.row.amount;
      return row;
    },
    (r) => [r.at, String(r.row.id)],
    query.limit,
  );
  return { entries: items, nextCursor };
}

/** The ledger reasons whose reference is the task that paid. */
const TASK_REASONS = new Set(['task', 'ad']);

async function taskTitles(db: Executor, ids: string[]) {
  const unique = [...new Set(ids)];
  return new Map((unique.length ? await repo.taskTitles(db, unique) : []).map((t) => [t.id, t.title]));
}
