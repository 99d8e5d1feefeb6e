import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import {
  type Database,
  fromPglite,
  fromPostgres,
  pgliteExtensions,
  retryable,
} from '../../src/server/db/client';
import { leafBytes } from '../../src/server/features/transparency/log';
import { publicLog } from '../../src/server/features/transparency/public-log';
import { systemClock } from '../../src/server/lib/clock';
import { shardOf } from '../../src/server/lib/daily-totals';
import { londonDay } from '../../src/server/lib/london';
import { leafHash } from '../../src/shared/merkle';
import { alternate, rate } from '../measure';
import type { Line } from '../report';
import { signInSpenders } from '../sessions';
import { BENCH_PRIZE, type DatabaseKind, type RunningSite, SPENDERS } from '../site';
import { creditScenario } from './credit';

/** The spenders' sessions and the bench prize. */
async function prepare(site: RunningSite, members: number) {
  const signedIn = await signInSpenders(site, members);
  const { prizes } = (await (await fetch(`${site.url}/api/prizes`)).json()) as {
    prizes: Array<{ _id: string; title: string }>;
  };
  return { members: signedIn, prizeId: prizes.find((p) => p.title === BENCH_PRIZE)!._id };
}

/**
 * The statements entering a prize sends, as the site sends them, in its order:
 * the capped holding upsert, the conditional debit, the ledger row with the
 * day's analytics counters, the conditional prize update, and last the
 * receipt's leaf in the public log. The baselines send them straight to the
 * database, in one transaction each, then place the leaf through the site's own
 * public log (receiptAfter), as the site does once the entry has committed.
 */
function enterStatements(prizeId: string, userId: string): Array<[string, unknown[]]> {
  const at = new Date();
  const now = at.toISOString();
  const day = londonDay(at);
  const pid = randomBytes(16).toString('hex');
  const leaf = leafBytes({ type: 'entry', prize: prizeId, pid, entries: 1, at: now });
  return [
    [
      `insert into prize_entries (prize_id, user_id, entries, updated_at, pid) values ($1, $2, $3, $4, $5)
       on conflict (prize_id, user_id) do update set entries = prize_entries.entries + $6, updated_at = $7
       where prize_entries.entries + $8 <= $9 returning entries`,
      [prizeId, userId, 1, now, pid, 1, now, 1, 1_000_000_000],
    ],
    [
      `update users set available_entries = users.available_entries + $1
        where (users.id = $2 and users.available_entries >= $3) returning available_entries`,
      [-1, userId, 1],
    ],
    [
      `with inserted as (
         insert into ledger_entries (user_id, account, amount, reason, reference, idempotency_key, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (idempotency_key) do nothing returning id),
       activity as (
         insert into daily_active (day, user_id) select $8::date, $9::uuid from inserted on conflict do nothing returning 1),
       totals as (
         insert into daily_totals (day, metric, shard, amount) select $10::date, c.metric, $11::smallint, c.amount
           from (values ($12, $13::bigint), ('active', (select count(*) from activity))) as c(metric, amount), inserted
          where c.amount <> 0
         on conflict (day, metric, shard) do update set amount = daily_totals.amount + excluded.amount)
       select id from inserted`,
      [
        userId,
        'entries',
        -1,
        'prize_entry',
        prizeId,
        `bench:${randomUUID()}`,
        now,
        day,
        userId,
        day,
        shardOf(userId),
        'spent',
        1,
      ],
    ],
    [
      `update prizes set total_entries = prizes.total_entries + $1
        where (prizes.id = $2 and (((prizes.status = $3 and prizes.start_date <= $4 and prizes.end_date > $5)
          and prizes.snapshot_at is null) and prizes.entry_cost = $6 and prizes.max_entries_per_user = $7))
        returning total_entries`,
      [1, prizeId, 'active', now, now, 1, 1_000_000_000],
    ],
    [
      `insert into log_leaves (kind, data, hash, prize_id, pid) values ($1, $2, $3, $4, $5) returning id`,
      ['entry', leaf, leafHash(leaf), prizeId, pid],
    ],
  ];
}

/** The site's public log on the baseline's connection: each entry's receipt, placed as the site places it. */
function receiptAfter(database: Database) {
  const log = publicLog(database.db, loadConfig({}), systemClock);
  return {
    async receipt(inserted: unknown) {
      const [leaf] = (inserted as { rows: Array<{ id: string | number }> }).rows;
      await log.receipt(Number(leaf!.id));
    },
    /** The checkpoint the receipts asked for, signed before the connection closes. */
    flush: () => log.flush(),
  };
}

