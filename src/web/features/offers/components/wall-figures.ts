import type { AdminWall } from '../../../../contract/offer-walls';
import { count, pounds } from '../../../lib/format';

/** What a wall has done, as the admin reads it: the wall's page and the Dashboard show the same figures. */
export const WALL_FIGURES: ReadonlyArray<[string, (stats: AdminWall['stats']) => string]> = [
  ['Credits', (s) => count(s.credits)],
  ['Reversals', (s) => count(s.reversals)],
  ['Revenue', (s) => pounds(s.revenue)],
  ['Entries given', (s) => count(s.entries)],
];
