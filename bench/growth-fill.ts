import type pg from 'pg';
import { fillHistory } from './history';

/**
 * The sizes a growth run compares, as DESIGN §11 and issue 25 give the larger:
 * the smaller is the same site a hundred times smaller, so each request meets
 * the same shapes of data, fewer of them.
 */
export interface GrowthSize {
  members: number;
  ledgerRows: number;
  auditRows: number;
  /** Prizes drawn in the past, each with WINNERS_EACH winners. */
  drawnPrizes: number;
  /** Members holding entries in the one open prize every member sees. */
  openParticipants: number;
  taskCompletions: number;
  sessions: number;
  withdrawals: number;
  notifications: number;
}

export const WINNERS_EACH = 10;
const PARTICIPANTS_EACH = 100;

export const growthSize = (members: number, ledgerRows = members * 20): GrowthSize => ({
  members,
  ledgerRows,
  auditRows: members,
  drawnPrizes: Math.max(20, members / 500),
  openParticipants: members / 2,
  taskCompletions: members * 5,
  sessions: members * 2,
  withdrawals: members / 20,
  notifications: members * 2,
});

/**
 * A site's history at this size, set-based (issue 25: the fill takes minutes,
 * not hours): on top of the members, totals and sessions every bench site has,
 * the ledger and audit log, prizes drawn with their winners and participants,
 * the open prize's participants, task completions, more sessions, withdrawals
 * and notifications, then statistics as autovacuum would leave them.
 */
export async function fillGrowth(client: pg.Client, size: GrowthSize, openPrizeTitle: string) {
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  await fillHistory(client, size);
  await q(`create temporary table growth_members as
             select row_number() over (order by id) as n, id from users where email like 'player%'`);
  await q('create unique index on growth_members (n)');
  const members = `(select count(*) from growth_members)`;

  await q(
    `insert into prizes (title, type, value_pence, start_date, end_date, status, total_winners, seed, commitment,
                         snapshot_hash, snapshot_at, drawn_at, total_entries)
     select 'Drawn prize ' || g, 'giftcard', 2500, now() - (g || ' days')::interval - interval '14 days',
            now() - (g || ' days')::interval, 'drawn', $2, md5(g::text) || md5(g::text),
            encode(sha256(convert_to(md5(g::text) || md5(g::text), 'UTF8')), 'hex'),
            md5('s' || g) || md5('s' || g), now() - (g || ' days')::interval,
            now() - (g || ' days')::interval, $3
       from generate_series(1, $1::int) g`,
    [size.drawnPrizes, WINNERS_EACH, PARTICIPANTS_EACH * 5],
  );
  await q(
    `insert into draw_snapshots (prize_id, participants, lines, names)
     select id, count(*),
            convert_to(string_agg(pid || ':5' || chr(10), '' order by pid collate "C"), 'UTF8'),
            convert_to(string_agg(name || chr(10), '' order by pid collate "C"), 'UTF8')
       from (select p.id, md5(p.id::text || g) pid, 'P***' || g name
               from prizes p, generate_series(1, $1::int) g where p.title like 'Drawn prize %') s
      group by id`,
    [PARTICIPANTS_EACH],
  );
  await q(
    `insert into wins (prize_id, user_id, position, pid, drawn_at, notified, claimed_at)
     select p.id, m.id, w, md5(p.id::text || w), p.drawn_at, true, p.drawn_at + interval '1 day'
       from (select id, drawn_at, row_number() over (order by id) as k from prizes where title like 'Drawn prize %') p
       cross join generate_series(1, $1::int) w
       join growth_members m on m.n = 1 + ((p.k * $1 + w) % ${members})`,
    [WINNERS_EACH],
  );
  await q(
    `insert into prize_entries (prize_id, user_id, entries, pid)
     select p.id, m.id, 1 + m.n % 20, md5('open' || m.n)
       from prizes p join growth_members m on m.n <= $1 where p.title = $2
     on conflict do nothing`,
    [size.openParticipants, openPrizeTitle],
  );
  await q(
    `update prizes p set total_entries = (select coalesce(sum(entries), 0) from prize_entries e where e.prize_id = p.id)
      where p.title = $1`,
    [openPrizeTitle],
  );
  await q(
    `insert into task_completions (task_id, user_id, entries_awarded, completed_at)
     select t.id, m.id, t.entries_reward, now() - ((g % 400) * interval '1 day') - ((g % 86400) * interval '1 second')
       from generate_series(1, $1::bigint) g
       join growth_members m on m.n = 1 + g % ${members}
       join (select id, entries_reward, row_number() over (order by id) - 1 as k from tasks) t
         on t.k = (g / ${members}) % (select count(*) from tasks)`,
    [size.taskCompletions],
  );
  await q(
    `insert into sessions (token_hash, user_id, expires_at, last_used_at, created_at, ip, device_id)
     select md5('growth-session' || g) || md5(g::text), m.id, now() + interval '20 days',
            now() - (g % 1000) * interval '1 hour', now() - interval '10 days',
            '10.' || (g % 250) || '.' || (g / 250 % 250) || '.1', md5(m.n::text)
       from generate_series(1, greatest(0, $1::bigint - (select count(*) from sessions))) g
       join growth_members m on m.n = 1 + g % ${members}`,
    [size.sessions],
  );
  await q(
    `insert into withdrawals (user_id, amount_pence, method, details, status, requested_at, settled_at)
     select m.id, 500 + g % 2000, 'paypal', jsonb_build_object('paypalEmail', 'player' || m.n || '@bench.test'),
            (case when g % 10 = 0 then 'pending' when g % 10 = 1 then 'rejected' else 'paid' end)::withdrawal_status,
            now() - (g % 400) * interval '1 day', case when g % 10 = 0 then null else now() - (g % 400) * interval '1 day' end
       from generate_series(1, $1::int) g
       join growth_members m on m.n = 1 + (g * 7919) % ${members}`,
    [size.withdrawals],
  );
  await q(
    `insert into notifications (user_id, type, key, title, body, link, created_at, read_at, dispatched_at)
     select m.id, 'offer_credited', 'growth:' || g, 'Offer credited', 'You earned 50 entries from an offer.',
            '/entries', now() - (g % 400) * interval '1 day', case when g % 3 = 0 then null else now() end, now()
       from generate_series(1, $1::bigint) g
       join growth_members m on m.n = 1 + g % ${members}`,
    [size.notifications],
  );
  await q('vacuum analyze');
}
