import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { offerWallEnv, postback, signedPostback } from '../../../../tests/helpers/offers';
import { gamificationApi } from '../../../contract/gamification';
import { offersApi } from '../../../contract/offer-walls';
import { users } from '../../db/schema';
import { debit } from '../../lib/ledger';

const balance = async (t: TestApp, id: string) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]!.availableEntries;

describe('offer wall', () => {
  it('credits a signed postback once, however often it is replayed, and counts it in the stats', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const user = await createUser(t.db, { entries: 10 });
    const params = signedPostback({ user_id: user.id, transaction_id: 'tx-1', amount: '40', status: '1' });
    for (let i = 0; i < 3; i++) {
      const res = await postback(t, params, i === 1 ? 'POST' : 'GET');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('1');
    }
    expect(await balance(t, user.id)).toBe(50);
    const stats = await inject(t, offersApi.stats, { headers: await authHeader(t.db, user.id) });
    expect(stats.json()).toEqual({ stats: { completedOffers: 1, totalEarned: 40 } });
  });

  it('takes a reversal back once, even below zero, and ignores a credit that arrives after its reversal', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const user = await createUser(t.db, { entries: 10 });
    await postback(
      t,
      signedPostback({ user_id: user.id, transaction_id: 'tx-2', amount: '30', status: '1' }),
    );
    const reversal = signedPostback({ user_id: user.id, transaction_id: 'tx-2', amount: '30', status: '2' });
    expect((await postback(t, reversal)).body).toBe('1');
    expect((await postback(t, reversal)).body).toBe('1');
    expect(await balance(t, user.id)).toBe(10);

    await postback(t, signedPostback({ user_id: user.id, transaction_id: 'tx-3', amount: '5', status: '2' }));
    await postback(t, signedPostback({ user_id: user.id, transaction_id: 'tx-3', amount: '5', status: '1' }));
    expect(await balance(t, user.id)).toBe(10);

    const poor = await createUser(t.db);
    await postback(
      t,
      signedPostback({ user_id: poor.id, transaction_id: 'tx-4', amount: '20', status: '1' }),
    );
    // They spend most of it before the provider reverses it: the balance goes below zero.
    await debit(t.db, {
      userId: poor.id,
      amount: 15,
      reason: 'admin_adjustment',
      idempotencyKey: 'spend-4',
      at: t.clock.now(),
    });
    await postback(
      t,
      signedPostback({ user_id: poor.id, transaction_id: 'tx-4', amount: '20', status: '2' }),
    );
    expect(await balance(t, poor.id)).toBe(-15);
  });

  it('accepts form-encoded and JSON postbacks, and credits once when copies arrive together', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const user = await createUser(t.db);
    const form = signedPostback({ user_id: user.id, transaction_id: 'tx-form', amount: '7', status: '1' });
    const res = await rawInject(t, offersApi.postbackPost, {
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.body).toBe('1');
    const json = signedPostback({ user_id: user.id, transaction_id: 'tx-json', amount: '3', status: '1' });
    const asJson = await rawInject(t, offersApi.postbackPost, { payload: { ...json, amount: 3 } });
    expect(asJson.body).toBe('1');
    const copies = signedPostback({ user_id: user.id, transaction_id: 'tx-dup', amount: '5', status: '1' });
    const all = await Promise.all(Array.from({ length: 5 }, () => postback(t, copies)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance(t, user.id)).toBe(15);
  });

  it('answers 403 for a bad signature and 400 for bad parameters, crediting nothing', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const user = await createUser(t.db);
    const good = { user_id: user.id, transaction_id: 'tx-5', amount: '10', status: '1' };
    expect((await postback(t, signedPostback(good, 'wrong-secret'))).statusCode).toBe(403);
    expect((await postback(t, { ...signedPostback(good), amount: '11' })).statusCode).toBe(403);
    for (const bad of [
      { ...good, amount: '0' },
      { ...good, amount: '-3' },
      { ...good, amount: '2.5' },
      { ...good, status: '3' },
      { ...good, user_id: 'nobody' },
      { ...good, user_id: '00000000-0000-4000-8000-000000000000' },
      { ...good, transaction_id: '' },
    ]) {
      const res = await postback(t, signedPostback(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await postback(t, { user_id: user.id })).statusCode).toBe(400);
    expect(await balance(t, user.id)).toBe(0);
  });

  it('refuses every postback when no secret is configured, and builds the wall URL only when a provider is', async () => {
    const t = await buildTestApp();
    const user = await createUser(t.db);
    expect(
      (await postback(t, signedPostback({ user_id: user.id, transaction_id: 'x', amount: '5', status: '1' })))
        .statusCode,
    ).toBe(403);
    const headers = await authHeader(t.db, user.id);
    expect((await inject(t, offersApi.wall, { headers })).json()).toEqual({ url: null });

    const configured = await buildTestApp({ env: offerWallEnv });
    const other = await createUser(configured.db);
    const wall = await inject(configured, offersApi.wall, {
      headers: await authHeader(configured.db, other.id),
    });
    expect(wall.json().url).toBe(`https://offers.example.com/wall?pub=pub-42&uid=${other.id}`);
    expect((await inject(configured, offersApi.stats)).statusCode).toBe(401);
  });
});

describe('offer reversals and the leaderboards', () => {
  it('take back what the offer earned, so reversed entries win no leaderboard place or prize', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const user = await createUser(t.db);
    await createUser(t.db, { entries: 100 }); // a rival on 100
    t.clock.set('2026-11-18T12:00:00Z');
    await postback(
      t,
      signedPostback({ user_id: user.id, transaction_id: 'big-1', amount: '500', status: '1' }),
    );
    const board = async () =>
      (await inject(t, gamificationApi.leaderboard, { query: { period: 'weekly' } }))
        .data()
        .leaderboard.map((r) => r.totalEntries);
    // 500 from the offer, and 250 for level_5, which those 500 reached.
    expect(await board()).toEqual([750, 100]);

    // Reversed the next week: the week it was earned in loses the 500, and so does the lifetime count;
    // level_5, which only those 500 reached, goes with them, its 250 too (DESIGN §20).
    t.clock.set('2026-11-24T09:00:00Z');
    await postback(
      t,
      signedPostback({ user_id: user.id, transaction_id: 'big-1', amount: '500', status: '2' }),
    );
    t.clock.set('2026-11-18T12:00:00Z');
    expect(await board()).toEqual([100]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ availableEntries: 0, totalEntries: 0, experience: 0 });
  });

  it('never loses a reversal that arrives at the same moment as its credit', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const user = await createUser(t.db);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => [
        postback(
          t,
          signedPostback({ user_id: user.id, transaction_id: `race-${i}`, amount: '20', status: '1' }),
        ),
        postback(
          t,
          signedPostback({ user_id: user.id, transaction_id: `race-${i}`, amount: '20', status: '2' }),
        ),
      ]).flat(),
    );
    // Whichever came first, each offer ends reversed and the balance holds nothing from it.
    expect(await balance(t, user.id)).toBe(0);
    const stats = await inject(t, offersApi.stats, { headers: await authHeader(t.db, user.id) });
    expect(stats.json().stats.completedOffers).toBe(0);
  });
});
