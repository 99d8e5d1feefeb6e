import type { EarnedSource } from '../../../../contract/operator-rules';

/** How the charts name each source of entries. */
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
/**
 * One hue per source, each dark enough to stand out on white (3:1 at least),
 * no two alike; corrections, and spending (analytics-charts.tsx), are dashed.
 */
export const SOURCE_COLOURS: Record<EarnedSource, string> = {
  welcome: '#1d4ed8',
  tasks: '#0e7490',
  ads: '#c2410c',
  offers: '#7e22ce',
  referrals: '#be185d',
  streaks: '#15803d',
  achievements: '#a16207',
  wheel: '#78350f',
  leaderboard: '#475569',
  admin: '#1d4ed8',
};
