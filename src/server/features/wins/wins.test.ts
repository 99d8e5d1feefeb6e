import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { wins } from '../../db/schema';

describe('wins and claims', () => {
  const details = { fullName: 'Ann Smith', address: '1 High Street\nLeeds', postcode: 'ls1 4ap' };

  async function won(t: Awaited<ReturnType<typeof buildTestApp>>) {
    const prize = await createPrize(t.db, t.clock.now(), {
      title: 'PS5',
      status: 'drawn',
      valuePence: 479_99,
    });
    const me = await createUser(t.db);
    await t.db.insert(wins).values({ prizeId: prize.id, userId: me.id, position: 1, drawnAt: t.clock.now() });
    return { prize, headers: await authHeader(t.db, me.id) };
  }
  const claim = (
    t: Awaited<ReturnType<typeof buildTestApp>>,
    prizeId: string,
    headers: object,
    payload: object,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/wins/${prizeId}/claim`,
      headers: headers as Record<string, string>,
      payload,
    });

  it('shows a win as Pending Claim until the winner confirms delivery details, then Claimed, once', async () => {
    const t = await buildTestApp();
    const { prize, headers } = await won(t);
    const list = async () => (await t.app.inject({ url: '/api/users/wins', headers })).json().wins;
    expect(await list()).toEqual([
      {
        prize: { _id: prize.id, title: 'PS5', type: 'cash', value: 479.99 },
        drawnAt: t.clock.now().toISOString(),
        claimBy: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
        status: 'Pending Claim',
      },
    ]);
    const res = await claim(t, prize.id, headers, details);
    expect(res.statusCode).toBe(200);
    expect((await list())[0].status).toBe('Claimed');
    const again = await claim(t, prize.id, headers, details);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You have already claimed this prize');
  });

  it('refuses a claim after 7 days, for someone else’s win, and with bad details', async () => {
    const t = await buildTestApp();
    const { prize, headers } = await won(t);
    const stranger = await authHeader(t.db, (await createUser(t.db)).id);
    expect((await claim(t, prize.id, stranger, details)).statusCode).toBe(404);
    expect((await claim(t, 'nope', headers, details)).statusCode).toBe(404);
    for (const bad of [
      { ...details, postcode: '12345' },
      { ...details, fullName: '' },
      { ...details, extra: 1 },
      {},
    ]) {
      expect((await claim(t, prize.id, headers, bad)).statusCode).toBe(400);
    }
    t.clock.advance(7 * 86_400_000 + 1);
    const late = await claim(t, prize.id, headers, details);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('The 7-day window to claim this prize has closed');
    expect((await claim(t, prize.id, {}, details)).statusCode).toBe(401);
  });
});
