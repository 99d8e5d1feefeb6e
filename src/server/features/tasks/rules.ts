import { DAY_MS, HOUR_MS } from '../../../contract/constants';
import { notFound } from '../../lib/app-error';
import type { TaskRow } from './repository';

const INTERVAL_MS = { hourly: HOUR_MS, daily: DAY_MS, weekly: 7 * DAY_MS } as const;
/** The refusal for a task that does not exist, or is not active where that matters. */
export const taskNotFound = () => notFound('Task not found');

/** When a task done at `last` can be done again; undefined when never (one-off) or already. */
export function nextAllowed(
  task: TaskRow,
  last: Date | undefined,
  now: Date,
): { blocked: boolean; until?: Date } {
  if (!last) return { blocked: false };
  if (!task.isRepeatable) return { blocked: true };
  const wait = task.repeatInterval ? INTERVAL_MS[task.repeatInterval] : 0;
  const until = new Date(last.getTime() + wait);
  return until > now ? { blocked: true, until } : { blocked: false };
}
