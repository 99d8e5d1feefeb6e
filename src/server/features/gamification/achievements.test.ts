import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { drawsApi } from '../../../contract/draws';
import { gamificationApi } from '../../../contract/gamification';
import { ACHIEVEMENTS, LEVEL_THRESHOLDS, STREAK_MILESTONES } from '../../../contract/gamification-rules';
import { prizesApi } from '../../../contract/prizes-api';
import { tasksApi } from '../../../contract/tasks';
import { ledgerEntries, prizes, tasks, userAchievements, users } from '../../db/schema';
import { levelFor } from '../earning/levels';

async function oneOffTasks(t: TestApp, rewards: number[]) {
  return t.db
    .insert(tasks)
    .values(
      rewards.map((r, i) => ({
        type: 'email_signup' as const,
        platform: 'affiliate' as const,
        title: `T${i}`,
        entriesReward: r,
      })),
    )
    .returning();
}

const complete = (t: TestApp, id: string, headers: Record<string, string>) =>
  inject(t, tasksApi.complete, { params: { id }, headers, body: undefined });

describe('the achievement catalogue', () => {
  it('is SPEC §3’s 24 achievements with their rewards', () => {
    expect(Object.fromEntries(ACHIEVEMENTS.map((a) => [a.id, a.reward]))).toEqual({
      first_login: 50,
      first_task: 25,
      first_entry: 50,
      streak_3: 100,
      streak_7: 250,
      streak_14: 500,
      streak_30: 1000,
      ads_10: 50,
      ads_50: 150,
      ads_100: 300,
      ads_500: 1000,
      surveys_5: 100,
      surveys_10: 250,
      referral_1: 100,
      referral_5: 500,
      referral_10: 1000,
      first_win: 200,
      win_3: 500,
      entries_1000: 200,
      entries_5000: 500,
      entries_10000: 1000,
      level_5: 250,
      level_10: 500,
      level_25: 1000,
    });
  });

  it('has one streak achievement per streak milestone, reached on the same day', () => {
    const streakTargets = ACHIEVEMENTS.filter((a) => a.metric === 'streak').map((a) => a.target);
    expect(streakTargets).toEqual(STREAK_MILESTONES);
  });

  it('levels follow the one thresholds table, up to level 25 and beyond', () => {
    expect(levelFor(0)).toEqual({ level: 1, experience: 0, experienceForNext: 25 });
    expect(levelFor(24).level).toBe(1);
    expect(levelFor(25).level).toBe(2);
    expect(levelFor(LEVEL_THRESHOLDS[24]).level).toBe(25);
    expect(levelFor(1_000_000)).toEqual({
      level: LEVEL_THRESHOLDS.length,
      experience: 1_000_000,
      experienceForNext: null,
    });
  });
});

describe('awarding achievements', () => {
  it('pays each once, by the action that earns it, and a reward can unlock the next', async () => {
    const t = await buildTestApp();
    const user = await createUser(t.db, { entries: 990 });
    const headers = await authHeader(t.db, user.id);
    const [ten] = await oneOffTasks(t, [10]);
    const res = (await complete(t, ten!.id, headers)).json();
    // 1,000 earned: first_task (+25), entries_1000 (+200), and level 9 is past level 5 (+250).
    expect(res.newAchievements).toEqual(['first_task', 'entries_1000', 'level_5']);
    expect(res.availableEntries).toBe(990 + 10 + 25 + 200 + 250);
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.reason, 'achievement')));
    expect(rows.map((r) => [r.reference, r.amount])).toEqual([
      ['first_task', 25],
      ['entries_1000', 200],
      ['level_5', 250],
    ]);
  });

  it('pays an achievement once when the actions that earn it arrive at the same moment', async () => {
    const t = await buildTestApp();
    const user = await createUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const list = await oneOffTasks(t, [1, 1, 1, 1, 1, 1, 1, 1]);
    const results = await Promise.all(list.map((task) => complete(t, task.id, headers)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(results.flatMap((r) => r.json().newAchievements)).toEqual(['first_task']);
    const held = await t.db.select().from(userAchievements).where(eq(userAchievements.userId, user.id));
    expect(held.map((a) => a.achievementId)).toEqual(['first_task']);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.availableEntries).toBe(8 + 25);
  });

  it('counts ads and surveys, and gives the winners of a draw first_win', async () => {
    const t = await buildTestApp();
    const user = await createUser(t.db, { entries: 20 });
    const headers = await authHeader(t.db, user.id);
    const [survey] = await t.db
      .insert(tasks)
      .values({
        type: 'complete_survey',
        platform: 'survey',
        title: 'Poll',
        entriesReward: 1,
        isRepeatable: true,
        repeatInterval: 'hourly',
      })
      .returning();
    const unlocked: string[] = [];
    for (let i = 0; i < 5; i++) {
      unlocked.push(...(await complete(t, survey!.id, headers)).json().newAchievements);
      t.clock.advance(3_600_000);
    }
    expect(unlocked).toEqual(['first_task', 'surveys_5']);

    const prize = await createPrize(t.db, new Date(t.clock.now().getTime() - 86_400_000 * 2));
    const entered = await inject(t, prizesApi.enter, {
      params: { id: prize.id },
      headers,
      body: { entries: 1 },
    });
    expect(entered.data().newAchievements).toEqual(['first_entry']);
    await t.db
      .update(prizes)
      .set({ endDate: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(prizes.id, prize.id));
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const drawn = await inject(t, drawsApi.draw, {
      params: { id: prize.id },
      headers: admin,
      body: { forceOverride: true },
    });
    expect(drawn.statusCode).toBe(200);
    const stats = (await inject(t, gamificationApi.stats, { headers })).data();
    // first_win's 200 takes entries earned to 400, past level 5: level_5 (+250).
    expect(stats.achievements.map((a) => a.id)).toEqual([
      'first_task',
      'surveys_5',
      'first_entry',
      'first_win',
      'level_5',
    ]);
    const earned = 20 + 5 + 25 + 100 + 50 + 200 + 250;
    expect(stats.stats).toEqual({
      adsWatched: 0,
      surveysCompleted: 5,
      referralsMade: 0,
      prizesWon: 1,
      totalEntriesEarned: earned,
      tasksCompleted: 5,
      prizesEntered: 1,
    });
    expect(stats).toMatchObject({ level: 7, experience: earned, experienceForNext: 850 });
    // What the dashboard's progress bars read; this account has never signed in.
    expect(stats.progress).toEqual({
      logins: 0,
      tasks: 5,
      prizeEntries: 1,
      streak: 0,
      adsWatched: 0,
      surveys: 5,
      referrals: 0,
      wins: 1,
      entriesEarned: earned,
      level: 7,
    });
  });
});
