import pg from 'pg';
import { fillGrowth, type GrowthSize, growthSize } from '../growth-fill';
import { chainAuditLog, LONG_LEDGER, percentile } from '../history';
import { median } from '../measure';
import type { Line } from '../report';
import { ADMIN, BENCH_PRIZE, MEMBER_SESSIONS, SPENDERS, startSite } from '../site';
import { capacityLines } from './capacity';

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
/** Members whose sessions the writes use, each sample a member not used before: one range per write. */
const FRESH_FROM = 1_001;
/** The first member after the six writes' ranges (`fresh`): their accounts and sessions the run leaves whole. */
const FRESH_AFTER = FRESH_FROM + 6 * 200;
const BENCH_TASK = 'Bench follow';
/** The admin's downloads of a whole table: judged by their cost per row. */
const WHOLE_EXPORTS = ['/api/admin/export/'];

interface Subjects {
  url: string;
  admin: string;
  /** A member of the middle of the site, with a typical history. */
  member: string;
  memberId: string;
  /** The member with LONG_LEDGER's rows. */
  long: string;
  longId: string;
  openPrize: string;
  drawnPrize: string;
  task: string;
  spenders: string[];
}

interface Request {
  name: string;
  method?: string;
  path: (s: Subjects) => string;
  token: (s: Subjects, i: number) => string;
  body?: (s: Subjects, i: number) => unknown;
  headers?: (i: number) => Record<string, string>;
}

/** A member's own session, a different member for every sample, from the range a write keeps for itself. */
const fresh = (range: number) => (_: Subjects, i: number) =>
  MEMBER_SESSIONS.token(FRESH_FROM + range * 200 + i);
const asMember = (s: Subjects) => s.member;
const asAdmin = (s: Subjects) => s.admin;

/** Where each GET of the API is sent, by its OpenAPI path; a text says why a path is not timed here. */
function getFor(path: string): Request[] | string {
  const member = (p: string, name = `GET ${path}`): Request => ({ name, path: () => p, token: asMember });
  const admin = (p: string | ((s: Subjects) => string), name = `GET ${path}`): Request => ({
    name,
    path: typeof p === 'string' ? () => p : p,
    token: asAdmin,
  });
  switch (path) {
    case '/api/users/me/events':
      return 'a stream that stays open: the live scenario measures it';
    case '/api/unsubscribe':
    case '/api/offers/postback':
    case '/api/offers/postback/{id}':
      return 'sent by an email link or a provider, not by a member or an admin';
    case '/api/gamification/leaderboard':
      return [member('/api/gamification/leaderboard?period=weekly')];
    case '/api/gamification/leaderboard/position':
      return [
        {
          name: 'GET /api/gamification/leaderboard/position (a different member each time)',
          path: () => '/api/gamification/leaderboard/position?period=weekly',
          token: fresh(0),
        },
      ];
    case '/api/prizes/{id}':
      return [{ name: `GET ${path}`, path: (s) => `/api/prizes/${s.openPrize}`, token: asMember }];
    case '/api/prizes/{id}/my-entries':
      return [{ name: `GET ${path}`, path: (s) => `/api/prizes/${s.openPrize}/my-entries`, token: asMember }];
    case '/api/prizes/{id}/draw-proof':
      return [
        { name: `GET ${path}`, path: (s) => `/api/prizes/${s.drawnPrize}/draw-proof`, token: asMember },
      ];
    case '/api/users/history':
    case '/api/users/entries':
    case '/api/users/me/export':
      return [
        member(path),
        {
          name: `GET ${path} (the member with ${LONG_LEDGER.rows.toLocaleString('en-GB')} ledger rows)`,
          path: () => path,
          token: (s) => s.long,
        },
      ];
    case '/api/admin/users/':
      return [admin('/api/admin/users/?q=player1', 'GET /api/admin/users/?q=player1')];
    case '/api/admin/users/{id}':
    case '/api/admin/users/{id}/ledger':
    case '/api/admin/users/{id}/ledger.csv':
      return [admin((s) => path.replace('{id}', s.longId))];
    case '/api/admin/audit':
      return [admin('/api/admin/audit?action=user.adjust', 'GET /api/admin/audit?action=user.adjust')];
    default:
      if (path.includes('{')) throw new Error(`growth: no subject for GET ${path}`);
      return [path.startsWith('/api/admin/') ? admin(path) : member(path)];
  }
}

