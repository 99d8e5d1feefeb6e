/**
 * The gamification rules (SPEC §3 and §9, DESIGN §4), each written once: the
 * server applies them and the dashboard shows them. Like constants.ts, this
 * file carries no zod, so the browser can use it freely.
 */
import { HOUR_MS } from './constants';

/** Experience is entries earned; level n starts at LEVEL_THRESHOLDS[n - 1] experience. */
export const LEVEL_THRESHOLDS = [
  0, 25, 75, 150, 250, 400, 600, 850, 1150, 1500, 1900, 2350, 2850, 3400, 4000, 4650, 5350, 6100, 6900, 7750,
  8650, 9600, 10_600, 11_650, 12_750, 13_900, 15_100, 16_350, 17_650, 19_000,
] as const;

/**
 * A streak day is a London calendar day on which the dashboard was opened. The
 * bonus for a day rises at each milestone; the milestones (3, 7, 14, 30 days)
 * each have an achievement.
 */
export const STREAK_BONUSES = [
  { fromDay: 1, bonus: 1 },
  { fromDay: 3, bonus: 2 },
  { fromDay: 7, bonus: 3 },
  { fromDay: 14, bonus: 4 },
  { fromDay: 30, bonus: 5 },
] as const;
export const STREAK_MILESTONES = STREAK_BONUSES.slice(1).map((b) => b.fromDay);

/** What an achievement counts. */
export const ACHIEVEMENT_METRICS = [
  'logins',
  'tasks',
  'prizeEntries',
  'streak',
  'adsWatched',
  'surveys',
  'referrals',
  'wins',
  'entriesEarned',
  'level',
] as const;
export type AchievementMetric = (typeof ACHIEVEMENT_METRICS)[number];

const achievement = <const Id extends string>(
  id: Id,
  reward: number,
  title: string,
  description: string,
  metric: AchievementMetric,
  target: number,
) => ({ id, reward, title, description, metric, target });

/** SPEC §3's catalogue: each is awarded once, with its reward in entries. */
export const ACHIEVEMENTS = [
  achievement('first_login', 50, 'Welcome aboard', 'Sign in for the first time', 'logins', 1),
  achievement('first_task', 25, 'Getting started', 'Complete your first task', 'tasks', 1),
  achievement('first_entry', 50, 'In the draw', 'Enter your first prize draw', 'prizeEntries', 1),
  achievement('streak_3', 100, 'On a roll', 'Visit 3 days in a row', 'streak', 3),
  achievement('streak_7', 250, 'Week warrior', 'Visit 7 days in a row', 'streak', 7),
  achievement('streak_14', 500, 'Fortnight fan', 'Visit 14 days in a row', 'streak', 14),
  achievement('streak_30', 1000, 'Monthly master', 'Visit 30 days in a row', 'streak', 30),
  achievement('ads_10', 50, 'Ad watcher', 'Watch 10 video ads', 'adsWatched', 10),
  achievement('ads_50', 150, 'Screen time', 'Watch 50 video ads', 'adsWatched', 50),
  achievement('ads_100', 300, 'Centurion', 'Watch 100 video ads', 'adsWatched', 100),
  achievement('ads_500', 1000, 'Ad marathon', 'Watch 500 video ads', 'adsWatched', 500),
  achievement('surveys_5', 100, 'Opinion giver', 'Complete 5 surveys', 'surveys', 5),
  achievement('surveys_10', 250, 'Trusted voice', 'Complete 10 surveys', 'surveys', 10),
  achievement('referral_1', 100, 'Friendly', 'Invite a friend who joins and takes part', 'referrals', 1),
  achievement('referral_5', 500, 'Connector', 'Invite 5 friends who join and take part', 'referrals', 5),
  achievement('referral_10', 1000, 'Ambassador', 'Invite 10 friends who join and take part', 'referrals', 10),
  achievement('first_win', 200, 'Winner!', 'Win a prize draw', 'wins', 1),
  achievement('win_3', 500, 'Lucky streak', 'Win 3 prize draws', 'wins', 3),
  achievement('entries_1000', 200, 'Collector', 'Earn 1,000 entries', 'entriesEarned', 1000),
  achievement('entries_5000', 500, 'Hoarder', 'Earn 5,000 entries', 'entriesEarned', 5000),
  achievement('entries_10000', 1000, 'Entry legend', 'Earn 10,000 entries', 'entriesEarned', 10_000),
  achievement('level_5', 250, 'Rising star', 'Reach level 5', 'level', 5),
  achievement('level_10', 500, 'High flyer', 'Reach level 10', 'level', 10),
  achievement('level_25', 1000, 'Top tier', 'Reach level 25', 'level', 25),
] as const;
export type Achievement = (typeof ACHIEVEMENTS)[number];
export type AchievementId = Achievement['id'];
export const ACHIEVEMENT_IDS = ACHIEVEMENTS.map((a) => a.id) as [AchievementId, ...AchievementId[]];

