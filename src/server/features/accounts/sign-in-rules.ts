import { sql } from 'drizzle-orm';
import type { MemberStatus } from '../../../contract/operator-rules';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { UserRow } from './repository';

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/** A break's end as people read it, e.g. "22 February 2027"; null for a permanent break. */
export const breakEndText = (user: Pick<UserRow, 'breakUntil' | 'breakForGood'>) =>
  user.breakForGood || !user.breakUntil ? null : longDate.format(user.breakUntil);

/** Whether an admin's suspension holds now: until it is lifted, or until the end it was given. */
export const isSuspended = (user: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>, now: Date) =>
  user.suspendedAt !== null && (user.suspendedUntil === null || user.suspendedUntil > now);
/** isSuspended's opposite, as SQL on `users`: never NULL, so `not` of it means suspended. */
export const notSuspendedSql = (now: Date) =>
  sql`(${users.suspendedAt} is null or coalesce(${users.suspendedUntil} <= ${now}, false))`;

/** Where an account stands now, the most serious first (operator-rules.ts's MEMBER_STATUSES). */
export function memberStatus(
  user: Pick<UserRow, 'deletedAt' | 'suspendedAt' | 'suspendedUntil' | 'breakForGood' | 'breakUntil'>,
  now: Date,
): MemberStatus {
  if (user.deletedAt) return 'deleted';
  if (isSuspended(user, now)) return 'suspended';
  if (user.breakForGood || (user.breakUntil && user.breakUntil > now)) return 'on_break';
  return 'active';
}

/** The suspended member's refusal: the reason they were given, and until when. */
function suspended(user: UserRow) {
  const until = user.suspendedUntil ? ` until ${longDate.format(user.suspendedUntil)}` : '';
  const reason = (user.suspensionReason ?? '').replace(/[\s.]+$/, '');
  return new AppError(
    403,
    `Your account is suspended${until}: ${reason}. If you think this is a mistake, please contact us.`,
    'suspended',
    undefined,
    { until: user.suspendedUntil?.toISOString() ?? null },
  );
}

/**
 * Why this user may not be signed in now, or null. The one rule for every
 * sign-in route and for every request a session makes, so a session that
 * slipped through as a break began is refused at its next use. A suspended
 * member may sign in, to a restricted session (`restriction`).
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

/**
 * What a suspended member's session may not do (DESIGN §19): anything but the calls marked
 * `whileSuspended` (their standing and appeal, messages, data, signing out), each refused with the
 * reason and `restricted`, so the app shows their standing rather than signing them out.
 */
export function restriction(user: UserRow, now: Date): AppError | null {
  if (!isSuspended(user, now)) return null;
  const refusal = suspended(user);
  return new AppError(refusal.status, refusal.message, refusal.code, undefined, {
    ...refusal.fields,
    restricted: true,
  });
}

/** Why an ended session was ended, when a suspension ended it: said when it is used again. */
export const endedBecause = (user: UserRow, now: Date) => (isSuspended(user, now) ? suspended(user) : null);

export function assertMaySignIn(user: UserRow, now: Date) {
  const refusal = signInRefusal(user, now);
  if (refusal) throw refusal;
}
