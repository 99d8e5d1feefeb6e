import { median, type RateOptions, rate } from '../measure';
import type { Line } from '../report';
import { MEMBER_SESSIONS, type RunningSite } from '../site';

/** What a member's visit to the Dashboard reads: the navbar, the dashboard, the prizes and their place. */
const VISIT = [
  '/api/auth/me',
  '/api/users/dashboard',
  '/api/prizes',
  '/api/gamification/leaderboard/position?period=weekly',
];

/**
 * Visits per member in the busiest hour, for turning a rate into members: a
 * tenth of all members visiting once in the same hour, the evening of a
 * weekly draw. Stated in the README with the rates it turns into members.
 */
const BUSIEST_HOUR_VISITS_PER_MEMBER = 0.1;

const membersServed = (requestsPerSecond: number) =>
  Math.floor((requestsPerSecond * 3600) / (VISIT.length * BUSIEST_HOUR_VISITS_PER_MEMBER));

/** Visits from the members `from` to `to` with sessions, each request from the next member. */
function visits(
  members: { from: number; to: number },
  load: { connections: number; seconds: number },
): RateOptions {
  let next = members.to;
  return {
    ...load,
    requests: VISIT.map((path) => ({
      path,
      setupRequest: (request) => {
        next = next >= members.to ? members.from : next + 1;
        return { ...request, headers: { authorization: `Bearer ${MEMBER_SESSIONS.token(next)}` } };
      },
    })),
  };
}

/**
 * Issue 25, item 5: how many requests of members' visits one instance serves,
 * and three instances on the same PostgreSQL database (goal: no fewer than
 * one), each the median of `rounds`, taking turns.
 */
export async function capacityLines(
  site: RunningSite,
  opts: {
    members: number;
    /** The first member whose session is still whole: the growth run's writes end some before it. */
    firstMember: number;
    rounds: number;
    seconds: number;
    connections: number;
    command: string;
  },
): Promise<Line[]> {
  const sessions = { from: opts.firstMember, to: Math.min(opts.members, MEMBER_SESSIONS.most) };
  const others = [await site.another(), await site.another()];
  const urls = [site.url, ...others.map((o) => o.url)];
  const share = Math.max(1, Math.floor(opts.connections / urls.length));
  const one: number[] = [];
  const three: number[] = [];
  try {
    // The instances just started: each serves visits for a tenth of a round first, unmeasured.
    const warm = Math.max(1, Math.floor(opts.seconds / 10));
    await Promise.all(urls.map((url) => rate(url, visits(sessions, { connections: share, seconds: warm }))));
    for (let i = 0; i < opts.rounds; i++) {
      one.push(await rate(site.url, visits(sessions, opts)));
      const each = await Promise.all(
        urls.map((url) => rate(url, visits(sessions, { ...opts, connections: share }))),
      );
      three.push(each.reduce((a, b) => a + b, 0));
    }
  } finally {
    for (const o of others) await o.stop();
  }
  const perSecond = (n: number) =>
    `${Math.round(n).toLocaleString('en-GB')} req/s (${membersServed(n).toLocaleString('en-GB')} members)`;
  const ratio = median(three) / median(one);
  return [
    {
      goal: `members' visits (${VISIT.length} reads, each from a different one of ${(sessions.to - sessions.from + 1).toLocaleString('en-GB')} members) through three instances on one PostgreSQL ≥ through one, ${opts.members.toLocaleString('en-GB')} members, ${opts.connections} connections in all`,
      baseline: perSecond(median(one)),
      measured: perSecond(median(three)),
      ratio,
      pass: ratio >= 1,
      command: opts.command,
    },
  ];
}
