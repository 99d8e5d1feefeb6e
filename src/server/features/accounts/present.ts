import type { CurrentUser } from '../../../contract/users';
import { penceToPounds } from '../../lib/money';
import type { UserRow } from './repository';

/** The user as they see themselves; never the password hash. */
export function presentUser(row: UserRow): CurrentUser {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    availableEntries: row.availableEntries,
    totalEntries: row.totalEntries,
    cashBalance: penceToPounds(row.cashPence),
    isAdmin: row.staffRole !== null,
    role: row.staffRole,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
    selfExcludedUntil: row.selfExcludedUntil?.toISOString() ?? null,
  };
}
