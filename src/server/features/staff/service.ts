import { roleCan, type StaffMember, type StaffRole } from '../../../contract/staff';
import type { AppContext } from '../../context';
import type { Db, Executor } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { clearLoginFailures } from '../accounts/attempts-repository';
import { deleteUserSessions } from '../accounts/repository';
import { removeSecondFactor } from '../two-factor/challenges';
import { recordRoleChange, startClean } from './becoming-staff';
import { invite } from './invitations';
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

type Changing = Pick<AppContext, 'db' | 'clock' | 'config'>;

/**
 * Role changes take turns under the roles' lock, and the owner asking must still be one once it is
 * theirs: another owner may have taken their role a moment before.
 */
async function asOwner(tx: Executor, actor: { id: string }) {
  await lockRoles(tx);
  const acting = await repo.accountOf(tx, actor.id);
  if (!roleCan(acting?.role, 'staff'))
    throw forbidden('Only an owner changes roles, and yours has just changed');
  return acting!;
}

/**
 * Makes the account with this address staff at once; an address no account has is sent an invitation
 * instead (invitations.ts), and the account is made when it is accepted.
 */
export function addStaff(ctx: Changing, actor: AuditActor & { id: string }, email: string, role: StaffRole) {
  return ctx.db.transaction(async (tx) => {
    const owner = await asOwner(tx, actor);
    const row = await repo.lockAccount(tx, { email });
    if (!row)
      return { invitation: await invite(tx, ctx, { ...actor, username: owner.username }, email, role) };
    if (row.role) throw conflict(`${row.username} is already staff (${row.role})`, 'already_staff');
    // Anyone can sign up with a colleague's address: only one proved theirs is made staff.
    if (!row.emailVerifiedAt || row.deletedAt)
      throw conflict(
        `${row.username} has not verified this email address: ask them to verify it, or have it marked verified once checked another way`,
        'email_unverified',
      );
    return { staff: await applyRole(tx, ctx.clock.now(), actor, row, role) };
  });
}

/** A staff member's new role, or none (`null`): never one's own, and never the last owner's. */
export function changeStaffRole(
  ctx: Changing,
  actor: AuditActor & { id: string },
  id: string,
  role: StaffRole | null,
) {
  return ctx.db.transaction(async (tx) => {
    await asOwner(tx, actor);
    const row = await repo.lockAccount(tx, { id });
    if (!row?.role || row.deletedAt) throw notFound('Staff member not found');
    if (role !== 'owner' && (await isLastOwner(tx, row.id, row.role))) throw lastOwner();
    if (row.id === actor.id) throw conflict('You cannot change your own role', 'own_account');
    return { staff: await applyRole(tx, ctx.clock.now(), actor, row, role) };
  });
}

/**
 * Gives the role, in the audit chain. A member made staff starts clean: every session they had ends
 * (one opened before could otherwise set up the second factor staff sign in with), and they leave the
 * leaderboards, since staff never play.
 */
async function applyRole(
  tx: Executor,
  at: Date,
  actor: AuditActor,
  row: NonNullable<Row>,
  role: StaffRole | null,
) {
  if (row.role !== role) {
    await repo.setRole(tx, row.id, role);
    if (!row.role) await startClean(tx, row.id);
    await recordRoleChange(tx, actor, row, role, at);
  }
  return role ? present(row, role) : null;
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
