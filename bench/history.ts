import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { EARNED_SOURCES } from '../src/contract/operator-rules';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { chainPage } from '../src/server/features/audit/repository';
import { auditHash, GENESIS_HASH } from '../src/server/lib/audit-log';
import { settings } from './settings';
import { ADMIN } from './site';

export interface HistoryOptions {
  /** Ledger rows to add across the members, one member holding LONG_LEDGER of them. */
  ledgerRows: number;
  auditRows: number;
}

/** The member with a long history: the ledger page is read from theirs. */
export const LONG_LEDGER = { email: 'player7@bench.test', rows: settings.longLedgerRows };
/** Days of totals and of history filled. */
const FILLED_DAYS = 400;

const REASONS = ['task', 'ad', 'offer', 'streak_bonus', 'achievement', 'prize_entry', 'wheel', 'referral'];
const METRICS = [
  'signups',
  'active',
  'spent',
  'cash_won',
  'cash_paid',
  ...EARNED_SOURCES.map((s) => `earned:${s}`),
];

/**
 * A site's history at this size, set-based: ledger rows spread over every
 * member across FILLED_DAYS, one member with a long ledger, the audit log, and
 * the daily totals. The ledger's indexes are built after its rows, as a
 * restore would, which takes minutes rather than the hour row-by-row inserts would.
 */
export async function fillHistory(client: pg.Client, opts: HistoryOptions) {
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  await q(`create temporary table bench_members as
             select row_number() over (order by id) as n, id from users where email like 'player%'`);
  await q('drop index if exists ledger_entries_user_account_idx');
  await q('alter table ledger_entries drop constraint if exists ledger_entries_idempotency_key');
  await q('drop index if exists ledger_entries_idempotency_key');
  await q(
    `insert into ledger_entries (user_id, account, amount, reason, idempotency_key, created_at)
     select m.id, 'entries', case when g % 8 = 5 then -(1 + g % 7) else 1 + g % 50 end,
            ($3::text[])[1 + g % 8], 'bench-history:' || g,
            now() - ((g % $2) * interval '1 day') - ((g % 86400) * interval '1 second')
       from generate_series(1, $1::bigint) g
       join bench_members m on m.n = 1 + g % (select count(*) from bench_members)`,
    [opts.ledgerRows - LONG_LEDGER.rows, FILLED_DAYS, REASONS],
  );
  await q(
    `insert into ledger_entries (user_id, account, amount, reason, idempotency_key, created_at)
     select u.id, 'entries', 1 + g % 20, 'task', 'bench-long:' || g, now() - (g * interval '5 minutes')
       from generate_series(1, $1::int) g, users u where u.email = $2`,
    [LONG_LEDGER.rows, LONG_LEDGER.email],
  );
  await q('create unique index ledger_entries_idempotency_key on ledger_entries (idempotency_key)');
  await q(
    'create index ledger_entries_user_account_idx on ledger_entries (user_id, account, created_at, id)',
  );
  await q(
    `insert into audit_log (at, actor_id, action, target_type, target_id, summary, changes, ip, prev_hash, hash)
     select now() - (g * interval '1 minute'), a.id, (array['user.adjust','withdrawal.paid','prize.update','message.reply'])[1 + g % 4],
            'user', m.id::text, 'Added 5 entries to the member''s entries balance: bench history',
            '{"before":{"entries":1},"after":{"entries":6}}'::jsonb, '203.0.113.1',
            md5(g::text) || md5(g::text), md5((g + 1)::text) || md5((g + 1)::text)
       from generate_series(1, $1::int) g
       join bench_members m on m.n = 1 + g % (select count(*) from bench_members)
       cross join (select id from users where email = $2) a`,
    [opts.auditRows, ADMIN.email],
  );
  await q(
    `insert into daily_totals (day, metric, shard, amount)
     select (now() at time zone 'Europe/London')::date - d, metric, s, 1 + ((d * 7 + s) % 500)
       from generate_series(0, $1::int - 1) d, unnest($2::text[]) metric, generate_series(0, 15) s
     on conflict do nothing`,
    [FILLED_DAYS, METRICS],
  );
  await q('vacuum analyze ledger_entries');
  await q('vacuum analyze audit_log');
  await q('vacuum analyze daily_totals');
}

/** Latency of `url` one request at a time: every sample, in milliseconds. */
export async function latencies(url: string, headers: Record<string, string>, samples: number) {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - start);
  }
  return times;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * Makes the filled audit log a real chain, each row's hash following from the
 * one before as the application writes it, so the check of the chain reads it
 * all instead of stopping at the first row. Hashed by the application's own
 * code over rows read as its check reads them. The site signed heads over the log
 * as it stood before the fill; this history is written as if it came first, so
 * those heads go too (the running site signs the next over the chain made here).
 */
export async function chainAuditLog(databaseUrl: string) {
  const database = await openDatabase(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }));
  try {
    const { db } = database;
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    let prev = GENESIS_HASH;
    let last = 0;
    for (;;) {
      const rows = await chainPage(db, last, 10_000);
      const ids: number[] = [];
      const prevs: string[] = [];
      const hashes: string[] = [];
      for (const row of rows) {
        ids.push(row.id);
        prevs.push(prev);
        prev = auditHash(prev, row);
        hashes.push(prev);
      }
      await db.execute(sql`update audit_log a set prev_hash = v.p, hash = v.h
        from unnest(${`{${ids.join(',')}}`}::bigint[], ${`{${prevs.join(',')}}`}::text[], ${`{${hashes.join(',')}}`}::text[]) v(id, p, h)
        where a.id = v.id`);
      if (rows.length < 10_000) break;
      last = rows.at(-1)!.id;
    }
    await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    await db.execute(sql`alter table audit_heads disable trigger audit_heads_append_only`);
    await db.execute(sql`delete from audit_heads`);
    await db.execute(sql`alter table audit_heads enable trigger audit_heads_append_only`);
    await db.execute(sql`vacuum analyze audit_log`);
  } finally {
    await database.close();
  }
}
