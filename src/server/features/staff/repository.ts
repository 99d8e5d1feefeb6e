import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../contract/staff';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { enrolledSql } from '../two-factor/repository';

const staffColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.staffRole,
  deletedAt: users.deletedAt,
  emailVerifiedAt: users.emailVerifiedAt,
  // Qualified: the subqueries' own tables have an id too.
  twoFactor: enrolledSql(sql`${users}.${sql.identifier('id')}`),
};

/** Everyone with a role, owners first, then by name. */
export function staffMembers(db: Executor) {
  return db
    .select(staffColumns)
    .from(users)
    .where(isNotNull(users.staffRole))
    .orderBy(asc(users.staffRole), asc(users.username));
}

/**
 * The account, locked until the transaction ends, so two role changes to it take turns; NO KEY UPDATE,
 * as lib/locks.ts explains, so the member's own writes are not made to wait on it or deadlock with it.
 */
export async function lockAccount(db: Executor, by: { id: string } | { email: string }) {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .where('id' in by ? eq(users.id, by.id) : eq(users.email, by.email))
    .for('no key update');
  return row;
}

export async function setRole(db: Executor, id: string, role: StaffRole | null) {
  await db.update(users).set({ staffRole: role }).where(eq(users.id, id));
}

/** The account's name and role as they stand in this transaction (role null for a member). */
export async function accountOf(db: Executor, id: string) {
  const [row] = await db
    .select({ username: users.username, role: users.staffRole })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** How many owners there are besides `id`. */
export async function ownersBesides(db: Executor, id: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(eq(users.staffRole, 'owner'), ne(users.id, id), isNull(users.deletedAt)));
  return row!.n;
}
