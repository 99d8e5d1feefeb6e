/** Rules both sides need at run time, kept apart from the schemas so the web bundle does not carry zod. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const WELCOME_BONUS = 10;

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

/** Entries for the referrer when a friend they invited completes their first task. */
export const REFERRAL_REWARD = 25;
