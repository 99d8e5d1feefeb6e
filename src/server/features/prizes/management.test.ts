import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { validPrizeBody as valid } from '../../../../tests/helpers/prizes';
import { prizeEntries, prizes, userAchievements, users } from '../../db/schema';

async function admin(t: TestApp) {
  return authHeader(t.db, (await createUser(t.db, { isAdmin: true })).id);
}

describe('admin prize management', () => {
  it('creates an active prize with its commitment, in pounds, and lists it', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/prizes',
      headers: await admin(t),
      payload: valid,
    });
    expect(res.statusCode).toBe(201);
    const { prize } = res.json();
    expect(prize).toMatchObject({
      title: 'Nintendo Switch 2',
      value: 395.99,
      status: 'active',
      drawDay: 'Friday',
      currency: 'GBP',
    });
    expect(prize.commitment).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await t.db.select().from(prizes).where(eq(prizes.id, prize._id));
    expect(row!.valuePence).toBe(39_599);
    expect((await t.app.inject('/api/prizes')).json().prizes.map((p: { _id: string }) => p._id)).toContain(
      prize._id,
    );
  });

  it.each([
    ['no title', { title: '' }],
    ['an unknown type', { type: 'car' }],
    ['a negative value', { value: -1 }],
    ['a value in fractions of a penny', { value: 1.005 }],
    ['zero winners', { totalWinners: 0 }],
    ['an end before the start', { endDate: '2026-11-19T00:00:00Z' }],
    ['a date that is not a date', { startDate: 'next friday' }],
    ['a made-up draw day', { drawDay: 'Caturday' }],
    ['a plain-http image', { imageUrl: 'http://example.com/x.png' }],
    ['a status that skips the lifecycle', { status: 'drawn' }],
    ['an unknown field', { seed: 'aa' }],
  ])('refuses %s with 400 and creates nothing', async (_label, change) => {
    const t = await buildTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/prizes',
      headers: await admin(t),
      payload: { ...valid, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
    expect(await t.db.select().from(prizes)).toEqual([]);
  });

  it('activating a draft publishes its commitment; entry cost is fixed once people have entered', async () => {
    const t = await buildTestApp();
    const headers = await admin(t);
    const draft = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/prizes',
        headers,
        payload: { ...valid, status: 'draft', startDate: '2026-11-19T00:00:00Z' },
      })
    ).json().prize;
    expect(draft.commitment).toBeNull();
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/prizes/${draft._id}`, headers, payload });
    const activated = await put({ status: 'active' });
    expect(activated.json().prize.commitment).toMatch(/^[0-9a-f]{64}$/);

    const user = await createUser(t.db, { entries: 10 });
    await t.app.inject({
      method: 'POST',
      url: `/api/prizes/${draft._id}/enter`,
      headers: await authHeader(t.db, user.id),
      payload: { entries: 1 },
    });
    expect((await put({ entryCost: 1 })).json().error).toBe(
      'The entry cost cannot change once people have entered',
    );
    expect((await put({ status: 'draft' })).statusCode).toBe(409);
    expect((await put({ title: 'Switch 2 bundle' })).json().prize.title).toBe('Switch 2 bundle');
    expect((await put({})).statusCode).toBe(400);
  });

  it('answers an edit with the real participant count, not zero', async () => {
    const t = await buildTestApp();
    const headers = await admin(t);
    const prize = await createPrize(t.db, t.clock.now());
    for (const entries of [2, 5]) {
      const user = await createUser(t.db, { entries: 10 });
      await t.app.inject({
        method: 'POST',
        url: `/api/prizes/${prize.id}/enter`,
        headers: await authHeader(t.db, user.id),
        payload: { entries },
      });
    }
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/prizes/${prize.id}`,
      headers,
      payload: { featured: true },
    });
    expect(res.json().prize).toMatchObject({ featured: true, participantCount: 2, totalEntries: 7 });
  });

  it('refuses to edit a prize past its end date, even before the hourly check relabels it', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now(), {
      endDate: new Date(t.clock.now().getTime() - 1000),
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/prizes/${prize.id}`,
      headers: await admin(t),
      payload: { endDate: '2026-12-31T20:00:00Z' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('A ready to draw prize cannot be edited');
  });

  it('stores one spelling per prize type: gift_card and "Gift Card" become giftcard', async () => {
    const t = await buildTestApp();
    const headers = await admin(t);
    for (const type of ['gift_card', ' Gift Card ', 'giftcard']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/prizes',
        headers,
        payload: { ...valid, type },
      });
      expect(res.json().prize.type, type).toBe('giftcard');
    }
    const rows = await t.db.select({ type: prizes.type }).from(prizes);
    expect(rows.map((r) => r.type)).toEqual(['giftcard', 'giftcard', 'giftcard']);
  });

  it('shows an active prize past its end date as ready to draw, in the list and the panel alike', async () => {
    const t = await buildTestApp();
    const headers = await admin(t);
    const prize = await createPrize(t.db, t.clock.now(), {
      endDate: new Date(t.clock.now().getTime() - 1000),
    });
    const upcoming = await createPrize(t.db, t.clock.now(), {
      startDate: new Date(t.clock.now().getTime() + 86_400_000),
    });
    const listed = (await t.app.inject('/api/prizes')).json().prizes;
    expect(listed.map((p: { _id: string; status: string }) => [p._id, p.status])).toEqual([
      [prize.id, 'ready_to_draw'],
    ]);
    const ready = (await t.app.inject({ url: '/api/admin/prizes/ready-to-draw', headers })).json().prizes;
    expect(ready.map((p: { _id: string }) => p._id)).toEqual([prize.id]);
    const all = (await t.app.inject({ url: '/api/admin/prizes', headers })).json().prizes;
    expect(all.map((p: { _id: string }) => p._id).sort()).toEqual([prize.id, upcoming.id].sort());
  });

  it('cancelling refunds every participant through the ledger, once', async () => {
    const t = await buildTestApp();
    const headers = await admin(t);
    const prize = await createPrize(t.db, t.clock.now(), { entryCost: 3 });
    const people = await Promise.all([createUser(t.db, { entries: 30 }), createUser(t.db, { entries: 30 })]);
    for (const [i, p] of people.entries()) {
      await t.app.inject({
        method: 'POST',
        url: `/api/prizes/${prize.id}/enter`,
        headers: await authHeader(t.db, p.id),
        payload: { entries: i + 2 },
      });
    }
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/prizes/${prize.id}/cancel`,
        headers,
        payload: { reason: 'The supplier cannot deliver it' },
      });
    const results = await Promise.all([cancel(), cancel(), cancel()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.statusCode === 200)!.json()).toEqual({
      message: `${prize.title} cancelled; 2 people refunded`,
      refunded: 2,
    });
    // Everyone has their 30 back; the first_entry achievement (+50) earned by entering stays theirs.
    const balances = await t.db.select().from(users).where(eq(users.isAdmin, false));
    expect(balances.map((b) => [b.availableEntries, b.totalEntries])).toEqual([
      [30 + 50, 30 + 50],
      [30 + 50, 30 + 50],
    ]);
    // The reason is published on the prize.
    const shown = (await t.app.inject({ url: `/api/prizes/${prize.id}` })).json().prize;
    expect(shown).toMatchObject({
      status: 'cancelled',
      cancellation: { at: t.clock.now().toISOString(), reason: 'The supplier cannot deliver it' },
    });
  });

  it('cancelling needs a reason, and once entries have closed, a second member of staff', async () => {
    const t = await buildTestApp();
    const headers = await admin(t);
    const prize = await createPrize(t.db, t.clock.now());
    const cancel = (payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/prizes/${prize.id}/cancel`, headers, payload });
    expect((await cancel()).statusCode).toBe(400);
    expect((await cancel({ reason: 'no' })).statusCode).toBe(400);
    // Past its end date (or frozen for the draw): whoever can see the draw coming cannot veto it alone.
    t.clock.advance(8 * 86_400_000);
    const late = await cancel({ reason: 'The supplier cannot deliver it' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'second_approval_required']);
    const [row] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(row).toMatchObject({ status: 'active', cancelledAt: null });
  });

  it('entering while the prize is being cancelled either gets refunded or is refused: nobody loses entries', async () => {
    const t = await buildTestApp();
    const headers = await admin(t);
    const prize = await createPrize(t.db, t.clock.now(), { entryCost: 2 });
    const people = await Promise.all(Array.from({ length: 3 }, () => createUser(t.db, { entries: 30 })));
    const auths = await Promise.all(people.map((p) => authHeader(t.db, p.id)));
    const enters = auths.flatMap((auth) =>
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/prizes/${prize.id}/enter`,
          headers: auth,
          payload: { entries: 1 },
        }),
      ),
    );
    const cancel = t.app.inject({
      method: 'POST',
      url: `/api/admin/prizes/${prize.id}/cancel`,
      headers,
      payload: { reason: 'The supplier cannot deliver it' },
    });
    const results = await Promise.all([...enters, cancel]);
    expect(results.at(-1)!.statusCode).toBe(200);
    expect(results.slice(0, -1).every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    // Each has their 30 back; whoever got in before the cancel also keeps first_entry's 50.
    const balances = await t.db.select().from(users).where(eq(users.isAdmin, false));
    const earned = await t.db.select().from(userAchievements);
    const bonus = (userId: string) => (earned.some((a) => a.userId === userId) ? 50 : 0);
    expect(balances.map((b) => b.availableEntries - bonus(b.id))).toEqual([30, 30, 30]);
    // The participants counted on the prize's row are its holdings (kept after a cancellation, as the record of
    // who was refunded), however the entries and the cancellation interleaved.
    const [row] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    const holdings = await t.db.select().from(prizeEntries).where(eq(prizeEntries.prizeId, prize.id));
    expect(row!.participantCount).toBe(holdings.length);
  });

  it('is for admins only', async () => {
    const t = await buildTestApp();
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/prizes', payload: valid })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/prizes', headers: member, payload: valid }))
        .statusCode,
    ).toBe(403);
  });
});
