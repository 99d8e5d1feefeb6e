import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { DrawProofResponse } from '../../src/contract/draws';
import { fromPostgres } from '../../src/server/db/client';
import { participantsNow } from '../../src/server/features/prizes/snapshot';
import type { DrawProof } from '../../src/shared/draw';
import { alternate } from '../measure';
import type { Line } from '../report';
import { signInAdmin } from '../sessions';
import type { RunningSite } from '../site';
import { timeBrowserCheck } from './verify';

/** DESIGN §11: the server's peak while it freezes and draws a big prize, and serves its proof. */
const MEMORY_GOAL_MB = 300;

/** The baseline's table: the participants' columns, with no key, index or reference to check. */
const bareCopy = pgTable('bench_big_draw_copy', {
  prizeId: uuid('prize_id'),
  pid: text('pid'),
  username: text('username'),
  entries: integer('entries'),
});

/** The members a bench prize is entered by. */
const drawable = sql`staff_role is null and deleted_at is null and suspended_at is null`;

/**
 * A prize of `participants` members, closed an hour ago and not yet drawn, committed to a seed as
 * the site commits; its entries written straight to the database, untimed.
 */
async function closedPrize(db: ReturnType<typeof fromPostgres>['db'], participants: number, round: number) {
  const seed = randomBytes(32).toString('hex');
  const { rows } = (await db.execute(sql`
    insert into prizes (title, type, value_pence, start_date, end_date, status, total_winners, seed, commitment)
    values (${`Big draw ${round}`}, 'cash', 100000, now() - interval '8 days', now() - interval '1 hour',
            'active', 10, ${seed}, encode(sha256(decode(${seed}, 'hex')), 'hex'))
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  const prizeId = rows[0]!.id;
  await db.execute(sql`
    insert into prize_entries (prize_id, user_id, entries, pid)
    select ${prizeId}, id, 1 + (hashtext(id::text) & 1023) % 50, md5(${seed} || id::text)
      from users where ${drawable} limit ${participants}`);
  await db.execute(sql`
    update prizes set total_entries = t.entries, participant_count = t.n
      from (select coalesce(sum(entries), 0) entries, count(*) n from prize_entries where prize_id = ${prizeId}) t
     where id = ${prizeId}`);
  // As a prize's entries stand days after they were made: vacuumed, with statistics.
  await db.execute(sql`vacuum analyze prize_entries`);
  return prizeId;
}

/**
 * Writes out what setting up a round left dirty (half a million entries are gigabytes of WAL), so
 * neither side is timed while the checkpoint it forced is still writing.
 */
const settle = (db: ReturnType<typeof fromPostgres>['db']) => db.execute(sql`checkpoint`);

/**
 * A big prize frozen and drawn through the admin's draw route, against an
 * INSERT … SELECT of the same participants into a table without constraints,
 * taking turns on a fresh prize each round (goal: ≤ 2×), the server's peak
 * memory meanwhile and while it serves the proof (≤ 300 MB), and the
 * browser's check of that proof against hashing it (≤ 1.5×). PostgreSQL.
 */
export async function bigDrawScenario(
  site: RunningSite,
  opts: { participants: number; rounds: number; command: string },
): Promise<Line[]> {
  if (!site.databaseUrl) throw new Error('the big draw runs on PostgreSQL');
  const database = fromPostgres(site.databaseUrl);
  const { db } = database;
  const token = await signInAdmin(site);
  const n = opts.participants.toLocaleString('en-GB');
  let peak = 0;
  let drawn = '';
  try {
    await db.execute(sql`drop table if exists bench_big_draw_copy`);
    await db.execute(
      sql`create table bench_big_draw_copy (prize_id uuid, pid text, username text, entries integer)`,
    );
    // A smoke run's site has fewer members than its big draw's participants.
    await db.execute(sql`insert into users (username, email, referral_code)
      select 'Entrant ' || g, 'entrant' || g || '@bench.test', 'ENTRANT' || g
        from generate_series(1, ${opts.participants} - (select count(*)::int from users where ${drawable})) g`);
    let round = 0;
    const copied = await closedPrize(db, opts.participants, round);
    const r = await alternate(
      opts.rounds,
      async () => {
        await db.execute(sql`truncate bench_big_draw_copy`);
        await settle(db);
        const started = performance.now();
        await db.insert(bareCopy).select(participantsNow(db, copied, new Date()));
        return performance.now() - started;
      },
      async () => {
        const prizeId = await closedPrize(db, opts.participants, ++round);
        await settle(db);
        site.resetPeak();
        const started = performance.now();
        const answer = await fetch(`${site.url}/api/admin/prizes/${prizeId}/draw`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ forceOverride: true }),
        });
        const took = performance.now() - started;
        if (!answer.ok) throw new Error(`the draw failed: ${answer.status} ${await answer.text()}`);
        peak = Math.max(peak, site.peakRssMb());
        drawn = prizeId;
        return took;
      },
    );
    const ratio = r.subject / r.baseline;

    site.resetPeak();
    const proofAnswer = await fetch(`${site.url}/api/prizes/${drawn}/draw-proof`);
    if (!proofAnswer.ok) throw new Error(`the proof: ${proofAnswer.status}`);
    // As the page hands it to the check (get-draw-proof.ts).
    const published = (await proofAnswer.json()) as DrawProofResponse;
    const proof: DrawProof = { ...published, totalWinners: published.prize.totalWinners };
    peak = Math.max(peak, site.peakRssMb());
    if (proof.participants.length !== opts.participants)
      throw new Error(`the proof lists ${proof.participants.length} participants, not ${opts.participants}`);
    const check = await timeBrowserCheck({ url: site.url, proof, rounds: opts.rounds, withSnapshot: true });
    const checkRatio = check.subject / check.baseline;

    return [
      {
        goal: `freeze and draw of ${n} participants (POST /api/admin/prizes/:id/draw) ≤ 2× an INSERT … SELECT of them into a table without constraints, PostgreSQL`,
        baseline: `${Math.round(r.baseline).toLocaleString('en-GB')} ms`,
        measured: `${Math.round(r.subject).toLocaleString('en-GB')} ms`,
        ratio,
        pass: ratio <= 2,
        command: opts.command,
      },
      {
        goal: `server's peak memory while it freezes and draws ${n} participants and serves the proof ≤ ${MEMORY_GOAL_MB} MB`,
        baseline: `${MEMORY_GOAL_MB} MB`,
        measured: `${Math.round(peak)} MB`,
        ratio: peak / MEMORY_GOAL_MB,
        pass: peak <= MEMORY_GOAL_MB,
        command: opts.command,
      },
      {
        goal: `browser check of that draw's proof (${n} participants, from the site) ≤ 1.5× hashing it in the same page: SHA-256 of its snapshot and one WebCrypto HMAC-SHA256 per participant`,
        baseline: `${Math.round(check.baseline).toLocaleString('en-GB')} ms`,
        measured: `${Math.round(check.subject).toLocaleString('en-GB')} ms`,
        ratio: checkRatio,
        pass: checkRatio <= 1.5,
        command: opts.command,
      },
    ];
  } finally {
    await db.execute(sql`drop table if exists bench_big_draw_copy`).catch(() => {});
    await database.close();
  }
}
