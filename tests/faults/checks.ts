import type pg from 'pg';
import type { Outcome } from './client';
import type { Ledger } from './workload';

export interface Check {
  name: string;
  failures: string[];
}

const rows = async <T>(db: pg.Pool, text: string) => (await db.query(text)).rows as T[];

/** What must hold in the database after the run, whatever the faults did. */
export async function databaseChecks(db: pg.Pool, ledger: Ledger): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, failures: string[]) => checks.push({ name, failures });

  const drift = await rows<{ id: string; entries: number; cash: number; e: number; c: number }>(
    db,
    `select u.id, u.available_entries as entries, u.cash_pence as cash,
            coalesce(l.e, 0)::int as e, coalesce(l.c, 0)::int as c
       from users u
       left join (select user_id,
                         sum(amount) filter (where account = 'entries') as e,
                         sum(amount) filter (where account = 'cash') as c
                    from ledger_entries group by user_id) l on l.user_id = u.id
      where u.available_entries <> coalesce(l.e, 0) or u.cash_pence <> coalesce(l.c, 0)`,
  );
  check(
    'every balance equals its ledger sum',
    drift.map((d) => `user ${d.id}: entries ${d.entries} vs ledger ${d.e}, cash ${d.cash} vs ${d.c}`),
  );

  // Only a reversed offer may take a balance below zero (the provider took back what it paid).
  const negative = await rows<{ id: string }>(
    db,
    `select id from users u
      where u.cash_pence < 0
         or (u.available_entries < 0 and not exists (
              select 1 from ledger_entries l where l.user_id = u.id and l.reason = 'offer_reversal'))`,
  );
  check(
    'nothing is negative that may not be',
    negative.map((n) => `user ${n.id}`),
  );

  const totals = await rows<{ id: string }>(
    db,
    `select p.id from prizes p
      where p.total_entries <> coalesce((select sum(entries) from prize_entries e where e.prize_id = p.id), 0)`,
  );
  check(
    'every prize’s entry count equals its holdings',
    totals.map((t) => `prize ${t.id}`),
  );

  const overdrawn = await rows<{ id: string; n: number }>(
    db,
    `select p.id, count(w.*)::int as n from prizes p join wins w on w.prize_id = p.id
      group by p.id, p.total_winners, p.status
     having count(w.*) > p.total_winners or count(distinct w.user_id) < count(w.*)
         or count(distinct w.position) < count(w.*) or p.status <> 'drawn'`,
  );
  check('no prize drawn twice', [
    ...overdrawn.map((o) => `prize ${o.id} has ${o.n} wins`),
    ...[...ledger.draws].filter(([, n]) => n > 1).map(([id, n]) => `prize ${id} answered "drawn" ${n} times`),
  ]);

  const paidTwice = await rows<{ reference: string; n: number }>(
    db,
    `select reference, count(*)::int as n from ledger_entries
      where reason in ('leaderboard_prize', 'offer', 'offer_reversal', 'prize_cancelled_refund')
      group by reason, reference, user_id having count(*) > 1`,
  );
  check(
    'nothing paid twice',
    paidTwice.map((p) => `${p.reference} paid ${p.n} times`),
  );

  check('no acknowledged write lost', await lostWrites(db, ledger));
  return checks;
}

async function lostWrites(db: pg.Pool, ledger: Ledger) {
  const lost: string[] = [];
  const emails = new Set(
    (await rows<{ email: string }>(db, 'select email from users')).map((r) => r.email.toLowerCase()),
  );
  for (const email of ledger.emails) if (!emails.has(email.toLowerCase())) lost.push(`sign-up ${email}`);

  const completions = new Set(
    (await rows<{ k: string }>(db, `select user_id || ':' || task_id as k from task_completions`)).map(
      (r) => r.k,
    ),
  );
  for (const k of ledger.taskCompletions) if (!completions.has(k)) lost.push(`task completion ${k}`);

  const offers = new Set(
    (
      await rows<{ reference: string }>(db, `select reference from ledger_entries where reason = 'offer'`)
    ).map((r) => r.reference),
  );
  for (const tx of ledger.offerCredits) if (!offers.has(tx)) lost.push(`offer credit ${tx}`);

  const held = new Map(
    (
      await rows<{ k: string; entries: number }>(
        db,
        `select user_id || ':' || prize_id as k, entries from prize_entries`,
      )
    ).map((r) => [r.k, r.entries]),
  );
  for (const [k, { acked, unknown }] of ledger.entries) {
    const holding = held.get(k) ?? 0;
    if (holding < acked || holding > acked + unknown)
      lost.push(`entries ${k}: holds ${holding}, acknowledged ${acked}, unanswered ${unknown}`);
  }

  const drawn = new Set(
    (await rows<{ id: string }>(db, `select id from prizes where status = 'drawn'`)).map((r) => r.id),
  );
  for (const [id, n] of ledger.draws) if (n > 0 && !drawn.has(id)) lost.push(`draw of ${id}`);
  return lost;
}

/**
 * No 5xx, except the 503 that says the database is away, given while it was:
 * after it went down, to requests made before that instance served again.
 */
export function serverErrorCheck(
  outcomes: Outcome[],
  outage: { downAt: number; recoveredAt: Map<string, number> },
): Check {
  const duringOutage = (o: Outcome) =>
    o.endedAt >= outage.downAt && o.startedAt <= (outage.recoveredAt.get(o.instance) ?? 0);
  const failures = outcomes
    .filter((o) => typeof o.status === 'number' && o.status >= 500)
    .filter((o) => !(o.status === 503 && o.code === 'unavailable' && duringOutage(o)))
    .map(
      (o) => `${o.status} ${o.code} from ${o.route} on ${o.instance} at +${o.startedAt - outage.downAt} ms`,
    );
  return { name: 'no 5xx except 503 while the database was down', failures };
}

/** The run did what it set out to: without these every other check could pass by testing nothing. */
export async function coverageCheck(
  db: pg.Pool,
  ledger: Ledger,
  outcomes: Outcome[],
  faults: { killedAt: number; restartedAt: number; downAt: number; upAt: number },
): Promise<Check> {
  const count = async (text: string) => Number((await db.query(text)).rows[0].n);
  const between = (from: number, to: number, pick: (o: Outcome) => boolean) =>
    outcomes.filter((o) => o.endedAt >= from && o.startedAt <= to && pick(o)).length;
  const missing: string[] = [];
  const need = (what: string, n: number) => {
    if (n === 0) missing.push(what);
  };
  need('acknowledged sign-ups', ledger.emails.size);
  need('acknowledged entries', [...ledger.entries.values()].filter((e) => e.acked > 0).length);
  need('acknowledged offer credits', ledger.offerCredits.size);
  need('acknowledged task completions', ledger.taskCompletions.size);
  need('prizes drawn by pressing Draw everywhere', [...ledger.draws.values()].filter((n) => n > 0).length);
  need(
    'weekly prizes paid',
    await count(`select count(*) as n from ledger_entries where reason = 'leaderboard_prize'`),
  );
  need(
    'paid video ads',
    await count(`select count(*) as n from task_completions c join tasks t on t.id = c.task_id
                 where t.type = 'watch_video_ad'`),
  );
  need(
    'requests cut off by the killed instance',
    between(faults.killedAt, faults.restartedAt, (o) => o.status === 'network'),
  );
  need(
    'requests refused while the database was down',
    between(faults.downAt, faults.upAt, (o) => o.status === 503 || o.status === 'network'),
  );
  return { name: 'the run exercised every path and both faults', failures: missing.map((m) => `no ${m}`) };
}
