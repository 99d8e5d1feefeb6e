import { growthSize } from '../growth-fill';
import { LONG_LEDGER, percentile } from '../history';
import { median } from '../measure';
import type { Line } from '../report';
import { refreshAdmin } from '../sessions';
import { capacityLines } from './capacity';
import { FRESH_AFTER, getFor, type Request, type Subjects, WRITES } from './growth-requests';
import { growthSite } from './growth-site';

export interface GrowthOptions {
  /** The smaller site's members and the larger's (issue 25: 10,000 and 1,000,000). */
  sizes: [number, number];
  /** Ledger rows of the larger site; the smaller has as many per member. */
  ledgerRows: number;
  /** Requests timed per line on each site, the two sites taking turns. */
  samples: number;
  /** The load that measures how many members the larger site serves (capacity.ts). */
  capacity: { rounds: number; seconds: number; connections: number };
  command: string;
}

/** How much slower a request may be on the larger site (DESIGN §11). */
const GROWTH_GOAL = 2;
/** Requests slower than these (whole exports) are timed on fewer samples, so the run stays within the hour. */
const SLOW: Array<[ms: number, samples: number]> = [
  [1_000, 3],
  [100, 11],
];
/** The larger site's server after every request above (issue 25, item 4). */
const MEMORY_GOAL_MB = 300;
/** The admin's downloads of a whole table: judged by their cost per row. */
const WHOLE_EXPORTS = ['/api/admin/export/'];

/**
 * One request, timed to its last byte, with the lines it answered (a CSV's rows
 * and its header); anything but a 2xx stops the run, since it measured nothing.
 */
export async function timed<S extends { url: string }>(s: S, r: Request<S>, i: number) {
  const token = r.token(s, i);
  const body = r.body?.(s, i);
  const start = performance.now();
  const res = await fetch(`${s.url}${r.path(s, i)}`, {
    method: r.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...r.headers?.(i),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // The first chunk of the body: what a streamed answer shows its reader soonest.
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let firstByte = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!chunks.length) firstByte = performance.now() - start;
    chunks.push(value);
  }
  const ms = performance.now() - start;
  const text = Buffer.concat(chunks).toString();
  if (!res.ok) throw new Error(`${r.name}: ${res.status} ${text.slice(0, 200)}`);
  return { ms, firstByte, bytes: chunks.reduce((n, c) => n + c.length, 0), lines: text.split('\n').length };
}

const ms = (times: number[]) => `${median(times).toFixed(1)} ms (p99 ${percentile(times, 99).toFixed(1)} ms)`;

/**
 * Issue 25, item 1: every GET a member or an admin can send, and the main
 * writes, on a site of `sizes[0]` members and on one of `sizes[1]` with its
 * history, the two sites taking turns request by request; each line is the
 * larger site's median against the smaller's, within 2×.
 */
export async function growthScenario(opts: GrowthOptions, log: (text: string) => void): Promise<Line[]> {
  const [smallMembers, largeMembers] = opts.sizes;
  const perMember = opts.ledgerRows / largeMembers;
  const sites: Array<Awaited<ReturnType<typeof growthSite>>> = [];
  try {
    for (const members of opts.sizes) {
      log(`growth: filling a site of ${members.toLocaleString('en-GB')} members`);
      const started = Date.now();
      sites.push(
        await growthSite(growthSize(members, Math.max(LONG_LEDGER.rows * 1.2, members * perMember))),
      );
      log(`growth: filled in ${Math.round((Date.now() - started) / 1000)} s`);
    }
    // The first site's admin signed in before the second site's fill, longer ago than money moves allow.
    for (const { site } of sites) await refreshAdmin(site);
    const [small, large] = sites.map((s) => s.subjects) as [Subjects, Subjects];
    const spec = (await (await fetch(`${small.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const gets = Object.entries(spec.paths)
      .filter(([, ops]) => 'get' in ops)
      .flatMap(([path]) => {
        const r = getFor(path);
        if (typeof r === 'string') log(`growth: not timed here, ${path}: ${r}`);
        return typeof r === 'string' ? [] : r;
      });
    const lines: Line[] = [];
    const scale = `${largeMembers.toLocaleString('en-GB')} members and ${opts.ledgerRows.toLocaleString('en-GB')} ledger rows ≤ ${GROWTH_GOAL}× its time at ${smallMembers.toLocaleString('en-GB')}, PostgreSQL`;
    for (const r of [...gets, ...WRITES]) {
      const times: [number[], number[]] = [[], []];
      const rows: [number, number] = [0, 0];
      // A warm-up on each, as a running site would be warm; writes' warm-ups use samples' own members.
      const warm = r.method ? 0 : 2;
      let slowest = 0;
      for (let i = 0; i < warm; i++)
        for (const s of [small, large]) slowest = Math.max(slowest, (await timed(s, r, i)).ms);
      const samples = Math.min(opts.samples, SLOW.find(([ms]) => slowest > ms)?.[1] ?? opts.samples);
      for (let i = 0; i < samples; i++) {
        // Turns alternate which site goes first, so neither always follows the other.
        const order = i % 2 ? [1, 0] : [0, 1];
        for (const k of order as Array<0 | 1>) {
          const answer = await timed([small, large][k]!, r, warm + i);
          times[k].push(answer.ms);
          rows[k] = answer.lines - 2;
        }
      }
      // An export of the whole of a table a hundred times larger is a hundred times longer: what must
      // not grow is what each row costs, so those lines compare the time per row exported.
      const perRow = WHOLE_EXPORTS.some((e) => r.name.includes(e));
      const cost = (k: 0 | 1) => median(times[k]) / (perRow ? rows[k] : 1);
      const ratio = cost(1) / cost(0);
      const shown = (k: 0 | 1) =>
        perRow
          ? `${ms(times[k])} for ${rows[k].toLocaleString('en-GB')} rows, ${(cost(k) * 1000).toFixed(1)} µs a row`
          : ms(times[k]);
      lines.push({
        goal: `${r.name}${perRow ? ', time per row exported,' : ''} with ${scale}`,
        baseline: shown(0),
        measured: shown(1),
        ratio,
        pass: ratio <= GROWTH_GOAL,
        command: opts.command,
      });
      log(`growth: ${r.name}: ${shown(0)} → ${shown(1)}, ${ratio.toFixed(2)}×`);
    }
    const rss = sites[1]!.site.rssMb();
    lines.push({
      goal: `server's resident memory at the end of the growth run ≤ ${MEMORY_GOAL_MB} MB, ${largeMembers.toLocaleString('en-GB')} members, PostgreSQL`,
      baseline: `${MEMORY_GOAL_MB} MB`,
      measured: `${Math.round(rss)} MB`,
      ratio: rss / MEMORY_GOAL_MB,
      pass: rss <= MEMORY_GOAL_MB,
      command: opts.command,
    });
    log('growth: members served by one instance and by three');
    lines.push(
      ...(await capacityLines(sites[1]!.site, {
        ...opts.capacity,
        members: largeMembers,
        firstMember: FRESH_AFTER,
        command: opts.command,
      })),
    );
    return lines;
  } finally {
    for (const { site } of sites) await site.stop();
  }
}
