import { randomUUID } from 'node:crypto';
import type { StaffRole } from '../src/contract/staff';
import type { Db } from '../src/server/db/client';
import { prizes, sessions, users } from '../src/server/db/schema';
import { newDrawSeed } from '../src/server/features/prizes/commitment';
import { credit } from '../src/server/lib/ledger';
import { hashToken, newReferralCode, newToken } from '../src/server/lib/tokens';
import { TEST_START } from './helpers/clock';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}${randomUUID().slice(0, 4)}`;

/** Valid register body; override any field. */
export function registration(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    username: `Player ${id}`,
    email: `player-${id}@example.com`,
    password: 'correct horse',
    acceptTerms: true as const,
    ...overrides,
  };
}

/** A user straight in the database (no password), with an opening balance credited through the ledger. */
export async function createUser(
  db: Db,
  opts: { entries?: number; role?: StaffRole; username?: string; at?: Date; verified?: boolean } = {},
) {
  const id = unique();
  const [user] = await db
    .insert(users)
    .values({
      username: opts.username ?? `User ${id}`,
      email: `user-${id}@example.com`,
      staffRole: opts.role ?? null,
      referralCode: newReferralCode(),
      // An established account has verified its address; tests of verification ask for one that has not.
      emailVerifiedAt: opts.verified === false ? null : new Date(TEST_START),
    })
    .returning();
  if (opts.entries) {
    await credit(db, {
      userId: user!.id,
      amount: opts.entries,
      reason: 'admin_adjustment',
      idempotencyKey: `grant:${id}`,
      at: opts.at ?? new Date(TEST_START),
    });
  }
  return user!;
}

const DAY = 86_400_000;

/** An active prize open from a day before `now` to a week after, with its draw commitment; override anything. */
export async function createPrize(db: Db, now: Date, overrides: Partial<typeof prizes.$inferInsert> = {}) {
  const [prize] = await db
    .insert(prizes)
    .values({
      title: `Prize ${unique()}`,
      description: 'A test prize',
      type: 'cash',
      valuePence: 100_00,
      totalWinners: 1,
      entryCost: 1,
      maxEntriesPerUser: 100,
      status: 'active',
      startDate: new Date(now.getTime() - DAY),
      endDate: new Date(now.getTime() + 7 * DAY),
      ...newDrawSeed(),
      ...overrides,
    })
    .returning();
  return prize!;
}

/** A session for a user made by createUser, as login would open it; returns the bearer header. */
export async function authHeader(db: Db, userId: string) {
  const token = newToken();
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date('2100-01-01') }); // tests move the clock by years
  return { authorization: `Bearer ${token}` };
}
