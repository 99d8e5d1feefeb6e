import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { approvalsApi } from '../../../contract/approvals';
import { WHEEL_PRIZES } from '../../../contract/gamification-rules';
import { tasksApi } from '../../../contract/tasks';
import { type UpdateWheelOddsBody, wheelApi } from '../../../contract/wheel';
import { tasks, users } from '../../db/schema';
import { pickPrize } from './service';

async function member(t: TestApp) {
  const [ad] = await t.db
    .insert(tasks)
    .values({ type: 'watch_video_ad', platform: 'admob', title: 'Ad', entriesReward: 1, isRepeatable: true })
    .returning();
  const user = await createUser(t.db);
  const headers = await authHeader(t.db, user.id);
  /** Watches `n` ads to the end, one after another, as the Tasks page does. */
  const watch = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const { ticket } = (await inject(t, tasksApi.start, { params: { id: ad!.id }, headers })).data();
      t.clock.advance(30_000);
      const done = await inject(t, tasksApi.complete, { params: { id: ad!.id }, headers, body: { ticket } });
      expect(done.statusCode).toBe(200);
    }
  };
  return { user, headers, watch };
}

const spin = (t: TestApp, headers: Record<string, string>) => inject(t, wheelApi.spin, { headers });
const canSpin = async (t: TestApp, headers: Record<string, string>) =>
  (await inject(t, wheelApi.canSpin, { headers })).data();

