import pg from 'pg';
import { growthSize } from '../growth-fill';
import { fillHeavy, HEAVY_FROM, type HeavyShape, NEW_FROM, playerEmail } from '../heavy-fill';
import { percentile } from '../history';
import { median } from '../measure';
import type { Line } from '../report';
import { MEMBER_SESSIONS } from '../site';
import { timed } from './growth';
import type { Request, Subjects } from './growth-requests';
import { growthSite } from './growth-site';

export interface HeavyOptions {
  /** Members of the site, before the heavy members' referred friends join it. */
  members: number;
  shape: HeavyShape;
  /** Requests timed per line for each kind of member, taking turns. */
  samples: number;
  command: string;
}

/** How much more a heavy member's request may cost than a new member's (DESIGN §11). */
const HEAVY_GOAL = 1.5;
/** The admin's page of any member, and its ledger pages (DESIGN §11). */
const ADMIN_PAGE_GOAL_MS = 100;

/** One kind of member on the site: their sessions and ids, one member a sample, in turn. */
interface Side extends Subjects {
  tokens: string[];
  ids: string[];
  /** A past prize the heavy members entered. */
  pastPrize: string;
}

const own = (s: Side, i: number) => s.tokens[i % s.tokens.length]!;

/** Where a member's GET is sent, by its OpenAPI path; null for one a member does not send as themselves. */
function memberGet(path: string): Request<Side> | null {
  const at = (p: (s: Side) => string): Request<Side> => ({ name: `GET ${path}`, path: p, token: own });
  switch (path) {
    case '/api/users/me/events':
      return null; // a stream that stays open: the live scenario measures it
    case '/api/gamification/leaderboard/position':
      return at(() => '/api/gamification/leaderboard/position?period=weekly');
    case '/api/prizes/{id}':
      return at((s) => `/api/prizes/${s.openPrize}`);
    case '/api/prizes/{id}/my-entries':
      return at((s) => `/api/prizes/${s.pastPrize}/my-entries`);
    case '/api/prizes/{id}/draw-proof':
      return at((s) => `/api/prizes/${s.pastPrize}/draw-proof`);
    default:
      if (path.includes('{')) throw new Error(`heavy: no subject for GET ${path}`);
      return at(() => path);
  }
}

/** The writes a member makes every day, each sample a different member of each kind. */
const WRITES: Array<Request<Side>> = [
  { name: 'POST /api/instant-win/spin', method: 'POST', path: () => '/api/instant-win/spin', token: own },
  {
    name: 'POST /api/tasks/{id}/complete',
    method: 'POST',
    path: (s) => `/api/tasks/${s.task}/complete`,
    token: own,
    body: () => ({}),
  },
  {
    name: 'POST /api/gamification/streak/update',
    method: 'POST',
    path: () => '/api/gamification/streak/update',
    token: own,
  },
  {
    name: 'POST /api/prizes/{id}/enter',
    method: 'POST',
    path: (s) => `/api/prizes/${s.openPrize}/enter`,
    token: own,
    body: () => ({ entries: 1 }),
  },
];

const asAdmin = (s: Side) => s.admin;
const ADMIN_READS: Array<Request<Side>> = [
  {
    name: "GET /api/admin/users/{id} (the admin's page of the member)",
    path: (s, i) => `/api/admin/users/${s.ids[i % s.ids.length]}`,
    token: asAdmin,
  },
  {
    name: 'GET /api/admin/users/{id}/ledger',
    path: (s, i) => `/api/admin/users/${s.ids[i % s.ids.length]}/ledger`,
    token: asAdmin,
  },
];

const ms = (times: number[]) => `${median(times).toFixed(1)} ms (p99 ${percentile(times, 99).toFixed(1)} ms)`;

/**
 * DESIGN §11, heavy members: on one site, each member request sent for a heavy member and for a
 * new one, the two taking turns, a different member of each kind every sample; each line is the
 * heavy members' median against the new members', within 1.5×. The export, which is as long as
 * the history it holds, is judged by its first byte and by its time per kilobyte.
 */
