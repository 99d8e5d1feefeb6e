import type { StaffMember, StaffRole } from '../../../contract/staff';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { clearLoginFailures } from '../auth/attempts-repository';
import { deleteUserSessions } from '../auth/repository';
import { leaveLeaderboards } from '../gamification/leaderboard-repository';
import { removeSecondFactor } from '../two-factor/challenges';
import * as repo from './repository';

type Row = Awaited<ReturnType<typeof repo.lockAccount>>;

const present = (row: NonNullable<Row>, role: StaffRole): StaffMember => ({
  _id: row.id,
  username: row.username,
  email: row.email,
  role,
  twoFactor: row.twoFactor,
});

export async function listStaff(db: Db) {
  const rows = await repo.staffMembers(db);
  return { staff: rows.map((row) => present(row, row.role!)) };
}

/**
 * Gives an account a role, or takes it away (`null`), in the audit chain. Nobody changes their own
 * role: the owner acting is always left an owner, so the site is never without one. Staff never
 * play, so one made staff leaves the leaderboards.
 */
export async function setStaffRole(
  { db, clock }: { db: Db; clock: Clock },
  actor: AuditActor & { id: string },
  who: { id: string } | { email: string },
  role: StaffRole | null,
  opts: { adding?: boolean } = {},
) {
  return db.transaction(async (tx) => {
    const row = await repo.lockAccount(tx, who);
    if (!row || row.deletedAt)
      throw notFound(opts.adding ? 'No account has that email address' : 'Staff member not found');
    if (row.id === actor.id) throw conflict('You cannot change your own role', 'own_account');
    if (opts.adding && row.role)
      throw conflict(`${row.username} is already staff (${row.role})`, 'already_staff');
    if (!opts.adding && !row.role) throw notFound('Staff member not found');
    if (row.role !== role) {
      await repo.setRole(tx, row.id, role);
      if (!row.role) await leaveLeaderboards(tx, row.id);
      await recordAudit(
        tx,
        actor,
        {
          action: 'staff.role',
          targetType: 'user',
          targetId: row.id,
          summary: role ? `${row.username} is now ${role}` : `${row.username} is no longer staff`,
          before: { role: row.role },
          after: { role },
        },
        clock.now(),
      );
    }
    return { staff: role ? present(row, role) : null };
  });
}

/**
 * Removes a staff member's second factor (a lost authenticator and lost recovery codes), ends
 * their sessions and clears their sign-in counters, so guesses that locked them out are forgotten
 * too (DESIGN §16): they sign in again with their password and set up a new one before the console
 * opens. Never one's own: an owner who lost theirs uses a recovery code, or another owner, or the
 * operator's command (`npm run reset-two-factor`, the site itself as the actor).
 */
export async function resetTwoFactor(
  { db, clock }: { db: Db; clock: Clock },
  actor: AuditActor,
  who: { id: string } | { email: string },
) {
  return db.transaction(async (tx) => {
    const row = await repo.lockAccount(tx, who);
    if (!row?.role || row.deletedAt) throw notFound('Staff member not found');
    if (row.id === actor.id)
      throw conflict('Use one of your recovery codes, or ask another owner', 'own_account');
    await removeSecondFactor(tx, row.id);
    await deleteUserSessions(tx, row.id);
    await clearLoginFailures(tx, row.email);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.two_factor_reset',
        targetType: 'user',
        targetId: row.id,
        summary: `Reset the two-step verification of ${row.username}`,
        before: { twoFactor: row.twoFactor },
        after: { twoFactor: false },
      },
      clock.now(),
    );
    return { staff: present({ ...row, twoFactor: false }, row.role) };
  });
}
