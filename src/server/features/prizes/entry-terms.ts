import { PUBLIC_READ_FRESH_MS } from '../../../contract/constants';
import type { PrizeRow } from './repository';

/** Prizes whose terms are kept at once; past this the oldest go first. */
const MOST_KEPT = 1_000;

/**
 * The terms entries into a prize are made at (its status, window, cost and
 * cap), kept for seconds: every entry needs them, and reading the prize's row
 * each time was a fifth of an entry's work on the embedded database. A kept
 * copy can be out of date (an edit on another instance), which is safe: the
 * entry's closing update checks the same terms on the row itself, in the
 * entry's transaction, and an entry refused on kept terms is tried again on
 * the row as it is now (entering.ts).
 */
export class EntryTerms {
  private readonly kept = new Map<string, { prize: PrizeRow; until: number }>();

  constructor(
    private readonly keepMs = PUBLIC_READ_FRESH_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(prizeId: string): PrizeRow | undefined {
    const entry = this.kept.get(prizeId);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.prize;
    this.kept.delete(prizeId);
    return undefined;
  }

  keep(prize: PrizeRow) {
    this.kept.delete(prize.id);
    if (this.kept.size >= MOST_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(prize.id, { prize, until: this.now() + this.keepMs });
  }

  forget(prizeId: string) {
    this.kept.delete(prizeId);
  }
}
