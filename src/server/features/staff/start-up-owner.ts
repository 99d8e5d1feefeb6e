import type { Db } from '../../db/client';
import { recordAudit, SITE } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newReferralCode } from '../../lib/tokens';
import * as accounts from '../accounts/repository';
import { removeSecondFactor } from '../two-factor/challenges';
import { recordRoleChange, startClean } from './becoming-staff';

/**
 * Makes sure the configured admin exists, is an owner and signs in with
 * ADMIN_PASSWORD. An account someone else registered with that email first is
 * taken over: its password is replaced and its sessions and second factor are ended. The
 * operator vouches for the address, so it counts as verified.
 */
export async function ensureAdmin(db: Db, clock: Clock, admin: { email: string; password: string }) {
  const existing = await accounts.findUserByEmail(db, admin.email);
  if (existing) {
    const passwordOk = await verifyPassword(existing.passwordHash, admin.password);
    if (existing.staffRole === 'owner' && passwordOk && existing.emailVerifiedAt) return { created: false };
    await db.transaction(async (tx) => {
      // A member made owner starts clean, as anyone made staff does.
      if (!existing.staffRole) await startClean(tx, existing.id);
      await accounts.updateUser(tx, existing.id, {
        staffRole: 'owner',
        emailVerifiedAt: existing.emailVerifiedAt ?? clock.now(),
        ...(!passwordOk && { passwordHash: await hashPassword(admin.password) }),
      });
      // Taken over: whoever set the account up loses its sessions and its second factor.
      if (!passwordOk) {
        await accounts.deleteUserSessions(tx, existing.id);
        await removeSecondFactor(tx, existing.id);
        await recordAudit(
          tx,
          SITE,
          {
            action: 'staff.two_factor_reset',
            targetType: 'user',
            targetId: existing.id,
            summary: `${existing.username}'s password was set from ADMIN_PASSWORD; their sessions and second factor were ended`,
          },
          clock.now(),
        );
      }
      if (existing.staffRole !== 'owner')
        await recordRoleChange(
          tx,
          SITE,
          { ...existing, role: existing.staffRole },
          'owner',
          clock.now(),
          BY_ADMIN_EMAIL,
        );
    });
    return { created: false };
  }
  await db.transaction(async (tx) => {
    const made = await accounts.insertUser(tx, {
      username: 'Admin',
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      staffRole: 'owner',
      emailVerifiedAt: clock.now(),
      referralCode: newReferralCode(),
      createdAt: clock.now(),
    });
    await recordRoleChange(tx, SITE, { ...made, role: null }, 'owner', clock.now(), BY_ADMIN_EMAIL);
  });
  return { created: true };
}

/** The ADMIN_EMAIL account made owner by the site at start-up is a role change like any (DESIGN §12). */
const BY_ADMIN_EMAIL = ', as ADMIN_EMAIL names them';
