import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { gamificationApi } from '../../../contract/gamification';
import { ledgerEntries, users } from '../../db/schema';

const update = (t: TestApp, headers: Record<string, string>) =>
  inject(t, gamificationApi.updateStreak, { headers });

async function member(t: TestApp) {
  const user = await createUser(t.db);
  return { user, headers: await authHeader(t.db, user.id) };
}

const balance = async (t: TestApp, userId: string) =>
  (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.availableEntries;

describe('daily streaks', () => {
  it('count London days: the first visit of a day pays its bonus, a second pays nothing, a missed day starts again', async () => {
    const t = await buildTestApp();
    const { user, headers } = await member(t);
    t.clock.set('2026-11-16T09:00:00Z'); // Monday

    const first = (await update(t, headers)).json();
    expect(first).toEqual({
      streak: { current: 1, longest: 1, nextBonus: 1, nextMilestone: 3, daysUntilMilestone: 2 },
      bonusAwarded: 1,
      // Opening the dashboard is signing in: an account that never had first_login gets it here.
      newAchievements: ['first_login'],
    });
    t.clock.set('2026-11-16T23:59:00Z'); // still Monday in London (GMT)
    expect((await update(t, headers)).json()).toMatchObject({ bonusAwarded: 0, streak: { current: 1 } });

    t.clock.set('2026-11-17T00:01:00Z');
    expect((await update(t, headers)).json()).toMatchObject({ bonusAwarded: 1, streak: { current: 2 } });
    expect(await balance(t, user.id)).toBe(1 + 1 + 50);

    // Wednesday missed: Thursday starts again at 1, and the longest run is remembered.
    t.clock.set('2026-11-19T12:00:00Z');
    expect((await update(t, headers)).json()).toMatchObject({
      bonusAwarded: 1,
      streak: { current: 1, longest: 2, daysUntilMilestone: 2 },
    });
  });

  it('follow British Summer Time: 23:30 UTC in July is already the next day', async () => {
    const t = await buildTestApp();
    const { headers } = await member(t);
    t.clock.set('2026-07-06T08:00:00Z'); // Monday 09:00 BST
    await update(t, headers);
    t.clock.set('2026-07-06T23:30:00Z'); // Tuesday 00:30 BST
    expect((await update(t, headers)).json().streak.current).toBe(2);
  });

  it('are not fooled by the clocks changing: a London day skipped across a change still breaks the streak', async () => {
    const t = await buildTestApp();
    const { headers } = await member(t);
    t.clock.set('2026-03-28T23:30:00Z'); // Saturday 23:30 GMT
    await update(t, headers);
    // 24 hours later is 00:30 BST on Monday 30 March: Sunday the 29th was missed.
    t.clock.set('2026-03-29T23:30:00Z');
    expect((await update(t, headers)).json().streak.current).toBe(1);
    // In October the clocks go back: 23:30 UTC on Saturday 24th is Sunday 00:30 BST, and
    // 23:30 UTC on Sunday 25th is still Sunday (GMT): the same day, so nothing more.
    t.clock.set('2026-10-24T23:30:00Z');
    await update(t, headers);
    t.clock.set('2026-10-25T23:30:00Z');
    expect((await update(t, headers)).json()).toMatchObject({ bonusAwarded: 0 });
  });

  it('pay more from each milestone and award the streak achievements on the day they are reached', async () => {
    const t = await buildTestApp();
    const { user, headers } = await member(t);
    const bonuses: number[] = [];
    const unlocked: string[] = [];
    for (let day = 0; day < 14; day++) {
      t.clock.set(new Date(Date.UTC(2026, 10, 2 + day, 10)).toISOString());
      const res = (await update(t, headers)).json();
      bonuses.push(res.bonusAwarded);
      unlocked.push(...res.newAchievements);
    }
    // Days 1–2 pay 1, 3–6 pay 2, 7–13 pay 3, day 14 pays 4.
    expect(bonuses).toEqual([1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4]);
    // first_login (+50) on day 1 and streak_3 (+100) on day 3. On day 7 streak_7 (+250) takes entries
    // earned to 13 + 50 + 100 + 250 = 413, past level 5 (250): level_5 (+250). On day 14 streak_14
    // (+500) makes 35 + 50 + 100 + 250 + 250 + 500 = 1,185 earned: entries_1000 (+200). Each reward
    // counts towards the next.
    expect(unlocked).toEqual(['first_login', 'streak_3', 'streak_7', 'level_5', 'streak_14', 'entries_1000']);
    expect(await balance(t, user.id)).toBe(35 + 50 + 100 + 250 + 250 + 500 + 200);
    const stats = (await inject(t, gamificationApi.stats, { headers })).data();
    expect(stats.streak).toEqual({
      current: 14,
      longest: 14,
      nextBonus: 4,
      nextMilestone: 30,
      daysUntilMilestone: 16,
    });
    expect(stats.achievements.map((a) => a.id)).toEqual(unlocked);
  });

  it('pay a day once when the dashboard sends many updates at once', async () => {
    const t = await buildTestApp();
    const { user, headers } = await member(t);
    const results = await Promise.all(Array.from({ length: 8 }, () => update(t, headers)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(results.map((r) => r.data().bonusAwarded).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(rows.map((r) => [r.reason, r.reference])).toEqual([
      ['streak_bonus', '2026-11-20'],
      ['achievement', 'first_login'],
    ]);
    expect(await balance(t, user.id)).toBe(1 + 50);
  });

  it('need the bearer token', async () => {
    const t = await buildTestApp();
    expect((await inject(t, gamificationApi.updateStreak)).statusCode).toBe(401);
    expect((await inject(t, gamificationApi.stats)).statusCode).toBe(401);
  });
});
