/**
 * The rules of running the site (DESIGN §8), each written once: the server
 * applies them and the admin panel shows them. Like constants.ts, no zod here.
 */
import { DAY_MS, HOUR_MS } from './constants';
import { WITHDRAWAL_ACCOUNT_DAYS } from './gamification-rules';

/** Every admin list comes in pages of at most this many rows, newest first. */
export const ADMIN_PAGE_SIZE = 50;

/** Where a member's account stands, most serious first: the first that applies is their status. */
export const MEMBER_STATUSES = ['deleted', 'suspended', 'on_break', 'active'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Why a balance changed: every ledger row carries one of these. */
export const LEDGER_REASONS = [
  'welcome_bonus',
  'task',
  'ad',
  'offer',
  'offer_reversal',
  'referral',
  'streak_bonus',
  'achievement',
  'achievement_taken_back',
  'wheel',
  'leaderboard_prize',
  'admin_adjustment',
  'prize_entry',
  'prize_cancelled_refund',
  'entries_withdrawn',
  'withdrawal',
  'withdrawal_returned',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

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
  achievement_taken_back: 'Achievement taken back: its win was lost',
  wheel: 'Instant-win wheel',
  leaderboard_prize: 'Weekly leaderboard prize',
  admin_adjustment: 'Balance correction',
  prize_entry: 'Entered a prize draw',
  prize_cancelled_refund: 'Refund: prize draw cancelled',
  entries_withdrawn: 'Refund: entries taken out',
  withdrawal: 'Withdrawal requested',
  withdrawal_returned: 'Withdrawal returned',
};

/** An admin's reason for an action: long enough to mean something to whoever reads the audit log later. */
export const ADMIN_REASON_MIN = 5;

/**
 * The fraud signals and what each adds to a member's risk score. The others
 * involved are named in each signal, so an admin can look at them too.
 */
export const RISK_SIGNALS = {
  shared_device: { weight: 40, label: 'Same device as other accounts' },
  referral_link: { weight: 35, label: 'Referred from the same address or device' },
  shared_address: { weight: 20, label: 'Same address as other accounts' },
  disposable_email: { weight: 15, label: 'Throwaway email address' },
  fast_cashout: { weight: 15, label: 'Cash out as soon as allowed' },
  at_caps: { weight: 10, label: 'At the daily ad cap day after day' },
} as const;
export type RiskSignalCode = keyof typeof RISK_SIGNALS;
export const RISK_SIGNAL_CODES = Object.keys(RISK_SIGNALS) as [RiskSignalCode, ...RiskSignalCode[]];

/** Accounts seen at one address (IPv4, or an IPv6 /64) within this many days count as sharing it. */
export const SHARED_ADDRESS_DAYS = 30;
/**
 * Where a member with fraud signals stands in the review queue (DESIGN §12): `open` until staff look;
 * `cleared` with a note, or `actioned` (suspended, or cashouts held), either of which leaves the queue
 * until a signal appears that was not there when they looked.
 */
export const REVIEW_STATUSES = ['open', 'cleared', 'actioned'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * A withdrawal asked for this soon after sign-up is a signal: within 48 hours of the account becoming
 * old enough to withdraw at all.
 */
export const FAST_CASHOUT_MS = WITHDRAWAL_ACCOUNT_DAYS * DAY_MS + 48 * HOUR_MS;
/** At the daily ad cap this many UK days in a row is a signal. */
export const AT_CAPS_DAYS = 5;

/**
 * Why a place passed to the next participant in the draw's ranking: staff disqualified its winner
 * (which always waits for a second member of staff), its winner did not claim in time, or its winner
 * confirmed being ineligible (under age on the draw date).
 */
export const REPLACEMENT_REASONS = ['disqualified', 'unclaimed', 'ineligible'] as const;
export type ReplacementReason = (typeof REPLACEMENT_REASONS)[number];

/** A complaint or question sent through the contact form, as a ticket. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** We answer every message within this many working days (the Terms page promises it). */
export const COMPLAINT_REPLY_WORKING_DAYS = 5;

/** Entries earned each day, by where they came from (the analytics, DESIGN §8). */
export const EARNED_SOURCES = [
  'welcome',
  'tasks',
  'ads',
  'offers',
  'referrals',
  'streaks',
  'achievements',
  'wheel',
  'leaderboard',
  'admin',
] as const;
export type EarnedSource = (typeof EARNED_SOURCES)[number];

/** The longest range of UK days the analytics answer at once. */
export const ANALYTICS_MAX_DAYS = 366;
