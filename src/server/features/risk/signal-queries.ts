import { sql } from 'drizzle-orm';
import { ADS_PER_DAY, DAY_MS } from '../../../contract/constants';
import { FAST_CASHOUT_MS } from '../../../contract/operator-rules';
import { type Executor, rowsOf } from '../../db/client';
import { addDays } from '../../lib/london';
import { AD_TYPES_SQL } from '../earning/achievement-repository';

// What the fraud signals read about a member and the accounts around them (signals.ts weighs it).

/** How many of the other accounts a signal names; the detail says how many there are in all. */
const NAMED = 10;

/** How far back the ad cap is looked at for a run of days at it. */
const AT_CAPS_LOOKBACK_DAYS = 60;

export type Account = { id: string; username: string };

export interface Others {
  ids: string[];
  named: Account[];
  /** What they share: the addresses or device ids. */
  shared: string[];
}

/** Other members (not admins) who signed up or in from one of this member's networks or devices. */
export async function othersSharing(
  db: Executor,
  userId: string,
  column: 'network' | 'device_id',
  since: Date | null,
) {
  const signedInSince = (alias: string) =>
    since ? sql`and ${sql.raw(alias)}.at > ${since.toISOString()}` : sql``;
  // The member's own networks or devices once each, then who else used them: a member signed in
  // thousands of times from one device costs one lookup, not one per sign-in. Given as an array, the
  // values are looked up along the index one by one; joined, the planner may read every sign-in.
  const rows = await rowsOf<{ id: string; username: string; shared: string }>(
    db,
    sql`select u.id, u.username, min(s2.${sql.raw(column)}) as shared
          from sign_ins s2
          join users u on u.id = s2.user_id and u.staff_role is null
         where s2.${sql.raw(column)} = any(array(
                 select distinct s1.${sql.raw(column)} from sign_ins s1
                  where s1.user_id = ${userId} and s1.${sql.raw(column)} is not null ${signedInSince('s1')}))
           and s2.user_id <> ${userId} ${signedInSince('s2')}
         group by u.id, u.username
         order by u.id`,
  );
  return {
    ids: rows.map((r) => r.id),
    named: rows.slice(0, NAMED).map(({ id, username }) => ({ id, username })),
    shared: [...new Set(rows.map((r) => r.shared))],
  } satisfies Others;
}

/** The member as the signals need them. */
export async function memberOf(db: Executor, userId: string) {
  const [me] = await rowsOf<{
    email: string;
    created_at: string;
    referred_by: string | null;
    deleted: boolean;
  }>(
    db,
    sql`select email, created_at, referred_by, deleted_at is not null as deleted from users where id = ${userId}`,
  );
  return me;
}

/**
 * Which of `linked` (accounts sharing an address or a device with the member) referred them or
 * were referred by them: read for those few, not by listing everyone the member ever referred.
 */
export async function referralPartners(
  db: Executor,
  userId: string,
  referredBy: string | null,
  linked: string[],
) {
  if (!linked.length) return [];
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from users
         where id = any(${`{${linked.join(',')}}`}::uuid[]) and (referred_by = ${userId} or id = ${referredBy})`,
  );
  return rows.map((r) => r.id);
}

export async function cashedOutWithin(db: Executor, userId: string, createdAt: Date) {
  const [row] = await rowsOf<{ at: string }>(
    db,
    sql`select min(requested_at) as at from withdrawals
         where user_id = ${userId} and requested_at < ${new Date(createdAt.getTime() + FAST_CASHOUT_MS).toISOString()}`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The UK days the member was at the daily ad cap, in the last AT_CAPS_LOOKBACK_DAYS, oldest first. */
export async function daysAtCap(db: Executor, userId: string, now: Date) {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select to_char((c.completed_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day
          from task_completions c join tasks t on t.id = c.task_id
         where c.user_id = ${userId} and t.type in (${AD_TYPES_SQL})
           and c.completed_at > ${new Date(now.getTime() - AT_CAPS_LOOKBACK_DAYS * DAY_MS).toISOString()}
         group by 1 having count(*) >= ${ADS_PER_DAY} order by 1`,
  );
  return rows.map((r) => r.day);
}

/** The longest run of consecutive days in a sorted list, with its first day. */
export function longestRun(days: string[]) {
  let best = { length: 0, from: '' };
  let run = { length: 0, from: '' };
  days.forEach((day, i) => {
    run =
      i > 0 && addDays(days[i - 1]!, 1) === day
        ? { ...run, length: run.length + 1 }
        : { length: 1, from: day };
    if (run.length > best.length) best = run;
  });
  return best;
}
