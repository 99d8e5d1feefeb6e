import { MINUTE_MS } from '../../../contract/constants';
import type { LeaderboardPeriod } from '../../../contract/gamification-rules';
import type { Db } from '../../db/client';
import { marksAge, rebuildMarks } from './leaderboard-repository';

/** A position is counted from the nearest mark ahead: at most about this many rows, wherever it is. */
export const MARK_EVERY = 500;
/**
 * Marks older than this are rebuilt. Until then a position below the first
 * mark may be off by as many members as passed a mark ahead of it since; the
 * top MARK_EVERY places are always exact.
 */
const REBUILD_AFTER_MS = MINUTE_MS;

interface Check {
  periodStart: string;
  /** When this process next asks how old the marks are. */
  nextAt: number;
  running?: Promise<void>;
}

/**
 * Keeps each period's rank marks (the rank_marks table) about a minute old
 * at most, while positions are looked up. A process asks the database how old
 * they are at most once a minute per period, after answering a lookup; when
 * they are due, one statement rebuilds them (rebuildMarks). No lookup waits
 * for that: meanwhile positions are counted from the marks before, or from
 * the top in a period never marked, exact either way.
 */
export class RankMarks {
  private readonly checks = new Map<LeaderboardPeriod, Check>();

  constructor(
    readonly every = MARK_EVERY,
    private readonly now: () => number = Date.now,
  ) {}

  /** Rebuilds the period's marks if they are due; the promise settles when that is done, and never fails. */
  keepCurrent(db: Db, period: LeaderboardPeriod, periodStart: string): Promise<void> {
    let check = this.checks.get(period);
    if (!check || check.periodStart !== periodStart) {
      check = { periodStart, nextAt: 0 };
      this.checks.set(period, check);
    }
    if (check.running) return check.running;
    if (this.now() < check.nextAt) return Promise.resolve();
    const c = check;
    c.nextAt = this.now() + REBUILD_AFTER_MS;
    c.running = this.check(db, period, c).finally(() => {
      c.running = undefined;
    });
    return c.running;
  }

  /** Once every check begun has finished: the app waits for this before its database closes. */
  async settled() {
    await Promise.all([...this.checks.values()].map((c) => c.running));
  }

  private async check(db: Db, period: LeaderboardPeriod, c: Check) {
    try {
      const age = await marksAge(db, period, c.periodStart);
      if (age !== null && age < REBUILD_AFTER_MS) c.nextAt = this.now() + REBUILD_AFTER_MS - age;
      else await rebuildMarks(db, period, c.periodStart, this.every, REBUILD_AFTER_MS);
    } catch {
      // The marks before keep serving, and positions stay exact counts; the next check tries again.
    }
  }
}
