import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../tests/helpers/db';
import { migrateWith, migrationsBefore } from '../../../tests/helpers/migrations';
import { frozenParticipants } from '../../../tests/helpers/prizes';
import { snapshotHash } from '../../shared/draw';
import type { Database } from './client';
import { migrationsFolder } from './migrate';
import {
  contactMessages,
  drawSnapshots,
  entryTotals,
  prizeEntries,
  prizes,
  tasks,
  users,
  wins,
} from './schema';

let open: Database | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('migrations', () => {
  it('give each admin of before the admin role, off the leaderboards, and every member none', async () => {
    open = await emptyDatabase();
    const { db } = open;
    await migrateWith(open, migrationsBefore('0026_staff_roles'));
    await db.execute(sql`
      insert into users (username, email, is_admin, referral_code)
      values ('Old Admin', 'old.admin@example.com', true, 'OLDADMIN'), ('Old Member', 'old.member@example.com', false, 'OLDMEMBER')`);
    await db.execute(sql`
      insert into entry_totals (period, period_start, user_id, entries, updated_at)
      select 'weekly', '2026-11-23', id, 100, now() from users`);

    await migrateWith(open, migrationsFolder);

    const rows = await db
      .select({ username: users.username, role: users.staffRole })
      .from(users)
      .orderBy(users.username);
    expect(rows).toEqual([
      { username: 'Old Admin', role: 'admin' },
      { username: 'Old Member', role: null },
    ]);
    // Staff never play: the admin has left the leaderboard.
    const board = await db.select({ userId: entryTotals.userId }).from(entryTotals);
    expect(board).toHaveLength(1);
  });

  it('turn prize and task kinds into enums, keeping old rows: gift_card becomes giftcard, a missing ad length 30 s', async () => {
    open = await emptyDatabase();
    const { db } = open;
    await migrateWith(open, migrationsBefore('0009_enums_and_inbox'));
    await db.execute(sql`
      insert into prizes (title, type, value_pence, start_date, end_date, status)
      values ('Old gift card', 'gift_card', 10000, now(), now() + interval '7 days', 'active')`);
    await db.execute(sql`
      insert into tasks (type, platform, title, entries_reward, ad_duration)
      values ('watch_video_ad', 'admob', 'Old video', 2, null)`);

    await migrateWith(open, migrationsFolder);

    const [prize] = await db.select().from(prizes);
    expect(prize).toMatchObject({ type: 'giftcard', status: 'active' });
    const [task] = await db.select().from(tasks);
    expect(task).toMatchObject({ type: 'watch_video_ad', adDuration: 30 });
    // The database itself now refuses a kind the contract does not know.
    await expect(db.execute(sql`update prizes set type = 'car'`)).rejects.toThrow();
    await expect(db.execute(sql`update prizes set status = 'paused'`)).rejects.toThrow();
  });

  it('give every existing holder a pseudonym, and keep past winners named in their proofs as before', async () => {
    open = await emptyDatabase();
    const { db } = open;
    await migrateWith(open, migrationsBefore('0013_pseudonyms_and_frozen_snapshots'));
    const user = (
      (await db.execute(sql`
        insert into users (username, email, referral_code) values ('Ann', 'ann@example.com', 'ANN12345') returning id`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows[0]!;
    const prize = (
      (await db.execute(sql`
        insert into prizes (title, type, value_pence, start_date, end_date, status, drawn_at)
        values ('PS5', 'electronics', 47999, now(), now(), 'drawn', now()) returning id`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows[0]!;
    await db.execute(
      sql`insert into prize_entries (prize_id, user_id, entries) values (${prize.id}, ${user.id}, 3)`,
    );
    await db.execute(
      sql`insert into wins (prize_id, user_id, position, drawn_at) values (${prize.id}, ${user.id}, 1, now())`,
    );
    const upcoming = (
      (await db.execute(sql`
        insert into prizes (title, type, value_pence, start_date, end_date, status)
        values ('Cash', 'cash', 10000, now(), now() + interval '7 days', 'active') returning id`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows[0]!;
    await db.execute(
      sql`insert into prize_entries (prize_id, user_id, entries) values (${upcoming.id}, ${user.id}, 1)`,
    );

    await migrateWith(open, migrationsFolder);

    const entries = await db.select().from(prizeEntries);
    // A new pseudonym where the prize is still to be drawn; the proof's own name where it was drawn.
    expect(entries.find((e) => e.prizeId === upcoming.id)!.pid).toMatch(/^[0-9a-f]{32}$/);
    expect(entries.find((e) => e.prizeId === prize.id)!.pid).toBe(user.id);
    const [win] = await db.select().from(wins);
    expect(win!.pid).toBe(user.id);
    const [drawn] = await db.select().from(prizes).where(sql`id = ${prize.id}`);
    expect(drawn!.snapshotAt).toEqual(drawn!.drawnAt);
  });

  it('move frozen snapshots out of the prize row into a row per participant, as they were', async () => {
    open = await emptyDatabase();
    const { db } = open;
    await migrateWith(open, migrationsBefore('0015_draw_participants_table'));
    const frozen = [
      { _id: 'B1', username: 'Z**ë', entries: 3 },
      { _id: 'a-2', username: '😀**😀', entries: 1 },
    ];
    const insertPrize = async (participants: unknown) =>
      (
        (await db.execute(sql`
          insert into prizes (title, type, value_pence, start_date, end_date, status, draw_participants)
          values ('PS5', 'electronics', 47999, now(), now(), 'drawn', ${participants}::jsonb) returning id`)) as unknown as {
          rows: Array<{ id: string }>;
        }
      ).rows[0]!.id;
    const drawn = await insertPrize(JSON.stringify(frozen));
    const undrawn = await insertPrize(null);

    await migrateWith(open, migrationsFolder);

    // As they were, in pid byte order ('B1' before 'a-2'), and the prize never frozen has none.
    expect(await frozenParticipants(db, drawn)).toEqual(frozen);
    // Its lines are the very bytes a published hash covers.
    const [kept] = await db
      .select({ hash: sql<string>`encode(sha256(${drawSnapshots.lines}), 'hex')` })
      .from(drawSnapshots)
      .where(eq(drawSnapshots.prizeId, drawn));
    expect(kept!.hash).toBe(await snapshotHash(frozen));
    expect(await db.select().from(drawSnapshots).where(eq(drawSnapshots.prizeId, undrawn))).toEqual([]);
    const columns = (await db.execute(sql`
      select column_name from information_schema.columns where table_name = 'prizes'`)) as unknown as {
      rows: Array<{ column_name: string }>;
    };
    expect(columns.rows.map((c) => c.column_name)).not.toContain('draw_participants');
  });

  it('fill the analytics from the ledger as it stood, in UK days, and make handled messages closed tickets', async () => {
    open = await emptyDatabase();
    const { db } = open;
    await migrateWith(open, migrationsBefore('0017_operator_console'));
    const one = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
    const user = await one<{ id: string }>(sql`
      insert into users (username, email, referral_code, created_at)
      values ('Ann', 'ann@example.com', 'ANN12345', '2026-06-30T23:30:00Z') returning id`);
    await db.execute(
      sql`insert into users (username, email, referral_code, is_admin) values ('Op', 'op@example.com', 'OPS12345', true)`,
    );
    const ad = await one<{ id: string }>(sql`
      insert into tasks (type, platform, title, entries_reward) values ('watch_video_ad', 'admob', 'Ad', 2) returning id`);
    const survey = await one<{ id: string }>(sql`
      insert into tasks (type, platform, title, entries_reward) values ('complete_survey', 'survey', 'Poll', 3) returning id`);
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    const rows = [
      ['entries', 10, 'welcome_bonus', null, '2026-06-30T23:30:00Z'],
      ['entries', 2, 'task', ad.id, '2026-06-30T23:40:00Z'],
      ['entries', 3, 'task', survey.id, '2026-07-01T10:00:00Z'],
      ['entries', -4, 'prize_entry', null, '2026-07-01T11:00:00Z'],
      ['cash', 500, 'wheel', null, '2026-07-02T09:00:00Z'],
      ['cash', -500, 'withdrawal', null, '2026-07-02T09:05:00Z'],
    ] as const;
    for (const [i, [account, amount, reason, reference, at]] of rows.entries()) {
      await db.execute(sql`
        insert into ledger_entries (user_id, account, amount, reason, reference, idempotency_key, created_at)
        values (${user.id}, ${account}, ${amount}, ${reason}, ${reference}, ${`k${i}`}, ${at})`);
    }
    await db.execute(sql`
      insert into withdrawals (user_id, amount_pence, method, details, status, requested_at, settled_at)
      values (${user.id}, 500, 'paypal', '{}', 'paid', '2026-07-02T09:05:00Z', '2026-07-03T12:00:00Z')`);
    await db.execute(sql`
      insert into contact_messages (name, email, subject, message, handled_at)
      values ('A', 'a@example.com', 'Handled', 'x', now()), ('B', 'b@example.com', 'Waiting', 'y', null)`);

    await migrateWith(open, migrationsFolder);

    const totals = (
      (await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, metric, sum(amount)::int as amount
        from daily_totals group by 1, 2 order by 1, 2`)) as unknown as {
        rows: Array<{ day: string; metric: string; amount: number }>;
      }
    ).rows;
    expect(totals).toEqual([
      { day: '2026-07-01', metric: 'active', amount: 1 },
      { day: '2026-07-01', metric: 'earned:ads', amount: 2 },
      { day: '2026-07-01', metric: 'earned:tasks', amount: 3 },
      { day: '2026-07-01', metric: 'earned:welcome', amount: 10 },
      { day: '2026-07-01', metric: 'signups', amount: 1 },
      { day: '2026-07-01', metric: 'spent', amount: 4 },
      { day: '2026-07-02', metric: 'active', amount: 1 },
      { day: '2026-07-02', metric: 'cash_won', amount: 500 },
      { day: '2026-07-03', metric: 'cash_paid', amount: 500 },
    ]);
    const tickets = await db.select().from(contactMessages).orderBy(contactMessages.subject);
    expect(tickets.map((m) => [m.subject, m.status])).toEqual([
      ['Handled', 'closed'],
      ['Waiting', 'open'],
    ]);
  });
});
