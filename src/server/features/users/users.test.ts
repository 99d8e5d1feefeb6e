import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject, named } from '../../../../tests/helpers/inject';
import { ADMIN_PAGE_SIZE, type LedgerReason } from '../../../contract/operator-rules';
import { prizesApi } from '../../../contract/prizes-api';
import { usersApi } from '../../../contract/users';
import { prizeEntries } from '../../db/schema';
import { credit, debit } from '../../lib/ledger';

describe(named(usersApi.entries), () => {
  it('lists only the caller’s own prize entries, newest first, and refuses visitors', async () => {
    const t = await buildTestApp();
    const cash = await createPrize(t.db, t.clock.now(), { title: 'Cash', valuePence: 500_00 });
    const phone = await createPrize(t.db, t.clock.now(), { title: 'Phone' });
    const me = await createUser(t.db, { entries: 20 });
    const other = await createUser(t.db, { entries: 20 });
    const mine = await authHeader(t.db, me.id);
    const theirs = await authHeader(t.db, other.id);
    const enter = (id: string, headers: Record<string, string>, entries: number) =>
      inject(t, prizesApi.enter, { params: { id }, headers, body: { entries } });
    await enter(cash.id, mine, 2);
    t.clock.advance(60_000);
    await enter(phone.id, mine, 1);
    await enter(phone.id, theirs, 7);

    const res = await inject(t, usersApi.entries, { headers: mine });
    expect(res.statusCode).toBe(200);
    expect(res.data().entries.map((e) => [e.prize.title, e.entriesUsed])).toEqual([
      ['Phone', 1],
      ['Cash', 2],
    ]);
    expect(res.data().entries[1]!.prize.value).toBe(500);
    expect((await inject(t, usersApi.entries)).statusCode).toBe(401);
  });

  it('pages a member with more prizes than a page, each once, newest first, ties kept apart by prize', async () => {
    const t = await buildTestApp();
    const me = await createUser(t.db);
    const headers = await authHeader(t.db, me.id);
    const total = ADMIN_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) {
      const prize = await createPrize(t.db, t.clock.now(), { title: `Prize ${String(i).padStart(2, '0')}` });
      // Pairs entered in the same microsecond: the page edge must not drop or repeat either.
      const updatedAt = new Date(t.clock.now().getTime() - Math.floor(i / 2) * 1000);
      await t.db
        .insert(prizeEntries)
        .values({ prizeId: prize.id, userId: me.id, entries: 1, pid: `pid${i}`, updatedAt });
    }
    const first = (await inject(t, usersApi.entries, { headers })).data();
    expect(first.entries).toHaveLength(ADMIN_PAGE_SIZE);
    const second = (
      await inject(t, usersApi.entries, { headers, query: { cursor: first.nextCursor! } })
    ).data();
    expect(second.nextCursor).toBeNull();
    const seen = [...first.entries, ...second.entries];
    expect(new Set(seen.map((e) => e.prize._id)).size).toBe(total);
    const times = seen.map((e) => e.lastEnteredAt);
    expect(times).toEqual([...times].sort().reverse());

    const bad = await inject(t, usersApi.entries, { headers, query: { cursor: 'bm90LWEta2V5' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_cursor');
  });
});

describe('the dashboard’s recent activity', () => {
  it('lists every kind of credit and debit of both balances from the ledger, newest first, the latest ten', async () => {
    const t = await buildTestApp();
    const me = await createUser(t.db, { entries: 0 });
    const headers = await authHeader(t.db, me.id);
    const prize = await createPrize(t.db, t.clock.now(), { title: 'Games console' });
    let n = 0;
    const change = async (
      move: typeof credit,
      c: { amount: number; reason: LedgerReason; reference?: string; account?: 'entries' | 'cash' },
    ) => {
      t.clock.advance(1_000);
      await move(t.db, { userId: me.id, idempotencyKey: `activity:${n++}`, at: t.clock.now(), ...c });
    };
    for (let i = 0; i < 5; i++) await change(credit, { amount: 1, reason: 'streak_bonus' });
    await change(credit, { amount: 500, account: 'cash', reason: 'wheel', reference: 'cash_5' });
    await change(credit, { amount: 50, reason: 'wheel', reference: 'entries_50' });
    await change(credit, { amount: 7, reason: 'admin_adjustment', reference: 'Lost task credit restored' });
    await change(credit, { amount: 100, reason: 'achievement', reference: 'streak_3' });
    await change(debit, { amount: 20, reason: 'prize_entry', reference: prize.id });
    await change(debit, { amount: 500, account: 'cash', reason: 'withdrawal' });

    const { recentActivity } = (await inject(t, usersApi.dashboard, { headers })).data();
    expect(recentActivity.map((a) => [a.task.title, a.reason, a.entriesAwarded, a.cash])).toEqual([
      ['Withdrawal requested', 'withdrawal', 0, -5],
      ['Entered a prize draw: Games console', 'prize_entry', -20, 0],
      ['Achievement unlocked: On a roll', 'achievement', 100, 0],
      ['Balance correction: Lost task credit restored', 'admin_adjustment', 7, 0],
      ['Instant-win wheel: 50 Entries', 'wheel', 50, 0],
      ['Instant-win wheel: £5 Cash', 'wheel', 0, 5],
      ...Array.from({ length: 4 }, () => ['Daily streak bonus', 'streak_bonus', 1, 0]),
    ]);
    expect(recentActivity[0]!.completedAt).toBe(t.clock.now().toISOString());
  });
});
