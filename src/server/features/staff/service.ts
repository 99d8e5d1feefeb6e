import { roleCan, type StaffMember, type StaffRole } from '../../../contract/staff';
import type { Db, Executor } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { deleteUserSessions } from '../auth/repository';
import { leaveLeaderboards } from '../gamification/leaderboard-repository';
import { removeSecondFactor } from '../two-factor/challenges';
import { isLastOwner, lastOwner, lockRoles } from './owners';
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
 * Gives an account a role, or takes it away (`null`), in the audit chain. Changes take turns under the
 * roles' lock, and the owner asking must still be one once it is theirs. Nobody changes their own role,
 * and the last owner keeps theirs, so the site always has one. A member made staff starts clean: every
 * session they had ends (one opened before could otherwise set up the second factor staff sign in
 * with), and they leave the leaderboards, since staff never play.
 */
export async function setStaffRole(
  { db, clock }: { db: Db; clock: Clock },
  actor: AuditActor & { id: string },
  who: { id: string } | { email: string },
  role: StaffRole | null,
  opts: { adding?: boolean } = {},
) {
  return db.transaction(async (tx) => {
    await lockRoles(tx);
    if (!roleCan(await repo.roleOf(tx, actor.id), 'staff'))
      throw forbidden('Only an owner changes roles, and yours has just changed');
    const row = await repo.lockAccount(tx, who);
    if (!row || row.deletedAt)
      throw notFound(opts.adding ? 'No account has that email address' : 'Staff member not found');
    if (opts.adding && row.role)
      throw conflict(`${row.username} is already staff (${row.role})`, 'already_staff');
    if (!opts.adding && !row.role) throw notFound('Staff member not found');
    if (role !== 'owner' && (await isLastOwner(tx, row.id, row.role))) throw lastOwner();
    if (row.id === actor.id) throw conflict('You cannot change your own role', 'own_account');
    if (row.role !== role) {
      await repo.setRole(tx, row.id, role);
      if (!row.role) await startClean(tx, row.id);
      await recordRoleChange(tx, actor, row, role, clock.now());
    }
    return { staff: role ? present(row, role) : null };
  });
}

/** What becoming staff does besides the role: no session from before, and no place on a leaderboard. */
export async function startClean(tx: Executor, userId: string) {
  await deleteUserSessions(tx, userId);
  await leaveLeaderboards(tx, userId);
}

/** A role given, changed or taken away, as the audit chain records it. */
export const recordRoleChange = (
  tx: Executor,
  actor: AuditActor,
  account: { id: string; username: string; role: StaffRole | null },
  role: StaffRole | null,
  at: Date,
  why = '',
) =>
  recordAudit(
    tx,
    actor,
    {
      action: 'staff.role',
      targetType: 'user',
      targetId: account.id,
      summary: `${account.username} ${role ? `is now ${role}` : 'is no longer staff'}${why}`,
      before: { role: account.role },
      after: { role },
    },
    at,
  );

/**
 * Removes a staff member's second factor (a lost authenticator and lost recovery codes) and ends
 * their sessions: they sign in again with their password and set up a new one before the console
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
