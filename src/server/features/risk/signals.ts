import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isValid as notThrowaway } from 'mailchecker';
import { ADS_PER_DAY, DAY_MS, HOUR_MS } from '../../../contract/constants';
import {
  AT_CAPS_DAYS,
  FAST_CASHOUT_MS,
  RISK_SIGNALS,
  type RiskSignalCode,
  SHARED_ADDRESS_DAYS,
} from '../../../contract/operator-rules';
import { type Executor, rowsOf } from '../../db/client';
import { memberRisk, users } from '../../db/schema';
import { addDays } from '../../lib/london';
import { AD_TYPES_SQL } from '../gamification/repository';
import { crossesRiskAlert, staffNotices, tellStaff } from '../notifications/staff-notices';
import { statusAfter } from './review';

/**
 * The fraud signals of DESIGN §8, worked out for one member from what the
 * site already keeps: where they signed up and in from (sign_ins), who
 * referred whom, their withdrawals and their ads. Each signal names the other
 * accounts involved; the score is the sum of the signals' weights.
 */

type Account = { id: string; username: string };
export type StoredSignal = { code: RiskSignalCode; detail: string; accounts: Account[] };

/** How many of the other accounts a signal names; the detail says how many there are in all. */
const NAMED = 10;
/** How far back the ad cap is looked at for a run of days at it. */
const AT_CAPS_LOOKBACK_DAYS = 60;

/** A time since sign-up as people say it: 7 days and 5 hours. */
function afterSignUp(ms: number) {
  const hours = Math.max(1, Math.round(ms / HOUR_MS));
  const [days, rest] = [Math.floor(hours / 24), hours % 24];
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (!days) return plural(rest, 'hour');
  return rest ? `${plural(days, 'day')} and ${plural(rest, 'hour')}` : plural(days, 'day');
}

const accountsText = (n: number) => `${n} other ${n === 1 ? 'account' : 'accounts'}`;

interface Others {
  ids: string[];
  named: Account[];
  /** What they share: the addresses or device ids. */
  shared: string[];
}

/** Other members (not admins) who signed up or in from one of this member's networks or devices. */
async function othersSharing(
  db: Executor,
  userId: string,
  column: 'network' | 'device_id',
  since: Date | null,
) {
  const after = (alias: string) => (since ? sql`and ${sql.raw(alias)}.at > ${since.toISOString()}` : sql``);
  // The member's own networks or devices once each, then who else used them: a member signed in
  // thousands of times from one device costs one lookup, not one per sign-in.
  const rows = await rowsOf<{ id: string; username: string; shared: string }>(
    db,
    sql`with mine as (
          select distinct s1.${sql.raw(column)} as v
            from sign_ins s1
           where s1.user_id = ${userId} and s1.${sql.raw(column)} is not null ${after('s1')}
        )
        select u.id, u.username, min(s2.${sql.raw(column)}) as shared
          from mine
          join sign_ins s2 on s2.${sql.raw(column)} = mine.v and s2.user_id <> ${userId} ${after('s2')}
          join users u on u.id = s2.user_id and u.staff_role is null
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
async function memberOf(db: Executor, userId: string) {
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
async function referralPartners(db: Executor, userId: string, referredBy: string | null, linked: string[]) {
  if (!linked.length) return [];
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from users
         where id = any(${`{${linked.join(',')}}`}::uuid[]) and (referred_by = ${userId} or id = ${referredBy})`,
  );
  return rows.map((r) => r.id);
}

