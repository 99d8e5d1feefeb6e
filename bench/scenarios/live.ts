import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { openEvents } from '../../tests/support/event-stream';
import { median } from '../measure';
import type { Line } from '../report';
import { BENCH_OFFER_SECRET, MEMBER_SESSIONS, type RunningSite } from '../site';

export interface LiveOptions {
  /** Event streams held open at once on one instance. */
  streams: number;
  /** Credits timed from one instance to a member connected to another. */
  credits: number;
  connections: number;
  command: string;
}

const MEMORY_GOAL_MB = 150;
const DELIVERY_GOAL_MS = 1000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const bearer = (i: number) => ({ authorization: `Bearer ${MEMBER_SESSIONS.token(i)}` });

/** Streams for members 1…count, each open once its first frames have arrived. */
async function openStreams(url: string, from: number, count: number) {
  const streams = [];
  // In batches, as pages would connect over some seconds, not in one instant.
  for (let i = from; i < from + count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, from + count - i) }, async (_, k) => {
        const stream = await openEvents(url, bearer(i + k));
        await stream.next('unread', 30_000);
        return stream;
      }),
    );
    streams.push(...batch);
  }
  return streams;
}

/** An offer provider's postback crediting `amount`, signed as the site's wall expects (DESIGN §4). */
function postbackUrl(base: string, userId: string, transactionId: string, amount: number) {
  const p = { user_id: userId, transaction_id: transactionId, amount: String(amount), status: '1' };
  const signature = createHmac('sha256', BENCH_OFFER_SECRET)
    .update(`${p.user_id}:${p.transaction_id}:${p.amount}:${p.status}`)
    .digest('hex');
  return `${base}/api/offers/postback?${new URLSearchParams({ ...p, signature })}`;
}

/**
 * Live events (issue 23, item 7; DESIGN §9) on PostgreSQL: the memory that
 * `streams` open event streams add to one instance, and how long a credit
 * posted to one instance takes to reach its member's stream on another while
 * `connections` connections load the first with public reads.
 */
export async function liveScenario(site: RunningSite, opts: LiveOptions): Promise<Line[]> {
  // Warm: the route, the hub's LISTEN connection and the code, as a running site has them.
  const warm = await openStreams(site.url, 1, 10);
  for (const s of warm) s.close();
  await new Promise((r) => setTimeout(r, 1000));
  const before = site.rssMb();
  const open = await openStreams(site.url, 1, opts.streams);
  await new Promise((r) => setTimeout(r, 2000));
  const extra = site.rssMb() - before;
  for (const s of open) s.close();

  const other = await site.another();
  const client = new pg.Client({ connectionString: site.databaseUrl });
  await client.connect();
  const listeners = 50;
  const members = (
    await client.query(
      `select id, substring(email from 'player([0-9]+)@')::int as n from users
        where email = any($1::text[])`,
      [Array.from({ length: listeners }, (_, i) => `player${i + 1}@bench.test`)],
    )
  ).rows as Array<{ id: string; n: number }>;
  await client.end();
  const streams = new Map<string, Awaited<ReturnType<typeof openEvents>>>();
  const opened = await openStreams(other.url, 1, listeners);
  for (const m of members) streams.set(m.id, opened[m.n - 1]!);

  // Public reads on the first instance for as long as the credits are timed.
  const load = autocannon(
    { url: `${site.url}/api/prizes`, connections: opts.connections, duration: 3600 },
    () => {},
  );
  const times: number[] = [];
  try {
    for (let i = 0; i < opts.credits; i++) {
      const member = members[i % members.length]!;
      const stream = streams.get(member.id)!;
      const arrived = stream.next('balance', 10_000);
      const sent = performance.now();
      const res = await fetch(postbackUrl(site.url, member.id, `bench-live-${Date.now()}-${i}`, 1));
      if ((await res.text()) !== '1') throw new Error(`postback refused: ${res.status}`);
      await arrived;
      times.push(performance.now() - sent);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    load.stop();
    for (const s of opened) s.close();
    await other.stop();
  }
  const p99 = percentile(times, 99);
  return [
    {
      goal: `${opts.streams.toLocaleString('en-GB')} open event streams on one instance add ≤ ${MEMORY_GOAL_MB} MB, PostgreSQL`,
      baseline: `${MEMORY_GOAL_MB} MB`,
      measured: `${Math.round(extra)} MB (${Math.round(before)} MB before)`,
      ratio: extra / MEMORY_GOAL_MB,
      pass: extra <= MEMORY_GOAL_MB,
      command: opts.command,
    },
    {
      goal: `a credit posted to one instance reaches its member connected to another ≤ ${DELIVERY_GOAL_MS} ms at p99, ${opts.connections} connections loading the site, PostgreSQL`,
      baseline: `${DELIVERY_GOAL_MS} ms`,
      measured: `p99 ${p99.toFixed(0)} ms (median ${median(times).toFixed(0)} ms, ${times.length} credits)`,
      ratio: p99 / DELIVERY_GOAL_MS,
      pass: p99 <= DELIVERY_GOAL_MS,
      command: opts.command,
    },
  ];
}
