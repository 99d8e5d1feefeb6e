import { MINUTE_MS } from '../contract/constants';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';

/** What every feature's routes are given: no feature reaches for globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  limits: RateLimits;
}

export interface RateLimit {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  /** Sign-in attempts from one address, whatever the account. */
  login: RateLimit;
  /** Failed sign-ins on one account, from anywhere. */
  loginFailures: RateLimit;
  register: RateLimit;
  contact: RateLimit;
  /** Emailed links asked for (password reset, a new verification link) and reset attempts, per address. */
  emailLinks: RateLimit;
}

export const defaultRateLimits: RateLimits = {
  login: { max: 30, timeWindow: 15 * MINUTE_MS },
  loginFailures: { max: 10, timeWindow: 15 * MINUTE_MS },
  register: { max: 20, timeWindow: 60 * MINUTE_MS },
  contact: { max: 5, timeWindow: 60 * MINUTE_MS },
  emailLinks: { max: 10, timeWindow: 60 * MINUTE_MS },
};
