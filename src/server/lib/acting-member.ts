import type { users } from '../db/schema';
import type { AppError } from './app-error';

/** The member a request acts for, as their session found them: set on the request by its guard (plugins/auth.ts). */
export type ActingMember = typeof users.$inferSelect;

/** What a request's session has proved, beyond the password: when it signed in, and last gave a second factor (DESIGN §12). */
export interface SessionState {
  signedInAt: Date;
  secondFactorAt: Date | null;
}

/** Who a bearer token signs in, or why it signs in no one (a suspension, say); neither for a stale token. */
export type Identify = (
  token: string,
) => Promise<{ member?: ActingMember; session?: SessionState; refusal?: AppError }>;
