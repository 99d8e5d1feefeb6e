import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../contract/constants';

export interface RateLimit {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  /** Sign-in attempts from one address, whatever the account. */
  login: RateLimit;
  /** Sign-in attempts on one account from one address: past this, that address is locked out of it. */
  loginFailures: RateLimit;
  /** Sign-in attempts on one account from every address together: the ceiling on distributed guessing. */
  loginFailuresAccount: RateLimit;
  register: RateLimit;
  contact: RateLimit;
  /** Video ads started by one signed-in user. */
  adStart: RateLimit;
  /** Emailed links asked for (password reset, a new verification link) and reset attempts, per address. */
  emailLinks: RateLimit;
}

export const defaultRateLimits: RateLimits = {
  login: { max: 30, timeWindow: 15 * MINUTE_MS },
  loginFailures: { max: 10, timeWindow: 15 * MINUTE_MS },
  loginFailuresAccount: { max: 100, timeWindow: 60 * MINUTE_MS },
  register: { max: 20, timeWindow: 60 * MINUTE_MS },
  contact: { max: 5, timeWindow: 60 * MINUTE_MS },
  emailLinks: { max: 10, timeWindow: 60 * MINUTE_MS },
  adStart: { max: 20, timeWindow: 10 * MINUTE_MS },
};

const UNITS: Record<string, number> = { s: SECOND_MS, m: MINUTE_MS, h: HOUR_MS, d: DAY_MS };

/** `20/1h` → 20 per hour; undefined when the text is not `<count>/<number><s|m|h|d>`. */
export function parseRateLimit(text: string): RateLimit | undefined {
  const match = text.trim().match(/^(\d+)\/(\d+)([smhd])$/);
  if (!match) return undefined;
  const max = Number(match[1]);
  const timeWindow = Number(match[2]) * UNITS[match[3]!]!;
  // Within reason: a window past a year, or a count past a million, is a typo.
  return max > 0 && max <= 1_000_000 && timeWindow > 0 && timeWindow <= 366 * DAY_MS
    ? { max, timeWindow }
    : undefined;
}

/** The environment variable that sets a limit: `loginFailures` is RATE_LIMIT_LOGIN_FAILURES. */
export const rateLimitVariable = (name: string) =>
  `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
