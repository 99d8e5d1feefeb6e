import type { LedgerReason } from '../../contract/operator-rules';

/** Why a balance changed, in the words a member and an admin read in a history. */
export const LEDGER_REASON_TEXT: Record<LedgerReason, string> = {
  welcome_bonus: 'Welcome bonus',
  task: 'Task completed',
  ad: 'Video ad watched',
  offer: 'Offer completed',
  offer_reversal: 'Offer reversed by the provider',
  referral: 'Friend referred',
  streak_bonus: 'Daily streak bonus',
  achievement: 'Achievement unlocked',
  wheel: 'Instant-win wheel',
  leaderboard_prize: 'Weekly leaderboard prize',
  admin_adjustment: 'Balance correction',
  prize_entry: 'Entered a prize draw',
  prize_cancelled_refund: 'Refund: prize draw cancelled',
  entries_withdrawn: 'Refund: entries taken out',
  withdrawal: 'Withdrawal requested',
  withdrawal_returned: 'Withdrawal returned',
};

export const ledgerReasonText = (reason: string) => LEDGER_REASON_TEXT[reason as LedgerReason] ?? reason;
