import autocannon from 'autocannon';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The machine is shared and noisy: baseline and subject take turns, several
 * rounds, and each side's median is what counts. `ratio` is the median of the
 * rounds' own ratios (subject over the baseline measured beside it), which a
 * machine whose load drifts between rounds moves least. Each round after the
 * first swaps who goes first, so neither side always follows the other's load.
 */
export async function alternate(
  rounds: number,
  baseline: () => Promise<number>,
  subject: () => Promise<number>,
): Promise<{ baseline: number; subject: number; ratio: number }> {
  const b: number[] = [];
  const s: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      b.push(await baseline());
      s.push(await subject());
    } else {
      s.push(await subject());
      b.push(await baseline());
    }
  }
  return { baseline: median(b), subject: median(s), ratio: median(s.map((x, i) => x / b[i]!)) };
}

export interface RateOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  setupClient?: autocannon.Options['setupClient'];
  /** Per-request changes, e.g. a different member's token each time. */
  requests?: autocannon.Options['requests'];
}

/** Requests per second answered 2xx or 304 by `url` at `connections` for `seconds`. */
export async function rate(url: string, opts: RateOptions): Promise<number> {
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    // It finishes on a sample's tick: a smoke run's fraction of a second would wait a whole one.
    sampleInt: Math.min(1000, opts.seconds * 1000),
    headers: opts.headers,
    method: (opts.method ?? 'GET') as 'GET',
    body: opts.body,
    setupClient: opts.setupClient,
    requests: opts.requests,
  });
  const bad = result.non2xx - (result['3xx'] ?? 0);
  if (result.errors > 0 || bad > 0)
    throw new Error(`${url}: ${result.errors} errors, ${bad} non-2xx answers`);
  // Over the whole run, not autocannon's average of whole seconds, which has no second to average
  // in a smoke run's fraction of one.
  return result.requests.total / result.duration;
}
