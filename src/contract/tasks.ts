import { z } from 'zod';
import { HTTPS_ADDRESS, nextCursor, pageQuery, pathId, plainText } from './common';
import { DEFAULT_AD_SECONDS, isAdTask, REFERRAL_REWARD } from './constants';
import { api, endpoint } from './endpoint';
import { newAchievements } from './gamification';

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
export type TaskType = (typeof TASK_TYPES)[number];

/**
 * A repeatable task needs a wait between completions, or it could be claimed
 * back to back; videos are paced by their own length and referrals by friends.
 */
export const needsInterval = (t: { type: TaskType; isRepeatable: boolean; repeatInterval: string | null }) =>
  t.isRepeatable && !t.repeatInterval && !isAdTask(t) && t.type !== 'referral';
const intervalMessage = { message: 'Repeatable tasks need a repeat interval', path: ['repeatInterval'] };
/** A referral pays REFERRAL_REWARD whatever the task says (server features/earning/referrals.ts): its task says the same. */
export const wrongReferralReward = (t: { type: TaskType; entriesReward: number }) =>
  t.type === 'referral' && t.entriesReward !== REFERRAL_REWARD;
export const REFERRAL_REWARD_MESSAGE = `A referral pays ${REFERRAL_REWARD} entries, the one referral reward: set the reward to ${REFERRAL_REWARD}`;

/** SPEC §3's Task: what a task is, the same for everyone who looks at it. */
const taskDefinition = z.object({
  _id: z.string(),
  type: z.enum(TASK_TYPES),
  platform: z.enum(TASK_PLATFORMS),
  title: z.string(),
  description: z.string(),
  entriesReward: z.number().int(),
  isRepeatable: z.boolean(),
  repeatInterval: z.enum(REPEAT_INTERVALS).nullable(),
  verificationData: z.object({
    accountToFollow: z.string().nullable(),
    postUrl: z.string().nullable(),
    adDuration: z.number().int().describe('seconds'),
  }),
});

/** A task as a signed-in user sees it, with their own progress. */
export const task = taskDefinition.extend({
  completed: z.boolean(),
  /** For a repeatable task done recently: when it can be done again. */
  availableAt: z.iso.datetime().nullable(),
});
export type Task = z.infer<typeof task>;
export const taskListResponse = z.object({ tasks: z.array(task) });

/** A task as admins manage it: the same shape, plus whether it is shown and where in the list. */
export const adminTask = taskDefinition.extend({ active: z.boolean(), sortOrder: z.number().int() });
export type AdminTask = z.infer<typeof adminTask>;
export const adminTaskResponse = z.object({ task: adminTask });
export const adminTasksQuery = z.strictObject(pageQuery);
export const adminTaskListResponse = z.object({ tasks: z.array(adminTask), nextCursor });

export const taskIdParams = z.object({ id: pathId('Task not found') });
export const completeTaskBody = z.strictObject({ ticket: z.string().max(200).optional() }).nullish();
export const completeTaskResponse = z.object({
  message: z.string(),
  entriesEarned: z.number().int(),
  totalEntries: z.number().int(),
  availableEntries: z.number().int(),
  newAchievements,
});
export type CompleteTaskResponse = z.infer<typeof completeTaskResponse>;
export const startTaskResponse = z.object({
  ticket: z.string().describe("the ad's id: the demo ad's claim, or what the ad network is given as ad_id"),
  adDuration: z.number().int(),
  /** True when an ad network pays this ad by its signed callback; false for the demo ad. */
  network: z.boolean(),
});

/**
 * A rewarded-ad network's server-to-server callback (DESIGN §19), as networks without a scheme of their
 * own send it: `signature` is the hex HMAC-SHA256 of `user_id:ad_id:reward:timestamp` with AD_REWARD_SECRET.
 */
export const adCallbackQuery = z.strictObject({
  user_id: z.uuid({ error: 'user_id must be a member id' }),
  ad_id: z.string().min(20, 'ad_id must be the id the ad was started with').max(200),
  reward: z.string().regex(/^[1-9][0-9]{0,5}$/, 'reward must be a whole number of entries'),
  timestamp: z.string().regex(/^[0-9]{9,12}$/, 'timestamp must be Unix seconds'),
  signature: z.string().regex(/^[0-9a-f]{64}$/i, 'signature must be 64 hex digits'),
});
export type AdCallbackQuery = z.infer<typeof adCallbackQuery>;
export type StartTaskResponse = z.infer<typeof startTaskResponse>;

