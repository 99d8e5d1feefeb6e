import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { confirmRecently } from '../../../../tests/helpers/two-factor';
import { gamificationApi } from '../../../contract/gamification';
import { membersApi } from '../../../contract/members-api';
import { referralHoldsApi } from '../../../contract/referral-holds';
import { usersApi } from '../../../contract/users';
import { wheelApi } from '../../../contract/wheel';
import { entryTotals, ledgerEntries, users } from '../../db/schema';
import { type Headers, ledgerOf, withAdmin } from './test-setup';

const adjustOf = (t: TestApp, id: string, headers: Headers, body: object) =>
  inject(t, membersApi.adjust, { params: { id }, headers, body: body as never });

const balances = async (t: TestApp, id: string) => {
  const [u] = await t.db.select().from(users).where(eq(users.id, id));
  const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id));
  const sum = (account: string) =>
    ledger.filter((l) => l.account === account).reduce((n, l) => n + l.amount, 0);
  // The invariant: every balance is the sum of its ledger.
  expect(u!.availableEntries).toBe(sum('entries'));
  expect(u!.cashPence).toBe(sum('cash'));
  return { entries: u!.availableEntries, cash: u!.cashPence, total: u!.totalEntries };
};

describe('corrections', () => {
  it('credit or debit entries and cash through the ledger, never the leaderboards, and show in the history', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    const member = await createUser(t.db, { entries: 100 });
    const adjust = (payload: object) => adjustOf(t, member.id, headers, payload);

    const credited = await adjust({ account: 'entries', amount: 40, reason: 'Missed task credit' });
    expect(credited.statusCode).toBe(200);
    expect(credited.json()).toEqual({
      message: "Added 40 entries to the member's entries balance",
      balance: 140,
    });
    expect((await adjust({ account: 'entries', amount: -1, reason: 'Duplicate credit' })).json()).toEqual({
      message: "Took 1 entry from the member's entries balance",
      balance: 139,
    });
    expect((await adjust({ account: 'cash', amount: 5.5, reason: 'Wheel prize not paid' })).json()).toEqual({
      message: "Added £5.50 to the member's cash balance",
      balance: 5.5,
    });
    // Entries added count as earned, so available never exceeds earned (DESIGN §13); no leaderboard moves.
    expect(await balances(t, member.id)).toEqual({ entries: 139, cash: 550, total: 140 });
    const totals = await t.db.select().from(entryTotals).where(eq(entryTotals.userId, member.id));
    expect(totals.every((row) => row.entries === 100)).toBe(true);

    const history = (await ledgerOf(t, member.id, {}, headers)).data().entries;
    expect(history[0]).toMatchObject({
      amount: -1,
      reason: 'admin_adjustment',
      reference: 'Duplicate credit',
    });
    const cash = (
      await inject(t, usersApi.history, {
        headers: await authHeader(t.db, member.id),
        query: { account: 'cash' },
      })
    ).data();
    expect(cash.entries[0]).toMatchObject({ amount: 5.5, reason: 'admin_adjustment' });
  });

  it('refuse 0, fractions, short reasons, debits below zero, deleted members and their own account, writing nothing', async () => {
    const t = await buildTestApp();
    const { admin, headers } = await withAdmin(t);
    const member = await createUser(t.db, { entries: 5 });
    const adjust = (payload: object, id = member.id) => adjustOf(t, id, headers, payload);
    for (const [payload, status, error] of [
      [
        { account: 'entries', amount: 0, reason: 'Nothing at all' },
        400,
        /whole number of entries other than 0/,
      ],
      [{ account: 'entries', amount: 1.5, reason: 'Half an entry' }, 400, /whole number/],
      [
        { account: 'cash', amount: 1.234, reason: 'A fraction of a penny' },
        400,
        /pounds and pence other than 0/,
      ],
      [{ account: 'cash', amount: 0, reason: 'Nothing at all' }, 400, /pounds and pence/],
      [{ account: 'entries', amount: 5_000_000, reason: 'A typo' }, 400, /at most 1,000,000/],
      [{ account: 'entries', amount: 5, reason: 'why' }, 400, /at least 5 characters/],
      [{ account: 'entries', amount: '5', reason: 'A string' }, 400, /Enter an amount|expected number/],
      [{ account: 'gold', amount: 5, reason: 'Gold bars' }, 400, /entries or cash/],
      [{ account: 'entries', amount: 5, reason: 'Extra field', extra: 1 }, 400, /.+/],
      [{ account: 'entries', amount: -6, reason: 'Too much taken' }, 400, /^Insufficient entries$/],
      [{ account: 'cash', amount: -0.01, reason: 'No cash to take' }, 400, /^Insufficient balance$/],
    ] as const) {
      const res = await adjust(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error, JSON.stringify(payload)).toMatch(error);
    }
    expect(
      (await adjust({ account: 'entries', amount: 5, reason: 'My own bonus' }, admin.id)).statusCode,
    ).toBe(409);
    expect(
      (
        await adjust(
          { account: 'entries', amount: 5, reason: 'Nobody at all' },
          '00000000-0000-4000-8000-000000000000',
        )
      ).statusCode,
    ).toBe(404);
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, member.id));
    expect((await adjust({ account: 'entries', amount: 5, reason: 'A deleted member' })).json().error).toBe(
      'This account was deleted',
    );
    expect(await balances(t, member.id)).toEqual({ entries: 5, cash: 0, total: 5 });
  });

  it('with an Idempotency-Key, a retry changes nothing and gets the same answer; the key for another request is refused', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    const member = await createUser(t.db, { entries: 10 });
    const adjust = (key: string, payload: object) =>
      adjustOf(t, member.id, { ...headers, 'idempotency-key': key }, payload);
    const payload = { account: 'entries', amount: 25, reason: 'Goodwill credit' };
    // Sent many times at once, as a flaky connection might.
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust('retry-1', payload)));
    for (const res of answers)
      expect(res.json()).toEqual({
        message: "Added 25 entries to the member's entries balance",
        balance: 35,
      });
    await adjust('other', { ...payload, amount: 5 });
    expect((await adjust('retry-1', payload)).json().balance).toBe(35);
    const reused = await adjust('retry-1', { ...payload, amount: 26 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('This Idempotency-Key was already used for a different request');
    // A refused request leaves its key free.
    expect((await adjust('too-much', { ...payload, amount: -1000 })).statusCode).toBe(400);
    expect((await adjust('too-much', { ...payload, amount: -10 })).json().balance).toBe(30);
    expect((await adjust('', payload)).statusCode).toBe(400);
    expect(await balances(t, member.id)).toEqual({ entries: 30, cash: 0, total: 40 });
  });

  it('never take a balance below zero when many debits arrive at once', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    const member = await createUser(t.db, { entries: 50 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        adjustOf(t, member.id, headers, {
          account: 'entries',
          amount: -15,
          reason: 'Clawback of fraud',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    expect(await balances(t, member.id)).toEqual({ entries: 5, cash: 0, total: 50 });
  });

  it('and the wheel’s odds need a second factor from the last 15 minutes, refused with reauth_required until given', async () => {
    const t = await buildTestApp();
    const owner = await createUser(t.db, { role: 'owner' });
    const headers = await authHeader(t.db, owner.id);
    const member = await createUser(t.db, { entries: 10 });
    t.clock.advance(16 * 60_000);
    const correction = { account: 'entries', amount: 5, reason: 'Missed survey credit' };
    const stale = await adjustOf(t, member.id, headers, correction);
    expect([stale.statusCode, stale.json().code]).toEqual([403, 'reauth_required']);
    const odds = {
      prizes: ['entries_10', 'entries_50', 'cash_1', 'cash_5'].map((id, i) => ({
        id,
        probability: [0.7, 0.25, 0.04, 0.01][i]!,
      })),
    };
    const staleOdds = await inject(t, wheelApi.setOdds, { headers, body: odds as never });
    expect([staleOdds.statusCode, staleOdds.json().code]).toEqual([403, 'reauth_required']);
    // Paying a held referral and the weekly payout move money too.
    for (const stalePay of [
      await inject(t, referralHoldsApi.pay, { params: { friendId: randomUUID() }, headers }),
      await inject(t, referralHoldsApi.refuse, {
        params: { friendId: randomUUID() },
        headers,
        body: { reason: 'Same phone as the referrer' },
      }),
      await inject(t, gamificationApi.triggerWeeklyPayout, { headers }),
    ])
      expect([stalePay.statusCode, stalePay.json().code]).toEqual([403, 'reauth_required']);
    expect((await balances(t, member.id)).entries).toBe(10);

    await confirmRecently(t, headers, owner.id);
    expect((await adjustOf(t, member.id, headers, correction)).statusCode).toBe(200);
    expect((await inject(t, wheelApi.setOdds, { headers, body: odds as never })).statusCode).toBe(202);
  });
});
