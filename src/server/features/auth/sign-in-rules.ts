import { AppError } from '../../lib/app-error';
import type { UserRow } from './repository';

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/** A break's end as people read it, e.g. "22 February 2027"; null for a permanent break. */
export const breakEndText = (user: Pick<UserRow, 'breakUntil' | 'breakForGood'>) =>
  user.breakForGood || !user.breakUntil ? null : longDate.format(user.breakUntil);

/**
 * Why this user may not be signed in now, or null. The one rule for every
 * sign-in route and for every request a session makes, so a session that
 * slipped through as a break began is refused at its next use.
 */
export function signInRefusal(user: UserRow, now: Date): AppError | null {
  if (user.deletedAt) return new AppError(401, 'Please sign in to continue', 'unauthorized');
  if (user.breakForGood) {
    return new AppError(
      403,
      'You chose to take a permanent break, so this account cannot sign in again. If you need help, please contact us.',
      'on_break',
      undefined,
      { until: null },
    );
  }
  if (user.breakUntil && user.breakUntil > now) {
    return new AppError(
      403,
      `You are taking a break until ${breakEndText(user)}. You can sign in again then.`,
      'on_break',
      undefined,
      { until: user.breakUntil.toISOString() },
    );
  }
  return null;
}

export function assertMaySignIn(user: UserRow, now: Date) {
  const refusal = signInRefusal(user, now);
  if (refusal) throw refusal;
}