async function cashedOutWithin(db: Executor, userId: string, createdAt: Date) {
  const [row] = await rowsOf<{ at: string }>(
    db,
    sql`select min(requested_at) as at from withdrawals
         where user_id = ${userId} and requested_at < ${new Date(createdAt.getTime() + FAST_CASHOUT_MS).toISOString()}`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The UK days the member was at the daily ad cap, in the last AT_CAPS_LOOKBACK_DAYS, oldest first. */
async function daysAtCap(db: Executor, userId: string, now: Date) {
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
function longestRun(days: string[]) {
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

/** The member's signals now; and the other accounts whose own signals this member's activity may change. */
export async function signalsOf(db: Executor, userId: string, now: Date) {
  const me = await memberOf(db, userId);
  if (!me || me.deleted) return { signals: [] as StoredSignal[], related: [] as string[] };
  const since = new Date(now.getTime() - SHARED_ADDRESS_DAYS * DAY_MS);
  // One after the other: these run inside the caller's transaction, on one connection.
  const address = await othersSharing(db, userId, 'network', since);
  const device = await othersSharing(db, userId, 'device_id', null);
  const cashout = await cashedOutWithin(db, userId, new Date(me.created_at));
  const capDays = await daysAtCap(db, userId, now);
  const signals: StoredSignal[] = [];
  if (address.ids.length)
    signals.push({
      code: 'shared_address',
      detail: `Signed up or in from the same address (${address.shared.slice(0, 3).join(', ')}) as ${accountsText(address.ids.length)} in the last ${SHARED_ADDRESS_DAYS} days`,
      accounts: address.named,
    });
  if (device.ids.length)
    signals.push({
      code: 'shared_device',
      detail: `Signed up or in on the same device as ${accountsText(device.ids.length)}`,
      accounts: device.named,
    });
  if (!notThrowaway(me.email))
    signals.push({
      code: 'disposable_email',
      detail: `Signed up with a throwaway address at ${me.email.split('@')[1]}`,
      accounts: [],
    });
  const linked = new Set([...address.ids, ...device.ids]);
  const partners = await referralPartners(db, userId, me.referred_by, [...linked]);
  if (partners.length) {
    const named = [...address.named, ...device.named].filter((a) => partners.includes(a.id));
    signals.push({
      code: 'referral_link',
      detail: `Referred or was referred by ${accountsText(partners.length)} using the same address or device`,
      accounts: [...new Map(named.map((a) => [a.id, a])).values()],
    });
  }
  if (cashout)
    signals.push({
      code: 'fast_cashout',
      detail: `Asked to withdraw ${afterSignUp(cashout.getTime() - new Date(me.created_at).getTime())} after signing up`,
      accounts: [],
    });
  const run = longestRun(capDays);
  if (run.length >= AT_CAPS_DAYS)
    signals.push({
      code: 'at_caps',
      detail: `At the daily cap of ${ADS_PER_DAY} ads for ${run.length} days in a row from ${run.from}`,
      accounts: [],
    });
  // Those sharing an address or a device see their own signals change with this member's.
  return { signals, related: [...linked] };
}

export const scoreOf = (signals: StoredSignal[]) =>
  signals.reduce((n, s) => n + RISK_SIGNALS[s.code].weight, 0);

/** The scores stored now, before a new reckoning, by member. */
async function scoresOf(db: Executor, ids: string[]) {
  const rows = await db
    .select({ id: memberRisk.userId, score: memberRisk.score })
    .from(memberRisk)
    .where(inArray(memberRisk.userId, ids));
  return new Map(rows.map((r) => [r.id, r.score]));
}

/** Staff are told of a member (never one of them) whose score reaches RISK_ALERT_SCORE. */
async function tellOfRisk(db: Executor, id: string, score: number, now: Date) {
  const [member] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.staffRole)));
  if (member)
    await tellStaff(db, 'members', staffNotices.risk({ id, username: member.username, score }, now), now);
}

/** The most other accounts one member's sign-in refreshes the signals of. */
const RELATED_REFRESHED = 20;

/**
 * Works out a member's signals again and stores them; with `andRelated`, also
 * those of the accounts they share an address or a device with. Rows are
 * written in id order, so two sign-ins from one address at once never wait on
 * each other in opposite orders.
 */
export async function refreshRisk(db: Executor, userId: string, now: Date, { andRelated = false } = {}) {
  const mine = await signalsOf(db, userId, now);
  const results = new Map([[userId, mine.signals]]);
  if (andRelated) {
    for (const id of mine.related.slice(0, RELATED_REFRESHED))
      results.set(id, (await signalsOf(db, id, now)).signals);
  }
  const before = await scoresOf(db, [...results.keys()]);
  for (const [id, signals] of [...results].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const score = scoreOf(signals);
    if (crossesRiskAlert(before.get(id) ?? 0, score)) await tellOfRisk(db, id, score, now);
    await db
      .insert(memberRisk)
      .values({ userId: id, score, signals, updatedAt: now })
      .onConflictDoUpdate({
        target: memberRisk.userId,
        set: { score, signals, updatedAt: now, reviewStatus: statusAfter(signals) },
      });
  }
  return { score: scoreOf(mine.signals), signals: mine.signals };
}
