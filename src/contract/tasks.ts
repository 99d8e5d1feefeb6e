import { z } from 'zod';

export const TASK_TYPES = [
  'twitter_follow',
  'twitter_retweet',
  'twitter_like',
  'instagram_follow',
  'instagram_like',
  'youtube_subscribe',
  'youtube_like',
  'watch_video_ad',
  'watch_rewarded_ad',
  'complete_survey',
  'app_install',
  'app_trial',
  'game_trial',
  'email_signup',
  'referral',
  'affiliate_click',
  'affiliate_purchase',
] as const;
export const TASK_PLATFORMS = ['twitter', 'instagram', 'youtube', 'admob', 'survey', 'affiliate'] as const;
export const REPEAT_INTERVALS = ['hourly', 'daily', 'weekly'] as const;

export const task = z.object({
  _id: z.string(),
  type: z.enum(TASK_TYPES),
  platform: z.enum(TASK_PLATFORMS),
  title: z.string(),
  description: z.string(),
  entriesReward: z.number().int(),
  completed: z.boolean(),
  isRepeatable: z.boolean(),
  repeatInterval: z.enum(REPEAT_INTERVALS).nullable(),
  /** For a repeatable task done recently: when it can be done again. */
  availableAt: z.iso.datetime().nullable(),
  verificationData: z.object({
    accountToFollow: z.string().nullable(),
    postUrl: z.string().nullable(),
    adDuration: z.number().int(),
  }),
});
export type Task = z.infer<typeof task>;
export const taskListResponse = z.object({ tasks: z.array(task) });

export const taskIdParams = z.object({ id: z.string().max(100) });
export const completeTaskBody = z.strictObject({ ticket: z.string().max(200).optional() }).nullish();
export const completeTaskResponse = z.object({
  message: z.string(),
  entriesEarned: z.number().int(),
  totalEntries: z.number().int(),
  availableEntries: z.number().int(),
  newAchievements: z.array(z.string()),
});
export type CompleteTaskResponse = z.infer<typeof completeTaskResponse>;
export const startTaskResponse = z.object({ ticket: z.string(), adDuration: z.number().int() });
