import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CASH_SETTLING_HOURS } from '../src/contract/gamification-rules';
import type { StaffRole } from '../src/contract/staff';
import type { Db } from '../src/server/db/client';
import { prizes, sessions, totpSecrets, users } from '../src/server/db/schema';
import { newDrawSeed } from '../src/server/features/prizes/commitment';
import { newTotpSecret } from '../src/server/features/two-factor/totp';
import { credit } from '../src/server/lib/ledger';
import { hashToken, newReferralCode, newToken } from '../src/server/lib/tokens';
import { TEST_START } from './helpers/clock';

const HOUR = 3_600_000;

let n = 0;
// Digits and hex only: a search for a name's letters ("ann") never matches a made-up address by chance.
const unique = () => `${Date.now()}${n++}${randomUUID().slice(0, 4)}`;

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

/** Marks an account's address verified, as its emailed link would (made staff, say, only once it is). */
export async function markVerified(db: Db, userId: string, at = new Date(TEST_START)) {
  await db.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId));
}

/** A user straight in the database (no password), with an opening balance credited through the ledger. */
export async function createUser(
  db: Db,
  opts: {
    entries?: number;
    role?: StaffRole;
    username?: string;
    at?: Date;
    verified?: boolean;
  } = {},
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

/**
 * Makes an account a month old and verified, with `pence` of cash that has settled (credited before the
 * CASH_SETTLING_HOURS), so it may withdraw it (DESIGN §12). A test with a running app clears the app's
 * kept reads after this.
 */
export async function seasonAccount(db: Db, userId: string, now: Date, pence: number) {
  const monthAgo = new Date(now.getTime() - 30 * DAY);
  await db.update(users).set({ createdAt: monthAgo, emailVerifiedAt: monthAgo }).where(eq(users.id, userId));
  if (pence)
    await credit(db, {
      userId,
      amount: pence,
      account: 'cash',
      reason: 'wheel',
      idempotencyKey: `settled-cash:${userId}`,
      at: new Date(now.getTime() - (CASH_SETTLING_HOURS + 1) * HOUR),
    });
}

/** A member who may withdraw `pence` now (seasonAccount), and a session's headers. */
export async function createMemberWithCash(
  db: Db,
  now: Date,
  pence: number,
  opts: { username?: string } = {},
) {
  const user = await createUser(db, opts);
  await seasonAccount(db, user.id, now, pence);
  return { user, headers: await authHeader(db, user.id, { at: now }) };
}

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

/**
 * A session for a user made by createUser, as signing in would open it; returns the bearer header.
 * Staff sign in with a second factor (DESIGN §12): theirs is an authenticator app set up on the
 * account (its secret is `totpSecretOf`'s, to compute codes from) and given at `at`.
 */
export async function authHeader(db: Db, userId: string, { at = new Date(TEST_START) } = {}) {
  const [user] = await db.select({ role: users.staffRole }).from(users).where(eq(users.id, userId));
  if (user?.role)
    await db
      .insert(totpSecrets)
      .values({ userId, secret: newTotpSecret(), confirmedAt: new Date(TEST_START) })
      .onConflictDoNothing();
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date('2100-01-01'), // tests move the clock by years
    secondFactorAt: user?.role ? at : null,
  });
  return { authorization: `Bearer ${token}` };
}

/** The authenticator secret set up on an account, to compute its codes from (tests/helpers/two-factor.ts). */
export async function totpSecretOf(db: Db, userId: string) {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId));
  return row!.secret;
}
