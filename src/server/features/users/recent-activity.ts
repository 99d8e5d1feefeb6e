import { inArray } from 'drizzle-orm';
import { ACHIEVEMENTS, WHEEL_PRIZES } from '../../../contract/gamification-rules';
import { LEDGER_REASON_TEXT, type LedgerReason } from '../../../contract/operator-rules';
import type { Dashboard } from '../../../contract/users';
import type { Executor } from '../../db/client';
import { prizes, tasks } from '../../db/schema';
import { type LedgerEntry, ledgerPage } from '../../lib/ledger-pages';
import { penceToPounds } from '../../lib/money';

/** How many changes the dashboard lists. */
export const RECENT_ACTIVITY = 10;

const TASK_REASONS: LedgerReason[] = ['task', 'ad'];
const PRIZE_REASONS: LedgerReason[] = ['prize_entry', 'prize_cancelled_refund', 'entries_withdrawn'];
const newestFirst = (a: LedgerEntry, b: LedgerEntry) =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

/** The ids a set of rows refer to for these reasons: tasks' or prizes', which are uuids. */
const referenced = (rows: LedgerEntry[], reasons: LedgerReason[]) => [
  ...new Set(rows.filter((r) => reasons.includes(r.reason) && r.reference).map((r) => r.reference!)),
];

/** What a row says it was: the reason's words, and the task, prize, achievement or note it names. */
function titleOf(row: LedgerEntry, names: Map<string, string>) {
  const reason = LEDGER_REASON_TEXT[row.reason];
  const named =
    row.reason === 'achievement' || row.reason === 'achievement_taken_back'
      ? ACHIEVEMENTS.find((a) => a.id === row.reference)?.title
      : row.reason === 'wheel'
        ? WHEEL_PRIZES.find((p) => p.id === row.reference)?.name
        : row.reason === 'admin_adjustment'
          ? row.reference
          : row.reference && names.get(row.reference);
  return named ? `${reason}: ${named}` : reason;
}

/**
 * The member's latest changes to either balance, from the ledger: each account's newest rows come
 * from its own index (ledger_entries_user_account_idx), so a long history costs no more than a short one.
 */
export async function recentActivity(db: Executor, userId: string): Promise<Dashboard['recentActivity']> {
  const [entries, cash] = await Promise.all(
    (['entries', 'cash'] as const).map((account) =>
      ledgerPage(db, userId, account, undefined, RECENT_ACTIVITY),
    ),
  );
  const rows = [...entries!, ...cash!]
    .map((r) => r.row)
    .sort(newestFirst)
    .slice(0, RECENT_ACTIVITY);
  const taskIds = referenced(rows, TASK_REASONS);
  const prizeIds = referenced(rows, PRIZE_REASONS);
  const [taskNames, prizeNames] = await Promise.all([
    taskIds.length
      ? db.select({ id: tasks.id, name: tasks.title }).from(tasks).where(inArray(tasks.id, taskIds))
      : [],
    prizeIds.length
      ? db.select({ id: prizes.id, name: prizes.title }).from(prizes).where(inArray(prizes.id, prizeIds))
      : [],
  ]);
  const names = new Map([...taskNames, ...prizeNames].map((n) => [n.id, n.name]));
  return rows.map((row) => ({
    _id: String(row.id),
    task: { title: titleOf(row, names) },
    reason: row.reason,
    account: row.account,
    entriesAwarded: row.account === 'entries' ? row.amount : 0,
    cash: row.account === 'cash' ? penceToPounds(row.amount) : 0,
    completedAt: row.createdAt.toISOString(),
  }));
}
