import type { Executor } from '../../db/client';
import {
  balanceOf,
  credit,
  debit,
  InsufficientBalanceError,
  type LedgerChange,
  type LedgerResult,
} from '../../lib/ledger';
import type { Notice } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { awardAchievements, takeBackAchievements } from './achievements';

/**
 * The ways money moves besides a member earning it (earn.ts), each with what follows it in one
 * place (DESIGN §20): the member's notice, and the achievements the move unlocks or takes back.
 * The ledger itself moves the daily and leaderboard totals and announces the new balance.
 */

export { balanceOf, InsufficientBalanceError };

export interface Move extends LedgerChange {
  /** What the member is told of it, once it is applied. */
  notice?: Notice;
}

/** Tells the member of a move the ledger applied (not of a repeat it ignored). */
async function told(tx: Executor, move: Move, moved: LedgerResult) {
  if (moved.applied && move.notice) await notify(tx, move.userId, move.notice, move.at);
  return moved;
}

/**
 * Entries or cash the member chooses to spend (a prize entry, a withdrawal), refused below zero.
 * `unlocks`: the spending moved something achievements count (a first entry into a prize), so they
 * are looked at; the balance answered then includes what they paid.
 */
export async function spend(tx: Executor, move: Move, { unlocks = false } = {}) {
  const { balance } = await told(tx, move, await debit(tx, move));
  if (!unlocks) return { balance, newAchievements: [] };
  const newAchievements = await awardAchievements(tx, move.userId, move.at);
  const now = newAchievements.length ? await balanceOf(tx, move.userId, move.account) : balance;
  return { balance: now, newAchievements };
}

/** What was spent coming back (a cancelled prize, entries taken out, a refused withdrawal): never earned. */
export async function refund(tx: Executor, move: Move) {
  return told(tx, move, await credit(tx, { ...move, earned: false }));
}

/**
 * A credit its source took back (an offer reversed): off the balance even below zero, no longer
 * counting as earned from when it was earned, and what it unlocked taken back with it, as a lost
 * win's is (DESIGN §13).
 */
export async function reverse(tx: Executor, move: Move & { reverses: Date }, why: string) {
  const moved = await told(tx, move, await debit(tx, { ...move, allowNegative: true }));
  if (moved.applied) await takeBackAchievements(tx, move.userId, move.at, why);
  return moved;
}

/**
 * A correction by staff, either way (its `amount` signed, unlike every other move's): entries added
 * count as earned, so what is available never exceeds what was earned, but neither on the
 * leaderboards, which pay cash, nor as experience, so it unlocks nothing (DESIGN §16); one taking
 * more than the balance is refused. The member is told.
 */
export async function adjust(tx: Executor, move: Move) {
  const size = { ...move, amount: Math.abs(move.amount) };
  return told(
    tx,
    move,
    move.amount > 0 ? await credit(tx, { ...size, ranked: false }) : await debit(tx, size),
  );
}
