import { MINUTE_MS } from '../../contract/constants';
import { RECENT_SIGN_IN_MINUTES } from '../../contract/two-factor';
import type { users } from '../db/schema';
import type { AppError } from './app-error';

/** The member a request acts for, as their session found them: set on the request by its guard (plugins/auth.ts). */
export type ActingMember = typeof users.$inferSelect;

/** What a request's session has proved, beyond the password: when it signed in, and last gave a second factor (DESIGN §12). */
export interface SessionState {
  signedInAt: Date;
  secondFactorAt: Date | null;
}

/** Whether `at` was within the last RECENT_SIGN_IN_MINUTES: what the calls that need a recent sign-in accept. */
export const isRecent = (at: Date | null | undefined, now: Date) =>
  at != null && now.getTime() - at.getTime() <= RECENT_SIGN_IN_MINUTES * MINUTE_MS;

/** Whether the session gave its second factor recently enough for what needs a recent sign-in (DESIGN §12). */
export const gaveSecondFactorRecently = (session: SessionState | null, now: Date) =>
  isRecent(session?.secondFactorAt, now);

/** Who a bearer token signs in, or why it signs in no one (a suspension, say); neither for a stale token. */
export type Identify = (token: string) => Promise<{
  member?: ActingMember;
  session?: SessionState;
  refusal?: AppError;
  /** A suspended member's session: only the calls marked `whileSuspended` are let through (§19). */
  restriction?: AppError;
}>;

/** When a member's self-exclusion ends, while it holds (DESIGN §19); null when they may play. */
export const selfExclusionEnd = (user: Pick<ActingMember, 'selfExcludedUntil'>, now: Date) =>
  user.selfExcludedUntil && user.selfExcludedUntil > now ? user.selfExcludedUntil : null;