/** Entries a second while each member enters again and again until `seconds` have passed. */
async function entriesPerSecond(
  members: Array<{ id: string }>,
  seconds: number,
  enter: (userId: string) => Promise<void>,
) {
  let done = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    members.map(async (m) => {
      while (Date.now() < until) {
        await enter(m.id);
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

/** The statements through the pg driver, one pooled connection per member. */
async function driverRate(url: string, prizeId: string, members: Array<{ id: string }>, seconds: number) {
  const pool = new pg.Pool({ connectionString: url, max: members.length });
  const database = fromPostgres(url);
  const { receipt, flush } = receiptAfter(database);
  try {
    return await entriesPerSecond(members, seconds, async (userId) => {
      const client = await pool.connect();
      let released = false;
      try {
        // Members entering at once can deadlock, through the day's shared counters: like the site
        // (db/client.ts withRetries), the entry is then run again after a short pause.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query('begin');
            let last: unknown;
            for (const [text, values] of enterStatements(prizeId, userId))
              last = await client.query(text, values);
            await client.query('commit');
            client.release();
            released = true;
            await receipt(last);
            return;
          } catch (err) {
            await client.query('rollback');
            if (!retryable(err)) throw err;
            await delay(Math.random() * 20 * attempt);
          }
        }
      } finally {
        if (!released) client.release();
      }
    });
  } finally {
    await flush();
    await pool.end();
    await database.close();
  }
}

/** The statements straight to PGlite, in this process, on the site's folder while the site is stopped. */
async function pgliteRate(
  dataDir: string,
  prizeId: string,
  members: Array<{ id: string }>,
  seconds: number,
  warmSeconds: number,
) {
  const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  const { receipt, flush } = receiptAfter(fromPglite(client));
  const enter = async (userId: string) => {
    const inserted = await client.transaction(async (tx) => {
      let last: unknown;
      for (const [text, values] of enterStatements(prizeId, userId)) last = await tx.query(text, values);
      return last;
    });
    await receipt(inserted);
  };
  try {
    await entriesPerSecond(members, warmSeconds, enter);
    return await entriesPerSecond(members, seconds, enter);
  } finally {
    await flush();
    await client.close();
  }
}

/**
 * Entering a prize through the site against the same statements sent straight
 * to the database, with as many members at once as connections: through the
 * driver on PostgreSQL (goal: ≥ 50%), and into PGlite in this process, on the
 * site's folder with the site stopped (goal: ≥ 40%). On PostgreSQL also the
 * cost of a credit's period totals (credit.ts).
 */
export async function spendScenario(
  site: RunningSite,
  opts: { kind: DatabaseKind; connections: number; seconds: number; rounds: number; command: string },
): Promise<Line[]> {
  const { members, prizeId } = await prepare(site, Math.min(opts.connections, SPENDERS.count));
  let next = 0;
  const throughSite = (seconds = opts.seconds) =>
    rate(`${site.url}/api/prizes/${prizeId}/enter`, {
      connections: opts.connections,
      seconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entries: 1 }),
      // One member per connection, as members entering at once would be.
      setupClient: (client) =>
        client.setHeaders({
          'content-type': 'application/json',
          authorization: `Bearer ${members[next++ % members.length]!.token}`,
        }),
    });
  const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-GB')} entries/s`;
  // PGlite's side of each turn starts a process on the folder the other just closed: each first
  // enters for a tenth of a round, unmeasured, so neither is timed while its cache is still cold.
  const warm = Math.max(1, Math.floor(opts.seconds / 10));
  const r =
    opts.kind === 'pglite'
      ? await alternate(
          opts.rounds,
          () => site.offline((env) => pgliteRate(env.DATA_DIR!, prizeId, members, opts.seconds, warm)),
          async () => {
            await throughSite(warm);
            return throughSite();
          },
        )
      : await alternate(
          opts.rounds,
          () => driverRate(site.databaseUrl!, prizeId, members, opts.seconds),
          throughSite,
        );
  const ratio = r.subject / r.baseline;
  const goal =
    opts.kind === 'pglite'
      ? { share: 0.4, to: 'sent straight to PGlite', db: 'PGlite' }
      : { share: 0.5, to: 'sent through the driver', db: 'PostgreSQL' };
  return [
    {
      goal: `entering a prize ≥ ${goal.share * 100}% of its statements ${goal.to}, ${opts.connections} members at once, ${goal.db}`,
      baseline: perSecond(r.baseline),
      measured: perSecond(r.subject),
      ratio,
      pass: ratio >= goal.share,
      command: opts.command,
    },
    // On PostgreSQL also the cost of a credit's period totals.
    ...(opts.kind === 'postgres' ? await creditScenario(site, opts) : []),
  ];
}
