import { MINUTE_MS } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { RateLimit } from '../../rate-limits';
import { countLoginAttempt } from './repository';

export const tooMany = (limit: RateLimit) =>
  new AppError(
    429,
    `Too many failed attempts. Please try again in ${Math.ceil(limit.timeWindow / MINUTE_MS)} minutes.`,
    'rate_limited',
  );

/**
 * A second-factor code counts as a sign-in attempt on the account from this
 * address, counted before it is checked (DESIGN §12): guessing a code is as
 * limited as guessing the password. A right code forgives it.
 */
export async function countCodeAttempt(
  { db, clock, limits }: Pick<AppContext, 'db' | 'clock' | 'limits'>,
  email: string,
  address: string,
) {
  const now = clock.now();
  const since = new Date(now.getTime() - limits.loginFailures.timeWindow);
  if ((await countLoginAttempt(db, { email, address }, now, since)) > limits.loginFailures.max)
    throw tooMany(limits.loginFailures);
}
