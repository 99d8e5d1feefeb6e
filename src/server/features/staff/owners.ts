import type { StaffRole } from '../../../contract/staff';
import type { Executor } from '../../db/client';
import { conflict } from '../../lib/app-error';
import { lockNames } from '../../lib/named-locks';
import * as repo from './repository';

// The last owner stays (DESIGN §16): someone is always left to name staff and decide on roles.

/**
 * Role changes take turns under this lock, each reading the roles as they stand once it holds it: two
 * owners taking each other's role at once would otherwise leave the site with none.
 */
export const lockRoles = (tx: Executor) => lockNames(tx, 'staff_roles');

export const lastOwner = () =>
  conflict('You are the only owner: make someone else an owner first', 'last_owner');

/** Whether the account holding `role` is the only owner, so taking the role away would leave none. */
export const isLastOwner = async (db: Executor, id: string, role: StaffRole | null) =>
  role === 'owner' && (await repo.ownersBesides(db, id)) === 0;

/**
 * A member of staff deletes their account only once an owner has taken their role away, so leaving
 * never removes a role nobody decided to remove; the last owner, whom nobody can, never does.
 */
export async function assertNotStaff(db: Executor, id: string) {
  const role = (await repo.accountOf(db, id))?.role ?? null;
  if (!role) return;
  if (await isLastOwner(db, id, role)) throw lastOwner();
  throw conflict('Staff accounts are deleted once an owner has removed their role', 'still_staff');
}
