/**
 * Checking places passed on after a draw (DESIGN §8). The draw's winners are
 * the first places of its ranking (every participant ordered by key, largest
 * first); each replacement takes the next places in that ranking: those passed
 * over as not eligible at the time, then the new winner. So a replacement is
 * right exactly when its passed-over and its winner are the next ones in the
 * recomputed ranking, and it took the place from whoever held it then.
 */

export interface Replacement {
  place: number;
  from: string;
  /** Null when nobody eligible was left: then the passed-over are everyone remaining. */
  to: string | null;
  reason: string;
  skipped: string[];
}

/** How much of the ranking the check needs: every place the draw and its replacements took. */
export function rankingNeeded(winners: number, replacements: Replacement[], participants: number) {
  if (replacements.some((r) => r.to === null)) return participants;
  return winners + replacements.reduce((n, r) => n + r.skipped.length + 1, 0);
}

/** Each replacement with whether it is the next eligible one in `ranking` (best first, as long as needed). */
export function checkReplacements(ranking: string[], winners: string[], replacements: Replacement[]) {
  const holders: Array<string | null> = [...winners];
  let next = winners.length;
  return replacements.map((r) => {
    const took = r.skipped.length + (r.to ? 1 : 0);
    const expected = ranking.slice(next, next + took);
    const matches =
      holders[r.place - 1] === r.from &&
      r.skipped.every((pid, i) => expected[i] === pid) &&
      (r.to ? expected[r.skipped.length] === r.to : next + took === ranking.length);
    next += took;
    holders[r.place - 1] = r.to;
    return { ...r, matches, expectedTo: r.to ? (ranking[next - 1] ?? null) : null };
  });
}
