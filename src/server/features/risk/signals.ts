import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isValid as notThrowaway } from 'mailchecker';
import { ADS_PER_DAY, DAY_MS, HOUR_MS } from '../../../contract/constants';
import {
  AT_CAPS_DAYS,
  RISK_SIGNALS,
  type RiskSignalCode,
  SHARED_ADDRESS_DAYS,
} from '../../../contract/operator-rules';
import type { Executor } from '../../db/client';
import { memberRisk, users } from '../../db/schema';
import { crossesRiskAlert, staffNotices, tellStaff } from '../notifications/staff-notices';
import { statusAfter } from './review';
import {
  cashedOutWithin,
  daysAtCap,
  longestRun,
  memberOf,
  othersSharing,
  referralPartners,
} from './signal-queries';

/**
 * The fraud signals of DESIGN §8, worked out for one member from what the
 * site already keeps: where they signed up and in from (sign_ins), who
 * referred whom, their withdrawals and their ads. Each signal names the other
 * accounts involved; the score is the sum of the signals' weights.
 */

import type { Account } from './signal-queries';
export type StoredSignal = { code: RiskSignalCode; detail: string; accounts: Account[] };

/** A time since sign-up as people say it: 7 days and 5 hours. */
function afterSignUp(ms: number) {
  const hours = Math.max(1, Math.round(ms / HOUR_MS));
  const [days, rest] = [Math.floor(hours / 24), hours % 24];
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (!days) return plural(rest, 'hour');
  return rest ? `${plural(days, 'day')} and ${plural(rest, 'hour')}` : plural(days, 'day');
}

const accountsText = (n: number) => `${n} other ${n === 1 ? 'account' : 'accounts'}`;

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
