import pg from 'pg';
import { fillHistory, type HistoryOptions, LONG_LEDGER, latencies, percentile } from '../history';
import { median } from '../measure';
import type { Line } from '../report';
import { signInAdmin } from '../sessions';
import type { RunningSite } from '../site';

export interface OperatorOptions extends HistoryOptions {
  users: number;
  /** Requests timed per line, one at a time. */
  samples: number;
  command: string;
}

/** Days of analytics the Dashboard reads. */
const ANALYTICS_DAYS = 90;
const GOAL_MS = 100;

/**
 * The operator's reads at this size (issue 22, item 11; DESIGN §11): member
 * search (a prefix, a part anywhere, a domain, and each filter), a page of a long ledger, a page of the audit log, and 90 days of
 * analytics, each answered in ≤ 100 ms (the median of its samples; its p99 is shown).
 */
export async function operatorScenario(site: RunningSite, opts: OperatorOptions): Promise<Line[]> {
  const client = new pg.Client({ connectionString: site.databaseUrl });
  await client.connect();
  let long: string;
  try {
    await fillHistory(client, opts);
    long = (await client.query('select id from users where email = $1', [LONG_LEDGER.email])).rows[0].id;
    // A few members in each state the search filters by, as a live site has: one in a thousand.
    const some = (k: number) =>
      `id in (select id from users where email like 'player%' and hashtext(id::text) % 4000 = ${k})`;
    await client.query(`update users set suspended_at = now(), suspension_reason = 'Bench' where ${some(1)}`);
    await client.query(
      `update users set cashouts_held_at = now(), cashouts_hold_reason = 'Bench' where ${some(2)}`,
    );
    await client.query(`update users set break_until = now() + interval '30 days' where ${some(3)}`);
    await client.query(
      `insert into member_risk (user_id, score, signals, updated_at)
       select id, 10 * (1 + hashtext(id::text) % 9), '[]'::jsonb, now() from users where ${some(4)}`,
    );
    await client.query('vacuum analyze users');
    await client.query('vacuum analyze member_risk');
  } finally {
    await client.end();
  }
  const headers = { authorization: `Bearer ${await signInAdmin(site)}` };
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  const subjects = [
    [
      'member search by a short prefix of the email ("player1", 1 in 9 members match)',
      '/api/admin/users?q=player1',
    ],
    [
      'member search by a part inside an email ("ayer31415", a few members match)',
      '/api/admin/users?q=ayer31415',
    ],
    ['member search by a part of a name ("yer 27182")', '/api/admin/users?q=yer%2027182'],
    [
      'member search by a whole domain nobody uses ("@nowhere.example")',
      '/api/admin/users?q=%40nowhere.example',
    ],
    ['suspended members, newest first', '/api/admin/users?status=suspended'],
    ['members on a break, newest first', '/api/admin/users?status=on_break'],
    ['members whose cashouts are held', '/api/admin/users?held=true'],
    ['members with a risk score of 50 or more', '/api/admin/users?minRisk=50'],
    [
      'a page of a member’s ledger of 100,000 rows, newest first',
      `/api/admin/users/${long}/ledger?account=entries`,
    ],
    ['a page of the audit log filtered by action', '/api/admin/audit?action=withdrawal.paid'],
    [
      `${ANALYTICS_DAYS} days of analytics`,
      `/api/admin/analytics?from=${day(ANALYTICS_DAYS - 1)}&to=${day(0)}`,
    ],
  ] as const;
  const scale = `${opts.users.toLocaleString('en-GB')} members and ${opts.ledgerRows.toLocaleString('en-GB')} ledger rows, PostgreSQL`;
  const lines: Line[] = [];
  for (const [what, path] of subjects) {
    // The first answers warm the caches a running site would have warm.
    await latencies(`${site.url}${path}`, headers, 3);
    const times = await latencies(`${site.url}${path}`, headers, opts.samples);
    const mid = median(times);
    lines.push({
      goal: `${what} ≤ ${GOAL_MS} ms with ${scale}`,
      baseline: `${GOAL_MS} ms`,
      measured: `${mid.toFixed(1)} ms (p99 ${percentile(times, 99).toFixed(1)} ms)`,
      ratio: mid / GOAL_MS,
      pass: mid <= GOAL_MS,
      command: opts.command,
    });
  }
  return lines;
}
