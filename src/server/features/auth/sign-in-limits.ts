import { MINUTE_MS } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { RateLimit } from '../../rate-limits';
import { ANY_ADDRESS, countLoginAttempt } from './repository';

export const tooMany = (limit: RateLimit) =>
  new AppError(
    429,
    `Too many failed attempts. Please try again in ${Math.ceil(limit.timeWindow / MINUTE_MS)} minutes.`,
    'rate_limited',
  );

/**
 * A second-factor code counts as a sign-in attempt on the account, from this
 * address and from everywhere, counted before it is checked (DESIGN §12):
 * guessing a code is as limited as guessing the password, whether from one
 * address or many. A right code forgives it.
 */
export async function countCodeAttempt(
  { db, clock, limits }: Pick<AppContext, 'db' | 'clock' | 'limits'>,
  email: string,
  address: string,
) {
  const now = clock.now();
  for (const [where, limit] of [
    [address, limits.loginFailures],
    [ANY_ADDRESS, limits.loginFailuresAccount],
  ] as const) {
    const since = new Date(now.getTime() - limit.timeWindow);
    if ((await countLoginAttempt(db, { email, address: where }, now, since)) > limit.max)
      throw tooMany(limit);
  }
}
