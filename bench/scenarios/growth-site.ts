import pg from 'pg';
import { fillGrowth, type GrowthSize } from '../growth-fill';
import { chainAuditLog } from '../history';
import { signInAdmin } from '../sessions';
import { BENCH_PRIZE, BENCH_TASK, MEMBER_SESSIONS, SPENDERS, startSite } from '../site';
import { FRESH_FROM, type Subjects } from './growth-requests';

/** A site of this size, filled, with the ids and sessions its requests need. */
export async function growthSite(size: GrowthSize) {
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
      // Those who withdraw joined a month ago, as only accounts 7 days old may; their cash has no ledger
      // rows, so none of it is still settling.
      await client.query(
        `update users set created_at = now() - interval '30 days'
          where email in (select 'player' || g || '@bench.test' from generate_series($1::int, $2::int) g)`,
        [FRESH_FROM + 4 * 200, FRESH_FROM + 5 * 200],
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
        admin: await signInAdmin(site),
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
