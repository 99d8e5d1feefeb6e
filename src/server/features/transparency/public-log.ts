import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { logCheckpoints } from '../../db/schema';
import { atMostEvery } from '../../lib/at-most-every';
import { keptKey, once } from '../../lib/kept-keys';
import { lockNames } from '../../lib/named-locks';
import { newestCheckpoint, type PlacedTree, place, positionOf, rootAt, sizeOf } from './log';
import { type LogKey, logKey, originOf, signCheckpoint } from './note';

/**
 * The public log as the site runs it (DESIGN §18): its signing key, receipts
 * given once an event has committed, and checkpoints signed at most every
 * LOG_CHECKPOINT_SECONDS while there are leaves none covers, the first at
 * once: a new leaf is covered within that period. Several instances may
 * sign; one finding the newest checkpoint current signs nothing, and a minute's
 * job (jobs/scheduler.ts) signs what an instance stopped before signing.
 */
export interface PublicLog {
  key(): Promise<LogKey>;
  /** The position of a leaf appended by a transaction that has committed, and a checkpoint soon over it. */
  receipt(leafId: number): Promise<number | null>;
  /** Asks for a checkpoint soon (at once, or when the period since the last has passed), over every leaf by then. */
  soon(): void;
  /** Signs a checkpoint over every leaf placed, unless the newest one already covers them; the new one, or null. */
  checkpoint(): Promise<typeof logCheckpoints.$inferSelect | null>;
  /** Signs what is still to sign, for a process about to stop. */
  flush(): Promise<void>;
  /** Where its failures are told (a failure to sign is retried by the next leaf and the minute's job). */
  reportTo(log: Pick<FastifyBaseLogger, 'warn'>): void;
}

const CHECKPOINT_LOCK = 'public-log-checkpoint';

export function publicLog(
  db: Db,
  config: Pick<Config, 'siteUrl' | 'log'>,
  clock: { now(): Date },
): PublicLog {
  let logger: Pick<FastifyBaseLogger, 'warn'> | undefined;
  const warn = (message: string, err?: unknown) =>
    logger?.warn({ err: err instanceof Error ? err.message : err }, message);
  const key = once(async () => {
    const origin = originOf(config.siteUrl);
    if (config.log.signingKey) return logKey(origin, config.log.signingKey);
    const made = randomBytes(32).toString('hex');
    const { seed } = await keptKey(db, 'log-signing', () => ({ seed: made }));
    if (seed === made)
      warn('LOG_SIGNING_KEY is unset: the public log is signed with a key made now and kept in the database');
    return logKey(origin, seed!);
  });

  // One placing at a time in this process: a receipt asked for while one runs waits for the next, which
  // places every leaf committed meanwhile, so members entering at once share a few placings. Each builds
  // on the tree the last one left.
  let tree: PlacedTree | undefined;
  let running: Promise<Map<number, number>> | undefined;
  let next: Promise<Map<number, number>> | undefined;
  const placing = async () => {
    const done = await place(db, tree);
    tree = done.tree;
    return done.placed;
  };
  const placeShared = (): Promise<Map<number, number>> => {
    if (!running) {
      running = placing().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return placeShared();
      });
    return next;
  };

  async function checkpoint() {
    const signing = await key();
    await placeShared();
    return db.transaction(async (tx) => {
      await lockNames(tx, CHECKPOINT_LOCK);
      const size = await sizeOf(tx);
      const root = await rootAt(tx, size);
      const note = signCheckpoint(signing, size, root);
      const newest = await newestCheckpoint(tx);
      // Ed25519 signs alike every time: the same note means the same tree, signed by the same key.
      if (newest?.note === note) return null;
      const [row] = await tx
        .insert(logCheckpoints)
        .values({ size, root, note, signedAt: clock.now() })
        .returning();
      return row!;
    });
  }

  const soon = atMostEvery(config.log.checkpointSeconds * 1000, () =>
    checkpoint().catch((err) => warn('signing the public log failed', err)),
  );

  return {
    key,
    checkpoint,
    soon: () => soon.run(),
    async receipt(leafId) {
      soon.run();
      // The event has happened either way; a leaf not placed now is placed with the next one.
      return placeShared()
        .then(async (placed) => placed.get(leafId) ?? (await positionOf(db, leafId)))
        .catch((err) => {
          warn('placing a leaf of the public log failed', err);
          return null;
        });
    },
    flush: () => soon.flush(),
    reportTo(log) {
      logger = log;
    },
  };
}
