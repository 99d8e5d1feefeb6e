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
export const AD_TASK_TYPES: readonly string[] = ['watch_video_ad', 'watch_rewarded_ad'];

/**
 * A repeatable task needs a wait between completions, or it could be claimed
 * back to back; videos are paced by their own length and referrals by friends.
 */
export const needsInterval = (t: { type?: string; isRepeatable?: boolean; repeatInterval?: string | null }) =>
  Boolean(t.isRepeatable) &&
  !t.repeatInterval &&
  !AD_TASK_TYPES.includes(t.type ?? '') &&
  t.type !== 'referral';
const intervalMessage = { message: 'Repeatable tasks need a repeat interval', path: ['repeatInterval'] };

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

const taskFields = {
  type: z.enum(TASK_TYPES, { error: 'Unknown task type' }),
  platform: z.enum(TASK_PLATFORMS, { error: 'Unknown platform' }),
  title: z.string().trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters'),
  entriesReward: z
    .number()
    .int('Reward must be a whole number')
    .min(1, 'Reward must be at least 1')
    .max(10_000),
  isRepeatable: z.boolean(),
  repeatInterval: z.enum(REPEAT_INTERVALS).nullable(),
  accountToFollow: z.string().trim().max(100).nullable(),
  postUrl: z
    .url({ protocol: /^https$/, error: 'Post URL must be an https:// address' })
    .max(2000)
    .nullable(),
  adDuration: z
    .number()
    .int()
    .min(5, 'Ads last at least 5 seconds')
    .max(300, 'Ads last at most 300 seconds')
    .nullable(),
  active: z.boolean(),
  sortOrder: z.number().int().min(0).max(10_000),
};

export const createTaskBody = z
  .strictObject({
    ...taskFields,
    description: taskFields.description.default(''),
    isRepeatable: taskFields.isRepeatable.default(false),
    repeatInterval: taskFields.repeatInterval.default(null),
    accountToFollow: taskFields.accountToFollow.default(null),
    postUrl: taskFields.postUrl.default(null),
    adDuration: taskFields.adDuration.default(null),
    active: taskFields.active.default(true),
    sortOrder: taskFields.sortOrder.default(0),
  })
  .refine((t) => !needsInterval(t), intervalMessage);
export type CreateTaskBody = z.input<typeof createTaskBody>;

export const updateTaskBody = z
  .strictObject(taskFields)
  .partial()
  .refine((t) => Object.keys(t).length > 0, 'Send at least one field to change');

export const adminTask = z.object({
  _id: z.string(),
  type: z.enum(TASK_TYPES),
  platform: z.enum(TASK_PLATFORMS),
  title: z.string(),
  description: z.string(),
  entriesReward: z.number().int(),
  isRepeatable: z.boolean(),
  repeatInterval: z.enum(REPEAT_INTERVALS).nullable(),
  accountToFollow: z.string().nullable(),
  postUrl: z.string().nullable(),
  adDuration: z.number().int().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export const adminTaskResponse = z.object({ task: adminTask });
export const adminTaskListResponse = z.object({ tasks: z.array(adminTask) });
export type AdminTask = z.infer<typeof adminTask>;