/** The main writes (issue 25, item 1), each from a member not used before where a member can do it once. */
const WRITES: Request[] = [
  {
    name: 'POST /api/auth/register',
    method: 'POST',
    path: () => '/api/auth/register',
    token: () => '',
    body: (_, i) => ({
      username: `Grower ${i}`,
      email: `grower-${process.pid}-${Date.now()}-${i}@bench.test`,
      password: SPENDERS.password,
      acceptTerms: true,
    }),
  },
  {
    name: 'POST /api/auth/login',
    method: 'POST',
    path: () => '/api/auth/login',
    token: () => '',
    body: (_, i) => ({ email: SPENDERS.email(i % SPENDERS.count), password: SPENDERS.password }),
  },
  {
    name: 'POST /api/prizes/{id}/enter (a prize with half the members in it)',
    method: 'POST',
    path: (s) => `/api/prizes/${s.openPrize}/enter`,
    token: (s, i) => s.spenders[i % s.spenders.length]!,
    body: () => ({ entries: 1 }),
  },
  {
    name: 'POST /api/tasks/{id}/complete',
    method: 'POST',
    path: (s) => `/api/tasks/${s.task}/complete`,
    token: fresh(1),
    body: () => ({}),
  },
  {
    name: 'POST /api/gamification/streak/update',
    method: 'POST',
    path: () => '/api/gamification/streak/update',
    token: fresh(2),
  },
  {
    name: 'POST /api/instant-win/spin',
    method: 'POST',
    path: () => '/api/instant-win/spin',
    token: fresh(3),
  },
  {
    name: 'POST /api/users/withdrawals',
    method: 'POST',
    path: () => '/api/users/withdrawals',
    token: fresh(4),
    body: (_, i) => ({ method: 'paypal', amount: 5, paypalEmail: `payee${i}@bench.test` }),
  },
  {
    name: 'POST /api/admin/users/{id}/adjust',
    method: 'POST',
    path: (s) => `/api/admin/users/${s.memberId}/adjust`,
    token: asAdmin,
    body: () => ({ account: 'entries', amount: 1, reason: 'Bench correction' }),
    headers: (i) => ({ 'idempotency-key': `growth-${process.pid}-${Date.now()}-${i}` }),
  },
  {
    name: 'DELETE /api/users/me',
    method: 'DELETE',
    path: () => '/api/users/me',
    token: fresh(5),
    body: () => ({ confirm: 'DELETE' }),
  },
  {
    name: 'POST /api/admin/trigger-draw-check (the hourly check)',
    method: 'POST',
    path: () => '/api/admin/trigger-draw-check',
    token: asAdmin,
  },
  {
    name: 'POST /api/admin/trigger-weekly-payout',
    method: 'POST',
    path: () => '/api/admin/trigger-weekly-payout',
    token: asAdmin,
  },
];

/**
 * One request, timed to its last byte, with the lines it answered (a CSV's rows
 * and its header); anything but a 2xx stops the run, since it measured nothing.
 */
async function timed(s: Subjects, r: Request, i: number) {
  const token = r.token(s, i);
  const body = r.body?.(s, i);
  const start = performance.now();
  const res = await fetch(`${s.url}${r.path(s)}`, {
    method: r.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...r.headers?.(i),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${r.name}: ${res.status} ${text.slice(0, 200)}`);
  return { ms, lines: text.split('\n').length };
}

/** A site of this size, filled, with the ids and sessions its requests need. */
async function growthSite(size: GrowthSize) {
  const site = await startSite('postgres', { users: size.members });
  try {
    const client = new pg.Client({ connectionString: site.databaseUrl });
    await client.connect();
    try {
      await fillGrowth(client, size, BENCH_PRIZE);
      await chainAuditLog(site.databaseUrl!);
      const one = async (text: string, values?: unknown[]) => (await client.query(text, values)).rows[0];
      // Members the writes use: cash to withdraw, and the ads that unlock a spin.
      await client.query(
        `update users set cash_pence = 10000, email_verified_at = now()
          where email in (select 'player' || g || '@bench.test' from generate_series($1::int, $2::int) g)`,
        [FRESH_FROM, FRESH_FROM + 6 * 200],
      );
      await client.query(
        `insert into task_completions (task_id, user_id, entries_awarded, completed_at)
         select t.id, u.id, 0, now() - interval '1 day'
           from users u, (select id from tasks where type = 'watch_video_ad' limit 1) t, generate_series(1, 5)
          where u.email in (select 'player' || g || '@bench.test' from generate_series($1::int, $2::int) g)`,
        [FRESH_FROM + 3 * 200, FRESH_FROM + 4 * 200],
      );
      // The members who delete their accounts have no prize on its way and no withdrawal waiting to be
      // paid, either of which keeps an account.
      for (const table of ['wins', 'withdrawals'])
        await client.query(
          `delete from ${table} where user_id in
             (select id from users where email in (select 'player' || g || '@bench.test' from generate_series($1::int, $2::int) g))`,
          [FRESH_FROM + 5 * 200, FRESH_FROM + 6 * 200],
        );
      const task = await one(
        `insert into tasks (type, platform, title, entries_reward, account_to_follow)
         values ('twitter_follow', 'twitter', $1, 5, '@bench') returning id`,
        [BENCH_TASK],
      );
      const middle = Math.min(MEMBER_SESSIONS.most, size.members) - 1;
      const idOf = async (n: number) =>
        (await one('select id from users where email = $1', [`player${n}@bench.test`])).id;
      const signIn = async (body: unknown) => {
        const res = await fetch(`${site.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return ((await res.json()) as { token: string }).token;
      };
      const spenders: string[] = [];
      for (let i = 0; i < SPENDERS.count; i++)
        spenders.push(await signIn({ email: SPENDERS.email(i), password: SPENDERS.password }));
      const subjects: Subjects = {
        url: site.url,
        admin: await signIn(ADMIN),
        member: MEMBER_SESSIONS.token(middle),
        memberId: await idOf(middle),
        long: MEMBER_SESSIONS.token(7),
        longId: await idOf(7),
        openPrize: (await one('select id from prizes where title = $1', [BENCH_PRIZE])).id,
        drawnPrize: (await one(`select id from prizes where title = 'Drawn prize 1'`)).id,
        task: task.id,
        spenders,
      };
      return { site, subjects };
    } finally {
      await client.end();
    }
  } catch (err) {
    await site.stop();
    throw err;
  }
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
