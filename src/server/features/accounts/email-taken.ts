import { conflict, constraintName, sqlState, UNIQUE_VIOLATION } from '../../lib/app-error';

// One address, one account: every way an address is claimed (signing up, a provider, a change, an invitation) says so alike.

export const emailTaken = () => conflict('An account with this email already exists', 'email_taken');
/** Whether a database error is a second account claiming an address already in use. */
export const isEmailTaken = (err: unknown) =>
  sqlState(err) === UNIQUE_VIOLATION && constraintName(err) === 'users_email_key';
