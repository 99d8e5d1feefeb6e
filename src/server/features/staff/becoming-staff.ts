import type { StaffRole } from '../../../contract/staff';
import type { Executor } from '../../db/client';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import { deleteUserSessions } from '../accounts/repository';
import { leaveLeaderboards } from '../gamification/leaderboard-repository';

// A member becoming staff: by an owner's grant, or as ADMIN_EMAIL names them at start-up.

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
