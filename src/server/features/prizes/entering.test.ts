import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { named } from '../../../../tests/helpers/inject';
import { prizesApi } from '../../../contract/prizes-api';
import { prizeEntries, prizes, users } from '../../db/schema';
import { enter } from './test-setup';

const DAY = 86_400_000;

describe(named(prizesApi.enter), () => {
  it('spends quantity × entryCost through the ledger and answers SPEC’s message', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now(), { entryCost: 3 });
    const user = await createUser(t.db, { entries: 20 });
    const res = await enter(t, prize.id, await authHeader(t.db, user.id), { entries: 4 });
    expect(res.statusCode).toBe(200);
    // 20 − 4 × 3, and a first entry earns the first_entry achievement (+50).
    expect(res.json()).toEqual({
      message: 'Entered with 4 entries!',
      remainingEntries: 8 + 50,
      userEntries: 4,
      totalEntries: 4,
      newAchievements: ['first_entry'],
      // Its receipt: the first leaf of the public log.
      logIndex: 0,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.availableEntries).toBe(8 + 50);
  });

  it('refuses visitors with "Please login to enter"', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now());
    const res = await enter(t, prize.id, {}, { entries: 1 });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Please login to enter');
  });

  it('refuses bad quantities with 400 and changes nothing', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now());
    const user = await createUser(t.db, { entries: 10 });
    const auth = await authHeader(t.db, user.id);
    for (const payload of [
      {},
      { entries: 0 },
      { entries: -5 },
      { entries: 1.5 },
      { entries: '2' },
      { entries: 1, extra: 1 },
    ]) {
      const res = await enter(t, prize.id, auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const [row] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(row!.totalEntries).toBe(0);
  });

  it('refuses with "Insufficient entries" when the balance does not cover the cost', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now(), { entryCost: 2 });
    const user = await createUser(t.db, { entries: 5 });
    const res = await enter(t, prize.id, await authHeader(t.db, user.id), { entries: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Insufficient entries');
    expect(await t.db.select().from(prizeEntries)).toEqual([]);
    const [row] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(row!.totalEntries).toBe(0);
  });

  it('refuses going over maxEntriesPerUser, saying how many are left', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now(), { maxEntriesPerUser: 5 });
    const user = await createUser(t.db, { entries: 50 });
    const auth = await authHeader(t.db, user.id);
    expect((await enter(t, prize.id, auth, { entries: 6 })).json().error).toBe(
      'You can add at most 5 more entries to this prize',
    );
    expect((await enter(t, prize.id, auth, { entries: 4 })).statusCode).toBe(200);
    expect((await enter(t, prize.id, auth, { entries: 2 })).json().error).toBe(
      'You can add at most 1 more entry to this prize',
    );
    expect((await enter(t, prize.id, auth, { entries: 1 })).statusCode).toBe(200);
    const full = await enter(t, prize.id, auth, { entries: 1 });
    expect(full.statusCode).toBe(400);
    expect(full.json().error).toBe('You already hold the most entries allowed in this prize (5)');
  });

  it('refuses prizes that are not open: ended, not started, drawn, cancelled; 404 for drafts and unknown ids', async () => {
    const t = await buildTestApp();
    const now = t.clock.now().getTime();
    const user = await createUser(t.db, { entries: 50 });
    const auth = await authHeader(t.db, user.id);
    const closed = [
      await createPrize(t.db, t.clock.now(), { endDate: new Date(now - 1000) }),
      await createPrize(t.db, t.clock.now(), { startDate: new Date(now + DAY) }),
      await createPrize(t.db, t.clock.now(), { status: 'ready_to_draw' }),
      await createPrize(t.db, t.clock.now(), { status: 'drawn' }),
      await createPrize(t.db, t.clock.now(), { status: 'cancelled' }),
      // Frozen by an instance whose clock is ahead: closed, whatever this one's clock says.
      await createPrize(t.db, t.clock.now(), { snapshotAt: new Date(now), snapshotHash: 'f'.repeat(64) }),
    ];
    for (const prize of closed) {
      const res = await enter(t, prize.id, auth, { entries: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('This prize is not open for entries');
    }
    const draft = await createPrize(t.db, t.clock.now(), { status: 'draft' });
    expect((await enter(t, draft.id, auth, { entries: 1 })).statusCode).toBe(404);
    expect((await enter(t, 'nope', auth, { entries: 1 })).statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.availableEntries).toBe(50);
  });

  it('enters at the prize’s terms as they are now, when they change after an entry (as on another instance)', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now(), { entryCost: 1, maxEntriesPerUser: 3 });
    const user = await createUser(t.db, { entries: 100 });
    const auth = await authHeader(t.db, user.id);
    expect((await enter(t, prize.id, auth, { entries: 1 })).statusCode).toBe(200);
    const balance = async () =>
      (await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.availableEntries;
    const before = await balance();

    // Dearer, and a higher cap: the next entry pays the new cost and may pass the old cap.
    await t.db.update(prizes).set({ entryCost: 5, maxEntriesPerUser: 10 }).where(eq(prizes.id, prize.id));
    const dearer = await enter(t, prize.id, auth, { entries: 4 });
    expect(dearer.statusCode).toBe(200);
    expect(dearer.json()).toMatchObject({ userEntries: 5, totalEntries: 5 });
    expect(await balance()).toBe(before - 20);

    // Closed: refused, and nothing spent.
    await t.db.update(prizes).set({ status: 'cancelled' }).where(eq(prizes.id, prize.id));
    const closed = await enter(t, prize.id, auth, { entries: 1 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('This prize is not open for entries');
    expect(await balance()).toBe(before - 20);
  });

  it('never overspends or passes the cap under many simultaneous entries, and totals stay consistent', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now(), { entryCost: 2, maxEntriesPerUser: 12 });
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(t.db, { entries: 30 })));
    const headers = await Promise.all(people.map((p) => authHeader(t.db, p.id)));
    // Each person tries 10 × 2 entries at once: 20 entries wanted, cap 12, balance covers 15.
    const results = await Promise.all(
      headers.flatMap((auth) => Array.from({ length: 10 }, () => enter(t, prize.id, auth, { entries: 2 }))),
    );
    expect(results.every((r) => [200, 400].includes(r.statusCode))).toBe(true);

    const held = await t.db.select().from(prizeEntries).where(eq(prizeEntries.prizeId, prize.id));
    for (const h of held) expect(h.entries).toBeLessThanOrEqual(12);
    const [p] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(p!.totalEntries).toBe(held.reduce((s, h) => s + h.entries, 0));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(
      held.reduce((s, h) => s + h.entries, 0) / 2,
    );
    const balances = await t.db.select().from(users);
    for (const b of balances) {
      expect(b.availableEntries).toBeGreaterThanOrEqual(0);
      const mine = held.find((h) => h.userId === b.id)?.entries ?? 0;
      // Whoever got in earned first_entry (+50) once, however many of their entries ran at once.
      expect(b.availableEntries).toBe(30 - mine * 2 + (mine > 0 ? 50 : 0));
    }
    const ledgerSum = await t.db.execute(sql`select coalesce(sum(amount), 0)::int as s from ledger_entries`);
    expect((ledgerSum as unknown as { rows: Array<{ s: number }> }).rows[0]!.s).toBe(
      balances.reduce((s, b) => s + b.availableEntries, 0),
    );
  });
});
