import { MINUTE_MS } from '../../../contract/constants';
import type { LeaderboardPeriod } from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { type RankKey, rankKeyBehind } from './leaderboard-repository';

/** A position is counted from the nearest mark ahead: at most this many rows, wherever it is. */
export const MARK_EVERY = 500;
/**
 * Marks older than this are rebuilt in the background. Until then a position
 * below the first mark may be off by as many members as passed a mark ahead of
 * it since; the top MARK_EVERY places are always exact.
 */
const REBUILD_AFTER_MS = MINUTE_MS;

/** Whether `a` ranks ahead of `b`, in the order of the rank index (RankKey). */
export function ranksAhead(a: RankKey, b: RankKey) {
  if (a.entries !== b.entries) return a.entries > b.entries;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt;
  return a.userId < b.userId;
}

interface Marks {
  periodStart: string;
  keys: RankKey[];
  builtAt: number;
  rebuilding?: Promise<void>;
}

/**
 * Every MARK_EVERY-th place of each period's ranking, kept in this process so
 * that a member's position costs a count of at most about MARK_EVERY rows,
 * not of everyone ahead of them. Built page by page, one short query each, so
 * the embedded database keeps serving meanwhile; a stale set keeps serving
 * while its successor is built.
 */
export class RankMarks {
  private readonly periods = new Map<LeaderboardPeriod, Marks>();

  constructor(
    readonly every = MARK_EVERY,
    private readonly now: () => number = Date.now,
  ) {}

  /** The marks of a period in rank order: keys[i] holds place (i + 1) × every. */
  async keysFor(db: Executor, period: LeaderboardPeriod, periodStart: string): Promise<RankKey[]> {
    let marks = this.periods.get(period);
    if (!marks || marks.periodStart !== periodStart) {
      marks = { periodStart, keys: [], builtAt: 0 };
      this.periods.set(period, marks);
    }
    if (this.now() - marks.builtAt >= REBUILD_AFTER_MS && !marks.rebuilding) {
      const target = marks;
      target.rebuilding = this.build(db, period, periodStart).then(
        (keys) => {
          target.keys = keys;
          target.builtAt = this.now();
        },
        () => {
          // The old marks keep serving; the next lookup tries again.
        },
      );
      target.rebuilding.finally(() => {
        target.rebuilding = undefined;
      });
    }
    // Only a period never marked waits, every lookup of it; its positions would otherwise be counted from the top.
    if (marks.builtAt === 0 && marks.rebuilding) await marks.rebuilding;
    return marks.keys;
  }

  private async build(db: Executor, period: LeaderboardPeriod, periodStart: string) {
    const keys: RankKey[] = [];
    for (;;) {
      const next = await rankKeyBehind(db, period, periodStart, keys.at(-1) ?? null, this.every);
      if (!next) return keys;
      keys.push(next);
    }
  }
}
