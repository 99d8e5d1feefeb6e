import type pg from 'pg';
import { ACHIEVEMENT_IDS } from '../src/contract/gamification-rules';
import { BENCH_TASK } from './site';

/**
 * What each heavy member holds (DESIGN §11, issue 33): long-standing members of a skewed site,
 * from `ledgerRows[0]` ledger rows for the first to `ledgerRows[1]` for the last.
 */
export interface HeavyShape {
  heavy: number;
  ledgerRows: [number, number];
  taskCompletions: number;
  referrals: number;
  notifications: number;
  prizeEntries: number;
  wins: number;
  withdrawals: number;
  spins: number;
  signIns: number;
  mails: number;
}

/** The members compared: filled players with sessions (MEMBER_SESSIONS), heavy from the 11th, new from the 301st. */
export const HEAVY_FROM = 11;
export const NEW_FROM = 301;
export const playerEmail = (n: number) => `player${n}@bench.test`;

/** Players `from`…`from + count - 1` as a temporary table of (k, id), k from 0. */
async function groupTable(client: pg.Client, name: string, from: number, count: number) {
  await client.query(`drop table if exists ${name}`);
  await client.query(
    `create temporary table ${name} as
       select g - $1 as k, u.id from generate_series($1::int, $1::int + $2::int - 1) g
         join users u on u.email = 'player' || g || '@bench.test'`,
    [from, count],
  );
  await client.query(`create unique index on ${name} (k)`);
}

/**
 * Gives `shape.heavy` members (the bench task, which the writes complete, is left for them to do) their long histories, set-based, and readies both them and as many
 * new members for the writes: cash to withdraw, entries to spend, ads that unlock a spin, a streak
 * kept yesterday, verified accounts a month old. Heavy members hold every achievement, as their
 * histories earn them.
 */
