import type { EarnedSource } from '../../../../contract/operator-rules';

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
