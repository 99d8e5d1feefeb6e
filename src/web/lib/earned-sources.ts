import type { EarnedSource } from '../../contract/operator-rules';

/** How the analytics' charts and the transparency page name each source of entries. */
export const SOURCE_TEXT: Record<EarnedSource, string> = {
  welcome: 'Welcome bonuses',
  tasks: 'Tasks',
  ads: 'Video ads',
  offers: 'Offers',
  referrals: 'Referrals',
  streaks: 'Streaks',
  achievements: 'Achievements',
  wheel: 'Wheel',
  leaderboard: 'Leaderboard',
  admin: 'Corrections',
};
