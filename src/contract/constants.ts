/**
 * The rules both sides need at run time, each written once. Kept apart from the
 * schemas so the web bundle does not carry zod.
 */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** Entries for every new account (SPEC §9). */
export const WELCOME_BONUS = 10;

/** Entries for the referrer when a friend they invited proves to be a person (REFERRAL_PAID_WHEN). */
export const REFERRAL_REWARD = 25;

/** Draw days are English weekday names, Monday first. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const DEFAULT_DRAW_DAY: Weekday = 'Friday';
/** Draws run from 8:00 PM UK time on a prize's draw day (SPEC §9: "Friday 8:00 PM GMT"). */
export const DRAW_HOUR = 20;

/** Winners hear from us within this many hours of the draw. */
export const WINNER_NOTICE_HOURS = 48;
/** A winner confirms delivery details within this many days of the draw, or the prize may be redrawn. */
export const CLAIM_DAYS = 7;
/** Prizes arrive within this many days of the winner confirming their details. */
export const PRIZE_DELIVERY_DAYS = 30;

/** Task types that are videos: started first, then claimed once the video has played to the end. */
export const AD_TASK_TYPES = ['watch_video_ad', 'watch_rewarded_ad'] as const;
export const isAdTask = (task: { type: string }) => (AD_TASK_TYPES as readonly string[]).includes(task.type);
/** A video ad's length when its task does not set one (SPEC §9). */
export const DEFAULT_AD_SECONDS = 30;
/** How long a started video can still be claimed; the daily clean-up deletes older tickets. */
export const AD_TICKET_HOURS = 1;

/**
 * How long a public read (prizes, winners, leaderboards) stays fresh: in the server's cache, in a
 * CDN's (its max-age) and in the page's, which so does not ask again for what it has just read.
 */
export const PUBLIC_READ_FRESH_MS = 5 * SECOND_MS;

/** Home's recent-winners feed refreshes this often (SPEC §9). */
export const RECENT_WINNERS_REFRESH_MS = 30 * SECOND_MS;

/** Offer-wall entries arrive within this many hours of the offer (SPEC §9). */
export const OFFER_CREDIT_HOURS = 24;

/** An emailed link to verify an address works for this long, once. */
export const VERIFY_EMAIL_HOURS = 24;
/** An emailed link to reset a password works for this long, once. */
export const PASSWORD_RESET_HOURS = 1;
/** The same, as the pages and the email say it. */
export const PASSWORD_RESET_LIFETIME = `${PASSWORD_RESET_HOURS} hour${PASSWORD_RESET_HOURS === 1 ? '' : 's'}`;
/** Winners must be this old on the draw date (SPEC §9). */
export const MINIMUM_AGE = 18;

/** Taking a break: how long sign-in is refused; `permanent` is for good. */
export const BREAK_PERIODS = ['1m', '3m', '6m', 'permanent'] as const;
export type BreakPeriod = (typeof BREAK_PERIODS)[number];
export const BREAK_MONTHS: Record<Exclude<BreakPeriod, 'permanent'>, number> = { '1m': 1, '3m': 3, '6m': 6 };

/** The least time between two paid ads of one member, whoever confirms them (DESIGN §19). */
export const AD_MIN_GAP_SECONDS = 30;
/** How old a rewarded-ad network's signed callback may be. */
export const AD_CALLBACK_MAX_AGE_SECONDS = 300;

/** Self-exclusion's lengths in months (DESIGN §19): at least the DCMS code's six. */
export const SELF_EXCLUSION_MONTHS = [6, 12, 60] as const;
export type SelfExclusionMonths = (typeof SELF_EXCLUSION_MONTHS)[number];

/** A referrer is paid at most this many new friends per UK day. */
export const REFERRALS_PER_DAY = 10;
/** A friend's streak this long counts as real use, like a watched ad or a credited offer. */
export const REFERRAL_STREAK_DAYS = 7;
/** When a friend's sign-up pays, in the words every page uses: "… once your friend {REFERRAL_PAID_WHEN}." */
export const REFERRAL_PAID_WHEN = `has verified their email address and watched a video ad, had an offer credited or kept a ${REFERRAL_STREAK_DAYS}-day streak (for up to ${REFERRALS_PER_DAY} friends a day)`;

/** Video ads pay at most this many times per user per UK day. */
export const ADS_PER_DAY = 50;
