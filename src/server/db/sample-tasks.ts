import type { tasks } from './schema';

type TaskSeed = typeof tasks.$inferInsert;

/** A starter task list so a new site has something to earn with. */
export const sampleTasks: TaskSeed[] = [
  {
    type: 'twitter_follow',
    platform: 'twitter',
    title: 'Follow us on X (Twitter)',
    description: 'Follow our account for winner announcements and bonus codes.',
    entriesReward: 5,
    accountToFollow: '@prizedrawuk',
    sortOrder: 1,
  },
  {
    type: 'instagram_follow',
    platform: 'instagram',
    title: 'Follow us on Instagram',
    description: 'See every winner’s prize as it arrives.',
    entriesReward: 5,
    accountToFollow: '@prizedrawuk',
    sortOrder: 2,
  },
  {
    type: 'youtube_subscribe',
    platform: 'youtube',
    title: 'Subscribe on YouTube',
    description: 'Watch the weekly draw replays.',
    entriesReward: 5,
    accountToFollow: '@prizedrawuk',
    sortOrder: 3,
  },
  {
    type: 'watch_video_ad',
    platform: 'admob',
    title: 'Watch a short video',
    description: 'Watch a 30-second video to the end. Every 5 videos unlock a spin of the wheel.',
    entriesReward: 2,
    isRepeatable: true,
    repeatInterval: 'hourly',
    adDuration: 30,
    sortOrder: 4,
  },
  {
    type: 'complete_survey',
    platform: 'survey',
    title: 'Tell us about yourself',
    description: 'A two-minute survey about the prizes you would like to see.',
    entriesReward: 15,
    sortOrder: 5,
  },
  {
    type: 'referral',
    platform: 'affiliate',
    title: 'Invite a friend',
    description: 'Share your link. When your friend completes their first task, you both win.',
    entriesReward: 25,
    isRepeatable: true,
    sortOrder: 6,
  },
];
