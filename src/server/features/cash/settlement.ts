import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { WITHDRAWAL_BLOCKS } from '../../../contract/cash';
import { DAY_MS, HOUR_MS } from '../../../contract/constants';
import { CASH_SETTLING_HOURS, WITHDRAWAL_ACCOUNT_DAYS } from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { ledgerEntries } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { londonDate, londonTime } from '../../lib/london';
import { pounds } from '../../lib/money';
import type { UserRow } from '../accounts/repository';

/**
 * Money is paid out only once it has settled (DESIGN §12), so a credit that
 * turns out to be a mistake or a fraud can still be taken back: an account
 * old enough, with its address verified, withdrawing cash that arrived at
 * least CASH_SETTLING_HOURS ago.
 */

const SETTLING_MS = CASH_SETTLING_HOURS * HOUR_MS;
const when = (at: Date) => `${londonDate(at)} at ${londonTime(at)}`;

export interface Block {
  code: (typeof WITHDRAWAL_BLOCKS)[number];
  message: string;
  until: Date | null;
}

/** Why the member cannot ask for any payout now, whatever their balance, or null. */
export function withdrawalBlock(
  user: Pick<UserRow, 'emailVerifiedAt' | 'createdAt' | 'cashoutsHeldAt' | 'cashoutsHoldReason'>,
  now: Date,
): Block | null {
  if (user.cashoutsHeldAt)
    return {
      code: 'cashouts_held',
      message: `Withdrawals from your account are paused: ${(user.cashoutsHoldReason ?? '').replace(/[\s.]+$/, '')}. You can still earn entries and enter prizes. If you have questions, please contact us.`,
      until: null,
    };
  if (!user.emailVerifiedAt)
    return {
      code: 'email_unverified',
      message: 'Verify your email address before you withdraw: use the link we emailed you.',
      until: null,
    };
  const from = new Date(user.createdAt.getTime() + WITHDRAWAL_ACCOUNT_DAYS * DAY_MS);
  if (now < from)
    return {
      code: 'account_too_new',
      message: `Accounts can withdraw once they are ${WITHDRAWAL_ACCOUNT_DAYS} days old: you can from ${when(from)}.`,
      until: from,
    };
  return null;
}

export const blockError = (block: Block) => new AppError(403, block.message, block.code);

/**
 * The part of the balance still settling, as the credits it came from, the
 * soonest to settle first. Money leaves the balance oldest first, so what is
 * still settling is the newest credits, up to the balance. A withdrawal
 * returned to the balance had settled before it left, so it is not counted.
 */
export async function settlingCash(db: Executor, userId: string, balancePence: number, now: Date) {
  const recent = await db
    .select({ amount: ledgerEntries.amount, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.account, 'cash'),
        gt(ledgerEntries.createdAt, new Date(now.getTime() - SETTLING_MS)),
        gt(ledgerEntries.amount, 0),
        ne(ledgerEntries.reason, 'withdrawal_returned'),
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
  let left = balancePence;
  const settling: { pence: number; availableAt: Date }[] = [];
  for (const credit of recent) {
    if (left <= 0) break;
    const pence = Math.min(credit.amount, left);
    settling.unshift({ pence, availableAt: new Date(credit.at.getTime() + SETTLING_MS) });
    left -= pence;
  }
  return { availablePence: left, settling };
}

/** The refusal of a withdrawal larger than what has settled: how much can go now, and when the rest can. */
export function stillSettling(availablePence: number, settling: { pence: number; availableAt: Date }[]) {
  const next = settling[0]!;
  return new AppError(
    409,
    `Cash can be withdrawn ${CASH_SETTLING_HOURS} hours after it arrives. You can withdraw ${pounds(availablePence)} now; ${pounds(next.pence)} more from ${when(next.availableAt)}.`,
    'cash_settling',
  );
}
