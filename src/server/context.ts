import type { Agent } from 'node:https';
import { KEPT_READS, type KeptRead } from '../contract/endpoint';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { RankMarks } from './features/gamification/rank-marks';
import type { LiveHub } from './features/live/hub';
import type { SiteKeys } from './features/notifications/site-keys';
import type { PayoutDesk } from './features/payouts/desk';
import type { DrawBeacon } from './features/prizes/beacon';
import type { EntryTerms } from './features/prizes/entry-terms';
import type { PublicLog } from './features/transparency/public-log';
import type { Identify } from './lib/acting-member';
import type { Clock } from './lib/clock';
import type { ReadCache } from './lib/read-cache/read-cache';
import type { RateLimits } from './rate-limits';

/** What every feature's routes are given: no feature reaches for globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  limits: RateLimits;
  /** Who a bearer token signs in: the guards' one question to the sessions (features/auth). */
  identify: Identify;
  /** The public randomness draws are mixed with, when DRAW_BEACON=drand. */
  beacon?: DrawBeacon;
  /** Public reads, kept for seconds and cleared by the writes that change them (lib/read-cache/). */
  publicCache: ReadCache;
  /** Members' leaderboard positions by session, kept and cleared like the public reads. */
  positionCache: ReadCache;
  /** Open prizes' terms, kept for seconds for the entries made at them (features/prizes/entry-terms.ts). */
  entryTerms: EntryTerms;
  /** Where each period's ranking passes every few hundred places, for positions at any depth. */
  rankMarks: RankMarks;
  /** Members' changes as the database announces them, from any instance (features/live). */
  live: LiveHub;
  /** The keys the site makes once and keeps: Web Push's, and the unsubscribe links'. */
  keys: SiteKeys;
  /** The payout providers, and the sending of approved payouts (DESIGN §17). */
  payouts: PayoutDesk;
  /** The public log anyone can check: receipts and signed checkpoints (DESIGN §18). */
  log: PublicLog;
  /** How pushes reach the push services: the default agent, or one trusting a test's own certificate. */
  pushAgent?: Agent;
}

/** After a write, the kinds of kept read it may have changed are read afresh; after a job, every one. */
export function clearReads(
  ctx: Pick<AppContext, 'publicCache' | 'positionCache'>,
  kinds: readonly KeptRead[] = KEPT_READS,
) {
  for (const kind of kinds) {
    ctx.publicCache.clear(kind);
    if (kind === 'leaderboard' || kind === 'sessions') ctx.positionCache.clear();
  }
}