export async function fillHeavy(client: pg.Client, shape: HeavyShape) {
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  await groupTable(client, 'heavy_members', HEAVY_FROM, shape.heavy);
  await groupTable(client, 'new_members', NEW_FROM, shape.heavy);
  const [fewest, most] = shape.ledgerRows;
  const rowsOf = `(${fewest} + (${most - fewest})::bigint * h.k / greatest(1, ${shape.heavy - 1}))`;

  // The ledger: the referral rewards first, then earnings and spending of every kind, some of it cash.
  await q(
    `insert into ledger_entries (user_id, account, amount, reason, idempotency_key, created_at)
     select h.id,
            case when g > $1 and g % 50 = 0 then 'cash' else 'entries' end,
            case when g <= $1 then 100 when g % 8 = 5 then -(1 + g % 7) else 1 + g % 50 end,
            case when g <= $1 then 'referral' when g % 50 = 0 then 'wheel'
                 else ($2::text[])[1 + g % 6] end,
            'heavy:' || h.k || ':' || g,
            now() - interval '400 days' + (g::float / ${rowsOf}) * interval '399 days'
       from heavy_members h, generate_series(1, ${rowsOf}) g`,
    [shape.referrals, ['task', 'ad', 'offer', 'streak_bonus', 'achievement', 'prize_entry']],
  );
  await q(
    `update users u set total_entries = t.earned, available_entries = 1000000000,
                        created_at = now() - interval '401 days'
       from (select user_id, sum(amount) filter (where amount > 0 and account = 'entries') as earned
               from ledger_entries where user_id in (select id from heavy_members) group by user_id) t
      where u.id = t.user_id`,
  );
  // Task completions, every other one a video ad.
  await q(
    `insert into task_completions (task_id, user_id, entries_awarded, completed_at)
     select case when g % 2 = 0 then (select id from tasks where type = 'watch_video_ad' limit 1)
                 else (select id from tasks where title <> $2 order by id
                        offset (g / 2) % (select count(*) - 1 from tasks) limit 1) end,
            h.id, 5, now() - interval '1 day' - (g % 398) * interval '1 day' - (g % 86400) * interval '1 second'
       from heavy_members h, generate_series(1, $1::int) g`,
    [shape.taskCompletions, BENCH_TASK],
  );
  await q(
    `insert into users (username, email, referral_code, referred_by, created_at)
     select 'Friend ' || h.k || '-' || g, 'friend' || h.k || '-' || g || '@bench.test', 'FRIEND' || h.k || 'X' || g,
            h.id, now() - interval '400 days' + (g::float / $1) * interval '399 days'
       from heavy_members h, generate_series(1, $1::int) g`,
    [shape.referrals],
  );
  await q(
    `insert into notifications (user_id, type, key, title, body, link, created_at, read_at, dispatched_at)
     select h.id, 'offer_credited', 'heavy:' || g, 'Offer credited', 'You earned 50 entries from an offer.',
            '/entries', now() - (g % 400) * interval '1 day' - g * interval '1 second',
            case when g % 50 = 0 then null else now() end, now()
       from heavy_members h, generate_series(1, $1::int) g`,
    [shape.notifications],
  );
  // Past prizes each heavy member entered, the first few of which they won.
  await q(
    `insert into prizes (title, type, value_pence, start_date, end_date, status, total_winners, seed, commitment,
                         snapshot_hash, snapshot_at, drawn_at, total_entries)
     select 'Heavy past prize ' || g, 'giftcard', 2500, now() - (g || ' days')::interval - interval '14 days',
            now() - (g || ' days')::interval, 'drawn', 1, md5('h' || g) || md5('h' || g),
            encode(sha256(convert_to(md5('h' || g) || md5('h' || g), 'UTF8')), 'hex'),
            md5('hs' || g) || md5('hs' || g), now() - (g || ' days')::interval, now() - (g || ' days')::interval,
            1000
       from generate_series(1, $1::int) g`,
    [shape.prizeEntries],
  );
  await q(
    `insert into prize_entries (prize_id, user_id, entries, pid, updated_at)
     select p.id, h.id, 1 + h.k % 20, md5(p.id::text || h.id::text), p.drawn_at - interval '1 day'
       from prizes p, heavy_members h where p.title like 'Heavy past prize %'`,
  );
  await q(
    `insert into wins (prize_id, user_id, position, pid, drawn_at, notified, claimed_at)
     select p.id, h.id, 1 + h.k, md5(p.id::text || h.id::text), p.drawn_at, true, p.drawn_at + interval '1 day'
       from (select id, drawn_at from prizes where title like 'Heavy past prize %' order by title limit $1) p,
            heavy_members h`,
    [shape.wins],
  );
  await q(
    `insert into withdrawals (user_id, amount_pence, method, details, status, requested_at, settled_at)
     select h.id, 500 + g % 2000, 'paypal', jsonb_build_object('paypalEmail', 'heavy' || h.k || '@bench.test'),
            'paid', now() - (g % 400) * interval '1 day' - interval '1 day', now() - (g % 400) * interval '1 day'
       from heavy_members h, generate_series(1, $1::int) g`,
    [shape.withdrawals],
  );
  await q(
    `insert into wheel_spins (user_id, prize_id, spun_at)
     select h.id, 'entries_10', now() - interval '2 hours' - g * interval '1 hour'
       from heavy_members h, generate_series(1, $1::int) g`,
    [shape.spins],
  );
  await q(
    `insert into sign_ins (user_id, kind, at, ip, network, device_id)
     select h.id, 'signin', now() - g * interval '1 hour', '10.9.' || (g % 5) || '.' || h.k,
            '10.9.' || (g % 5) || '.' || h.k, 'heavy-device-' || h.k || '-' || (g % 3)
       from heavy_members h, generate_series(1, $1::int) g`,
    [shape.signIns],
  );
  await q(
    `insert into mail_outbox ("to", subject, text, status, sent_at, created_at)
     select u.email, 'Your weekly round-up', 'Here is what happened on your account this week.', 'sent',
            now() - g * interval '1 day', now() - g * interval '1 day'
       from heavy_members h join users u on u.id = h.id, generate_series(1, $1::int) g`,
    [shape.mails],
  );
  await q(
    `insert into streaks (user_id, current, longest, last_day)
     select id, 30, 60, ((now() at time zone 'Europe/London')::date - 1) from heavy_members
     on conflict (user_id) do update set current = 30, longest = 60, last_day = excluded.last_day`,
  );
  await q(
    `insert into user_achievements (user_id, achievement_id, awarded_at)
     select h.id, a::achievement_id, now() - interval '300 days' from heavy_members h, unnest($1::text[]) a
     on conflict do nothing`,
    [ACHIEVEMENT_IDS],
  );

  // Both groups: what the writes need (a spin unlocked by five ads, cash, an account old enough to withdraw).
  await q(
    `insert into task_completions (task_id, user_id, entries_awarded, completed_at)
     select (select id from tasks where type = 'watch_video_ad' limit 1), n.id, 0, now() - interval '1 day'
       from new_members n, generate_series(1, 5)`,
  );
  await q(
    `update users set cash_pence = 10000, email_verified_at = now(), created_at = least(created_at, now() - interval '30 days'),
                      available_entries = greatest(available_entries, 1000)
      where id in (select id from heavy_members union all select id from new_members)`,
  );
  await q('vacuum analyze');
}
