import { z } from 'zod';
import { messageBody } from './common';
import { api, endpoint } from './endpoint';
import {
  ACHIEVEMENT_IDS,
  ACHIEVEMENT_METRICS,
  type AchievementMetric,
  LEADERBOARD_PERIODS,
} from './gamification-rules';

export const achievementId = z.enum(ACHIEVEMENT_IDS);
/** Achievements the call just unlocked, each already paid; the web toasts each one. */
export const newAchievements = z.array(achievementId);

export const streak = z.object({
  current: z.number().int().describe('London days in a row, counting today or yesterday'),
  longest: z.number().int(),
  nextBonus: z.number().int().describe('entries for tomorrow’s visit if the streak goes on'),
  nextMilestone: z.number().int().nullable(),
  daysUntilMilestone: z.number().int().nullable(),
});
export type Streak = z.infer<typeof streak>;

export const gamificationStats = z.object({
  streak,
  level: z.number().int(),
  experience: z.number().int().describe('entries earned'),
  experienceForNext: z
    .number()
    .int()
    .nullable()
    .describe('experience the next level starts at; null at the top'),
  achievements: z.array(z.object({ id: achievementId, awardedAt: z.iso.datetime() })),
  stats: z.object({
    adsWatched: z.number().int(),
    surveysCompleted: z.number().int(),
    referralsMade: z.number().int(),
    prizesWon: z.number().int(),
    totalEntriesEarned: z.number().int(),
    tasksCompleted: z.number().int(),
    prizesEntered: z.number().int(),
  }),
  /** Each achievement count as it stands (the longest streak for streaks), for the achievements' progress. */
  // An object of named fields rather than a record keyed by an enum: the description then lists them as properties.
  progress: z.object(
    Object.fromEntries(ACHIEVEMENT_METRICS.map((m) => [m, z.number().int()])) as Record<
      AchievementMetric,
      z.ZodNumber
    >,
  ),
});
export type GamificationStats = z.infer<typeof gamificationStats>;

export const streakUpdateResponse = z.object({
  streak,
  bonusAwarded: z.number().int(),
  newAchievements,
});
export type StreakUpdateResponse = z.infer<typeof streakUpdateResponse>;

const period = z.enum(LEADERBOARD_PERIODS, { error: 'period must be weekly, monthly or alltime' });
export const leaderboardQuery = z.object({ period: period.default('weekly') });

export const leaderboardRow = z.object({
  rank: z.number().int(),
  username: z.string().describe('masked'),
  level: z.number().int(),
  streak: z.number().int(),
  achievementCount: z.number().int(),
  totalEntries: z.number().int().describe('entries earned in the period'),
});
export type LeaderboardRow = z.infer<typeof leaderboardRow>;
export const leaderboardResponse = z.object({ period, leaderboard: z.array(leaderboardRow) });

export const positionResponse = z.object({
  position: z.object({
    position: z.number().int().nullable().describe('null until the user has earned entries in the period'),
    totalEntries: z.number().int(),
    level: z.number().int(),
  }),
});
export type LeaderboardPosition = z.infer<typeof positionResponse>['position'];

/** Streaks, levels and the leaderboard's calls (DESIGN §14). */
export const gamificationApi = api('gamification', {
  stats: endpoint({
    summary: "The member's streak, level and achievements",
    method: 'GET',
    path: '/api/gamification/stats',
    auth: 'member',
    tags: ['gamification'],
    responses: { 200: gamificationStats },
  }),
  updateStreak: endpoint({
    summary: "Counts today's visit towards the streak",
    method: 'POST',
    path: '/api/gamification/streak/update',
    auth: 'player',
    writes: ['leaderboard'],
    tags: ['gamification'],
    responses: { 200: streakUpdateResponse },
  }),
  /** Public: names are masked and nothing is per-member. */
  leaderboard: endpoint({
    summary: 'The leaderboard of a period',
    method: 'GET',
    path: '/api/gamification/leaderboard',
    auth: 'none',
    tags: ['gamification'],
    query: leaderboardQuery,
    responses: { 200: leaderboardResponse },
    kept: true,
  }),
  /**
   * A member's own position. The server checks the session in the route, not in front of it: a kept
   * answer goes only to the token it was checked for and skips that check while kept (decision 010).
   */
  position: endpoint({
    summary: "The member's place on the leaderboard",
    method: 'GET',
    path: '/api/gamification/leaderboard/position',
    auth: 'member',
    tags: ['gamification'],
    query: leaderboardQuery,
    responses: { 200: positionResponse },
    kept: true,
  }),
  /** Runs Monday's payout now; a place already paid is never paid again, so pressing it twice is safe. */
  triggerWeeklyPayout: endpoint({
    summary: 'Pays the weekly leaderboard prizes now',
    method: 'POST',
    path: '/api/admin/trigger-weekly-payout',
    auth: { staff: 'payouts', recent: true },
    writes: ['leaderboard'],
    tags: ['admin'],
    responses: { 200: messageBody },
  }),
});