/** The instant-win wheel: every ADS_PER_SPIN video ads watched unlock one spin, at most one an hour. */
export const ADS_PER_SPIN = 5;
export const SPIN_COOLDOWN_MS = HOUR_MS;
/** Odds are kept in basis points: 10,000 is certain, so an admin sets them to a hundredth of a percent. */
export const WHEEL_ODDS_BASIS = 10_000;
/** The wheel's prizes and their odds until an admin changes them; cash amounts are in pence. */
export const WHEEL_PRIZES = [
  { id: 'entries_10', name: '10 Entries', type: 'entries', amount: 10, probability: 0.75 },
  { id: 'entries_50', name: '50 Entries', type: 'entries', amount: 50, probability: 0.2 },
  { id: 'cash_1', name: '£1 Cash', type: 'cash', amount: 100, probability: 0.04 },
  { id: 'cash_5', name: '£5 Cash', type: 'cash', amount: 500, probability: 0.01 },
] as const;
export type WheelPrizeId = (typeof WHEEL_PRIZES)[number]['id'];
export const WHEEL_PRIZE_IDS = WHEEL_PRIZES.map((p) => p.id) as [WheelPrizeId, ...WheelPrizeId[]];
/** The wheel turns this long before the result shows (SPEC §9). */
export const SPIN_ANIMATION_MS = 4000;

/** Leaderboards rank entries earned in a London week (Monday to Sunday), a calendar month, or ever. */
export const LEADERBOARD_PERIODS = ['weekly', 'monthly', 'alltime'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_SIZE = 100;
/** What the weekly top 10 win, in pence: £20, £15, £10, then £5 each for 4th to 10th. */
export const WEEKLY_PRIZES_PENCE = [2000, 1500, 1000, 500, 500, 500, 500, 500, 500, 500] as const;

/** Cash from the wheel and the leaderboard is paid out on request, from £5, by PayPal or UK bank transfer. */
export const MIN_WITHDRAWAL_PENCE = 500;
/** How money reaches a member: the two they may ask for, and a gift card a prize is sent as (DESIGN §17). */
export const WITHDRAWAL_METHODS = ['paypal', 'bank', 'giftcard'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];
/** Each method as the site writes it: £10 by PayPal. */
export const WITHDRAWAL_METHOD_LABELS: Record<WithdrawalMethod, string> = {
  paypal: 'PayPal',
  bank: 'bank transfer',
  giftcard: 'gift card',
};
/**
 * Money is paid out only once it has settled (DESIGN §12): the account is this many days old and its
 * email verified, and cash counts only once it was credited this many hours ago.
 */
export const WITHDRAWAL_ACCOUNT_DAYS = 7;
export const CASH_SETTLING_HOURS = 72;

/** The dashboard shows this many wins and prize entries (SPEC §9). */
export const DASHBOARD_WINS = 3;
export const DASHBOARD_ENTRIES = 5;
/** Rows of the cash card's withdrawals and history shown at first, and added by each Load more. */
export const CASH_CARD_ROWS = 10;
