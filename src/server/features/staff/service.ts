import type { StaffMember, StaffRole } from '../../../contract/staff';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { leaveLeaderboards } from '../gamification/leaderboard-repository';
import * as repo from './repository';

type Row = Awaited<ReturnType<typeof repo.lockAccount>>;

const present = (row: NonNullable<Row>, role: StaffRole): StaffMember => ({
  _id: row.id,
  username: row.username,
  email: row.email,
  role,
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