/** Blank optional text means "none". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((v) => v || null);

const verificationInput = {
  accountToFollow: optionalText(100),
  postUrl: z
    .url({ protocol: /^https$/, error: 'Post URL must be an https:// address' })
    .max(2000)
    .regex(HTTPS_ADDRESS, 'Post URL must be an https:// address')
    .nullable(),
  adDuration: z
    .number({ error: 'Ad length must be a number of seconds' })
    .int('Ad length must be a whole number of seconds')
    .min(5, 'Ads last at least 5 seconds')
    .max(300, 'Ads last at most 300 seconds'),
};

const taskInput = {
  type: z.enum(TASK_TYPES, { error: 'Unknown task type' }),
  platform: z.enum(TASK_PLATFORMS, { error: 'Unknown platform' }),
  title: plainText('Title', 120),
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters'),
  entriesReward: z
    .number({ error: 'Reward must be a number of entries' })
    .int('Reward must be a whole number')
    .min(1, 'Reward must be at least 1')
    .max(10_000, 'Reward must be at most 10000')
    .describe(`A referral task's is ${REFERRAL_REWARD}`),
  isRepeatable: z.boolean(),
  repeatInterval: z
    .enum(REPEAT_INTERVALS, { error: 'Repeat interval must be hourly, daily or weekly' })
    .nullable()
    .describe('Needed when the task is repeatable, unless it is an ad or a referral'),
  active: z.boolean(),
  sortOrder: z.number().int().min(0).max(10_000),
};

/** What an admin sends to create a task: the Task shape without its id, plus active and sortOrder. */
export const createTaskBody = z
  .strictObject({
    ...taskInput,
    description: taskInput.description.default(''),
    isRepeatable: taskInput.isRepeatable.default(false),
    repeatInterval: taskInput.repeatInterval.default(null),
    verificationData: z
      .strictObject({
        accountToFollow: verificationInput.accountToFollow.default(null),
        postUrl: verificationInput.postUrl.default(null),
        adDuration: verificationInput.adDuration.default(DEFAULT_AD_SECONDS),
      })
      .prefault({}),
    active: taskInput.active.default(true),
    sortOrder: taskInput.sortOrder.default(0),
  })
  .refine((t) => !needsInterval(t), intervalMessage)
  .refine((t) => !wrongReferralReward(t), { message: REFERRAL_REWARD_MESSAGE, path: ['entriesReward'] });
export type CreateTaskBody = z.input<typeof createTaskBody>;
export type NewTask = z.output<typeof createTaskBody>;

/** Any of the same fields; verificationData may name only the ones that change. */
export const updateTaskBody = z
  .strictObject({ ...taskInput, verificationData: z.strictObject(verificationInput).partial() })
  .partial()
  .refine((t) => Object.keys(t).length > 0, 'Send at least one field to change')
  .meta({ minProperties: 1 });
export type UpdateTaskBody = z.input<typeof updateTaskBody>;
export type TaskChanges = z.output<typeof updateTaskBody>;

/** The tasks' calls (DESIGN §14): a member's list and progress, and staff's editing. */
export const tasksApi = api('tasks', {
  list: endpoint({
    summary: 'The tasks the member can do',
    method: 'GET',
    path: '/api/tasks',
    auth: 'member',
    tags: ['tasks'],
    responses: { 200: taskListResponse },
  }),
  /** Starts a video ad: a ticket to claim once it has played (counted per member, RATE_LIMIT_AD_START). */
  start: endpoint({
    summary: 'Starts a video task',
    method: 'POST',
    path: '/api/tasks/:id/start',
    auth: 'player',
    tags: ['tasks'],
    params: taskIdParams,
    responses: { 200: startTaskResponse },
    errors: [400, 409, 429],
  }),
  /** 401 for a bad signature or a stale timestamp, 409 for an ad paid before; 429 past the day's cap or too soon. */
  adCallback: endpoint({
    summary: "The rewarded-ad network's signed callback: pays one ad the member opted in to",
    method: 'POST',
    path: '/api/ads/callback',
    auth: 'none',
    tags: ['tasks'],
    query: adCallbackQuery,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: [401, 403, 404, 409, 429],
  }),
  complete: endpoint({
    summary: 'Completes a task for its entries',
    method: 'POST',
    path: '/api/tasks/:id/complete',
    auth: 'player',
    writes: ['leaderboard'],
    tags: ['tasks'],
    params: taskIdParams,
    body: completeTaskBody,
    responses: { 200: completeTaskResponse },
    errors: [409, 429],
  }),
  adminList: endpoint({
    summary: 'Every task, for staff',
    method: 'GET',
    path: '/api/admin/tasks',
    auth: { staff: 'tasks' },
    tags: ['admin'],
    query: adminTasksQuery,
    responses: { 200: adminTaskListResponse },
  }),
  create: endpoint({
    summary: 'Creates a task',
    method: 'POST',
    path: '/api/admin/tasks',
    auth: { staff: 'tasks' },
    tags: ['admin'],
    body: createTaskBody,
    responses: { 201: adminTaskResponse },
  }),
  update: endpoint({
    summary: 'Changes a task',
    method: 'PUT',
    path: '/api/admin/tasks/:id',
    auth: { staff: 'tasks' },
    tags: ['admin'],
    params: taskIdParams,
    body: updateTaskBody,
    responses: { 200: adminTaskResponse },
  }),
});
