import { count } from '../../lib/format';

/**
 * A person's share of a prize's entries, as the prize page shows it (the UK
 * code for prize draws asks for the odds to be clear). With one winner it is
 * exactly the chance of winning; with more, the chance is higher.
 */
export function entryShare(userEntries: number, totalEntries: number): string {
  if (userEntries <= 0 || totalEntries <= 0) return '0%';
  const percent = (100 * userEntries) / totalEntries;
  if (percent >= 99.95) return '100%';
  if (percent < 0.1) return `1 in ${count(totalEntries / userEntries)}`;
  // One decimal place below 10%, none above.
  return `${percent < 10 ? Math.round(percent * 10) / 10 : Math.round(percent)}%`;
}
