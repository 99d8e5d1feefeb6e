import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { staffInvitations, users } from '../../db/schema';

// The invitations' SQL: each is spent, or withdrawn, by one conditional UPDATE, so an accept and a
// withdrawal at the same moment cannot both happen.

export type InvitationRow = typeof staffInvitations.$inferSelect;

const open = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.withdrawnAt));

export async function insertInvitation(db: Executor, values: typeof staffInvitations.$inferInsert) {
  const [row] = await db.insert(staffInvitations).values(values).returning();
  return row!;
}

/** An invitation to the address that can still be accepted. */
export async function liveInvitationTo(db: Executor, email: string, now: Date) {
  const [row] = await db
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.email, email), open, gt(staffInvitations.expiresAt, now)));
  return row;
}

/** Those neither accepted nor withdrawn, newest first, with who sent each. */
export function openInvitations(db: Executor) {
  return db
    .select({ invitation: staffInvitations, invitedBy: { id: users.id, username: users.username } })
    .from(staffInvitations)
    .innerJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(open)
    .orderBy(desc(staffInvitations.createdAt));
}

export async function invitationByToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, tokenHash));
  return row;
}

export async function invitationById(db: Executor, id: string) {
  const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
  return row;
}

/** Spends the invitation if it is still open and in time; undefined otherwise. */
export async function acceptInvitation(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(staffInvitations.tokenHash, tokenHash), open, gt(staffInvitations.expiresAt, now)))
    .returning();
  return row;
}

/** Withdraws it if it is still open; undefined otherwise. */
export async function withdrawInvitation(db: Executor, id: string, now: Date) {
  const [row] = await db
    .update(staffInvitations)
    .set({ withdrawnAt: now })
    .where(and(eq(staffInvitations.id, id), open))
    .returning();
  return row;
}
