import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { DrawBeacon } from './features/prizes/beacon';
import type { Clock } from './lib/clock';
import type { PublicCache } from './lib/public-cache';
import type { RateLimits } from './rate-limits';

/** What every feature's routes are given: no feature reaches for globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  limits: RateLimits;
  /** The public randomness draws are mixed with, when DRAW_BEACON=drand. */
  beacon?: DrawBeacon;
  /** Public reads, kept for seconds and cleared by every write (lib/public-cache.ts). */
  publicCache: PublicCache;
}