export async function heavyScenario(opts: HeavyOptions, log: (text: string) => void): Promise<Line[]> {
  const { shape } = opts;
  log(`heavy: filling a site of ${opts.members.toLocaleString('en-GB')} members`);
  const started = Date.now();
  const { site, subjects } = await growthSite(growthSize(opts.members));
  try {
    const client = new pg.Client({ connectionString: site.databaseUrl });
    await client.connect();
    // New members first, the baseline; then the heavy ones.
    const sides: Side[] = [];
    try {
      await fillHeavy(client, shape);
      const pastPrize = (await client.query(`select id from prizes where title = 'Heavy past prize 1'`))
        .rows[0].id;
      for (const from of [NEW_FROM, HEAVY_FROM]) {
        const players = Array.from({ length: shape.heavy }, (_, i) => from + i);
        const { rows } = await client.query('select id, email from users where email = any($1)', [
          players.map(playerEmail),
        ]);
        const byEmail = new Map(rows.map((r) => [r.email as string, r.id as string]));
        sides.push({
          ...subjects,
          tokens: players.map((n) => MEMBER_SESSIONS.token(n)),
          ids: players.map((n) => byEmail.get(playerEmail(n))!),
          pastPrize,
        });
      }
    } finally {
      await client.end();
    }
    log(`heavy: filled in ${Math.round((Date.now() - started) / 1000)} s`);

    const spec = (await (await fetch(`${site.url}/api/docs/json`)).json()) as {
      paths: Record<string, { get?: { security?: Array<{ bearer?: string[] }> } }>;
    };
    // A member's own GETs: those a signed-in member may send (a bearer requirement, maybe optional),
    // which no staff permission guards; public ones declare none.
    const gets = Object.entries(spec.paths)
      .filter(([, ops]) => {
        const needs = ops.get?.security ?? [];
        return needs.some((s) => s.bearer?.length === 0) && needs.every((s) => !s.bearer?.length);
      })
      .flatMap(([path]) => memberGet(path) ?? []);

    const heavyKind = `a heavy member (${shape.ledgerRows.map((n) => n.toLocaleString('en-GB')).join('–')} ledger rows, ${shape.taskCompletions.toLocaleString('en-GB')} tasks, ${shape.referrals.toLocaleString('en-GB')} referrals, ${shape.notifications.toLocaleString('en-GB')} notifications, ${shape.prizeEntries} prizes entered)`;
    const where = `same site of ${opts.members.toLocaleString('en-GB')} members, PostgreSQL`;
    const lines: Line[] = [];
    for (const r of [...gets, ...WRITES, ...ADMIN_READS]) {
      const times: [number[], number[]] = [[], []];
      const firstBytes: [number[], number[]] = [[], []];
      const bytes: [number[], number[]] = [[], []];
      const warm = r.method ? 0 : 2;
      for (let i = 0; i < warm; i++) for (const s of sides) await timed(s, r, i);
      // A write takes a member of each kind once: as many samples as there are heavy members.
      const samples = r.method ? Math.min(opts.samples, shape.heavy) : opts.samples;
      for (let i = 0; i < samples; i++) {
        const order = i % 2 ? [1, 0] : [0, 1];
        for (const k of order as Array<0 | 1>) {
          const answer = await timed(sides[k]!, r, warm + i);
          times[k].push(answer.ms);
          firstBytes[k].push(answer.firstByte);
          bytes[k].push(answer.bytes);
        }
      }
      if (ADMIN_READS.includes(r)) {
        // Staff's reads are held to their own time (DESIGN §11), the new member's shown beside it.
        const took = median(times[1]);
        lines.push({
          goal: `${r.name} for ${heavyKind} ≤ ${ADMIN_PAGE_GOAL_MS} ms, ${where}`,
          baseline: `${ADMIN_PAGE_GOAL_MS} ms (a new member's: ${ms(times[0])})`,
          measured: ms(times[1]),
          ratio: took / ADMIN_PAGE_GOAL_MS,
          pass: took <= ADMIN_PAGE_GOAL_MS,
          command: opts.command,
        });
        log(`heavy: ${r.name}: ${ms(times[0])} → ${ms(times[1])}`);
        continue;
      }
      const whole = r.name === 'GET /api/users/me/export';
      if (whole) {
        const perKb = (k: 0 | 1) => median(times[k]) / (median(bytes[k]) / 1024);
        const shown = (k: 0 | 1) =>
          `${ms(times[k])} for ${Math.round(median(bytes[k]) / 1024).toLocaleString('en-GB')} KB, ${(perKb(k) * 1000).toFixed(0)} µs a KB`;
        lines.push({
          goal: `${r.name}, time per kilobyte, for ${heavyKind} ≤ ${HEAVY_GOAL}× a new member's, ${where}`,
          baseline: shown(0),
          measured: shown(1),
          ratio: perKb(1) / perKb(0),
          pass: perKb(1) / perKb(0) <= HEAVY_GOAL,
          command: opts.command,
        });
      }
      const series = whole ? firstBytes : times;
      const ratio = median(series[1]) / median(series[0]);
      lines.push({
        goal: `${r.name}${whole ? ', first byte,' : ''} for ${heavyKind} ≤ ${HEAVY_GOAL}× a new member's, ${where}`,
        baseline: ms(series[0]),
        measured: ms(series[1]),
        ratio,
        pass: ratio <= HEAVY_GOAL,
        command: opts.command,
      });
      log(`heavy: ${r.name}: ${ms(series[0])} → ${ms(series[1])}, ${ratio.toFixed(2)}×`);
    }
    return lines;
  } finally {
    await site.stop();
  }
}