describe('the instant-win wheel', () => {
  it('unlocks a spin for every 5 ads watched, at most one an hour, and says why it refuses', async () => {
    const t = await buildTestApp();
    const { headers, watch } = await member(t);
    expect(await canSpin(t, headers)).toEqual({
      canSpin: false,
      totalSpins: 0,
      totalCashWon: 0,
      adsWatched: 0,
      spinsAvailable: 0,
      adsUntilNextSpin: 5,
      nextSpinAt: null,
    });
    const locked = await spin(t, headers);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe('Watch 5 more video ads to unlock a spin');

    await watch(4);
    expect((await spin(t, headers)).json().error).toBe('Watch 1 more video ad to unlock a spin');
    await watch(1);
    expect(await canSpin(t, headers)).toMatchObject({ canSpin: true, spinsAvailable: 1, adsWatched: 5 });
    const won = await spin(t, headers);
    expect(won.statusCode).toBe(200);
    expect(won.json()).toEqual({
      prize: {
        prizeId: expect.any(String),
        type: expect.stringMatching(/^(entries|cash)$/),
        name: expect.any(String),
      },
      newBalance: { cash: expect.any(Number), entries: expect.any(Number) },
      newAchievements: [],
    });
    expect((await spin(t, headers)).statusCode).toBe(409);

    // Five more ads unlock another spin, but not within the hour.
    await watch(5);
    const tooSoon = await spin(t, headers);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toMatch(/^You can spin once an hour: your next spin is at \d\d:\d\d$/);
    t.clock.advance(3_600_000);
    expect((await spin(t, headers)).statusCode).toBe(200);
    expect(await canSpin(t, headers)).toMatchObject({ canSpin: false, totalSpins: 2, adsWatched: 10 });
  });

  it('uses one unlock however many spins arrive at the same moment', async () => {
    const t = await buildTestApp();
    const { user, headers, watch } = await member(t);
    await watch(5);
    const before = (await t.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    const results = await Promise.all(Array.from({ length: 6 }, () => spin(t, headers)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const after = (await t.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    const { prize } = results.find((r) => r.statusCode === 200)!.json();
    const won = WHEEL_PRIZES.find((p) => p.id === prize.prizeId)!;
    expect([after.availableEntries - before.availableEntries, after.cashPence - before.cashPence]).toEqual(
      won.type === 'entries' ? [won.amount, 0] : [0, won.amount],
    );
  });

  it('pays cash prizes into the cash balance, with the odds an admin sets', async () => {
    const t = await buildTestApp();
    const { user, headers, watch } = await member(t);
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const approver = await authHeader(t.db, (await createUser(t.db, { role: 'finance' })).id);
    const odds = {
      prizes: [
        { id: 'cash_5', probability: 1 },
        { id: 'cash_1', probability: 0 },
        { id: 'entries_10', probability: 0 },
        { id: 'entries_50', probability: 0 },
      ],
    };
    const set = await inject(t, wheelApi.setOdds, { headers: admin, body: odds as UpdateWheelOddsBody });
    expect(set.statusCode).toBe(202);
    // A second member of staff approves them (DESIGN §12).
    const approval = set.data().approval._id;
    expect(
      (await inject(t, approvalsApi.approve, { headers: approver, params: { id: approval } })).statusCode,
    ).toBe(200);
    expect((await inject(t, wheelApi.config)).data().prizes).toEqual([
      { id: 'entries_10', name: '10 Entries', type: 'entries', amount: 10, probability: 0 },
      { id: 'entries_50', name: '50 Entries', type: 'entries', amount: 50, probability: 0 },
      { id: 'cash_1', name: '£1 Cash', type: 'cash', amount: 1, probability: 0 },
      { id: 'cash_5', name: '£5 Cash', type: 'cash', amount: 5, probability: 1 },
    ]);
    await watch(5);
    const res = (await spin(t, headers)).json();
    expect(res.prize).toEqual({ prizeId: 'cash_5', type: 'cash', name: '£5 Cash' });
    expect(res.newBalance.cash).toBe(5);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.cashPence).toBe(500);
    expect(await canSpin(t, headers)).toMatchObject({ totalSpins: 1, totalCashWon: 5 });
  });

  it('shows the default odds to anyone, and lets only admins change them, to exactly 100%', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const config = (await inject(t, wheelApi.config)).data().prizes;
    expect(config.map((p: { id: string; probability: number }) => [p.id, p.probability])).toEqual([
      ['entries_10', 0.75],
      ['entries_50', 0.2],
      ['cash_1', 0.04],
      ['cash_5', 0.01],
    ]);
    const put = (headers: Record<string, string>, prizes: unknown) =>
      inject(t, wheelApi.setOdds, { headers, body: { prizes } as UpdateWheelOddsBody });
    const all = (p: number[]) =>
      ['entries_10', 'entries_50', 'cash_1', 'cash_5'].map((id, i) => ({ id, probability: p[i] }));
    expect((await put(member, all([0.7, 0.2, 0.05, 0.05]))).statusCode).toBe(403);
    expect((await inject(t, wheelApi.setOdds, { body: {} as UpdateWheelOddsBody })).statusCode).toBe(401);
    for (const [why, prizes, text] of [
      ['adding up to 99%', all([0.7, 0.2, 0.04, 0.05]), 'The odds must add up to 100%'],
      ['a prize missing', all([0.7, 0.2, 0.1, 0]).slice(0, 3), 'Give the odds of all 4 wheel prizes'],
      [
        'a prize twice',
        [...all([0.7, 0.2, 0.1, 0]).slice(0, 3), { id: 'cash_1', probability: 0 }],
        'Give each wheel prize once',
      ],
      ['a negative chance', all([0.8, 0.25, -0.05, 0]), 'A probability cannot be negative'],
      [
        'a thousandth of a percent',
        all([0.74999, 0.20001, 0.04, 0.01]),
        'Give odds to a hundredth of a percent at most',
      ],
      [
        'an unknown prize',
        [...all([0.75, 0.2, 0.04, 0]).slice(0, 3), { id: 'car', probability: 0.01 }],
        expect.any(String),
      ],
    ] as const) {
      const res = await put(admin, prizes);
      expect(res.statusCode, why).toBe(400);
      expect(res.json().error, why).toEqual(typeof text === 'string' ? expect.stringContaining(text) : text);
    }
    const ok = await put(admin, all([0.7, 0.2, 0.05, 0.05]));
    expect(ok.statusCode).toBe(202);
    expect(ok.data().approval).toMatchObject({ kind: 'odds', status: 'pending' });
  });
});

describe('the wheel’s odds', () => {
  it('pick each prize in proportion to its odds over many spins (chi-square)', () => {
    const odds = WHEEL_PRIZES.map((p) => ({ id: p.id, basisPoints: Math.round(p.probability * 10_000) }));
    const spins = 200_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < spins; i++) {
      const id = pickPrize(odds);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const chiSquare = odds.reduce((sum, o) => {
      const expected = (spins * o.basisPoints) / 10_000;
      return sum + ((counts.get(o.id) ?? 0) - expected) ** 2 / expected;
    }, 0);
    // 3 degrees of freedom: above 30.7 happens by chance once in a million runs.
    expect(chiSquare).toBeLessThan(30.7);
  });

  it('never pick a prize whose odds are zero', () => {
    const odds = [
      { id: 'entries_10' as const, basisPoints: 5000 },
      { id: 'entries_50' as const, basisPoints: 0 },
      { id: 'cash_1' as const, basisPoints: 5000 },
      { id: 'cash_5' as const, basisPoints: 0 },
    ];
    const seen = new Set(Array.from({ length: 20_000 }, () => pickPrize(odds)));
    expect([...seen].sort()).toEqual(['cash_1', 'entries_10']);
  });
});
