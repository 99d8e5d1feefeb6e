import { randomUUID } from 'node:crypto';
import type { Db } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { credit } from '../src/server/lib/ledger';
import { newReferralCode } from '../src/server/lib/tokens';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}${randomUUID().slice(0, 4)}`;

/** Valid register body; override any field. */
export function registration(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    username: `Player ${id}`,
    email: `player-${id}@example.com`,
    password: 'correct horse',
    acceptTerms: true,
    ...overrides,
  };
}

/** A user straight in the database (no password), with an opening balance credited through the ledger. */
export async function createUser(
  db: Db,
  opts: { entries?: number; isAdmin?: boolean; username?: string } = {},
) {
  const id = unique();
  const [user] = await db
    .insert(users)
    .values({
      username: opts.username ?? `User ${id}`,
      email: `user-${id}@example.com`,
      isAdmin: opts.isAdmin ?? false,
      referralCode: newReferralCode(),
    })
    .returning();
  if (opts.entries) {
    await credit(db, {
      userId: user!.id,
      amount: opts.entries,
      reason: 'test_grant',
      idempotencyKey: `grant:${id}`,
    });
  }
  return user!;
}
