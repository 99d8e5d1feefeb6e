import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { cashApi } from '../../../contract/cash';
import { membersApi } from '../../../contract/members';
import { prizesApi } from '../../../contract/prizes';
import { entryTotals, ledgerEntries, users } from '../../db/schema';
import { credit } from '../../lib/ledger';

async function withAdmin(t: TestApp) {
  const admin = await createUser(t.db, { isAdmin: true, username: 'Operator' });
  return { admin, headers: await authHeader(t.db, admin.id) };
}

type Headers = Record<string, string>;
const find = (t: TestApp, query: object, headers: Headers) =>
  inject(t, membersApi.search, { query: query as never, headers });
const detailOf = (t: TestApp, id: string, headers: Headers) =>
  inject(t, membersApi.detail, { params: { id }, headers });
const ledgerOf = (t: TestApp, id: string, query: object, headers: Headers) =>
  inject(t, membersApi.ledger, { params: { id }, query: query as never, headers });
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

describe('finding members', () => {
  it('pages every admin list by limit (1 to 200, 50 unless asked) beside its cursor', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    for (let i = 0; i < 3; i++) await createUser(t.db, { username: `Paged ${i}` });
    const first = (await find(t, { limit: 2 }, headers)).json();
    expect(first.users).toHaveLength(2);
    const rest = (await find(t, { limit: 2, cursor: first.nextCursor }, headers)).json();
    expect(rest.users.map((u: { _id: string }) => u._id)).not.toContain(first.users[0]._id);
    for (const bad of ['0', '201', '1.5', 'ten'])
      expect((await find(t, { limit: bad }, headers)).statusCode, bad).toBe(400);
    for (const list of [
      'users',
      'audit',
      'outbox',
      'review',
      'referral-holds',
      'tasks',
      'prizes',
      'prizes/ready-to-draw',
      'winners',
      'withdrawals',
      'contact-messages',
    ]) {
      const res = await t.app.inject({ url: `/api/admin/${list}?limit=1`, headers });
      expect([list, res.statusCode]).toEqual([list, 200]);
      expect((await t.app.inject({ url: `/api/admin/${list}?limit=500`, headers })).statusCode).toBe(400);
    }
  });

  it('finds by a prefix of the email or username in any case, an exact id or a referral code, newest first', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    const ann = await createUser(t.db, { username: 'Ann Smith' });
    await t.db.update(users).set({ createdAt: t.clock.now() }).where(eq(users.id, ann.id));
    t.clock.advance(1000);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ username: 'annie', email: 'Annie.B@Example.org' }),
    });
    const annie = register.json().user;
    const search = async (q: string) => (await find(t, { q }, headers)).data().users.map((u) => u._id);

    expect(await search('ANN')).toEqual([annie._id, ann.id]);
    expect(await search('annie.b@')).toEqual([annie._id]);
    // The address up to its @: a shorter prefix is shared by any account made in the same few milliseconds.
    expect(await search(ann.email.split('@')[0]!.toUpperCase())).toEqual([ann.id]);
    expect(await search(ann.id)).toEqual([ann.id]);
    expect(await search(ann.referralCode.toLowerCase())).toEqual([ann.id]);
    // LIKE's wildcards are searched for as they are.
    expect(await search('%')).toEqual([]);
    expect(await search('a_n')).toEqual([]);

    const [first] = (await find(t, { q: 'annie' }, headers)).data().users;
    expect(first).toEqual({
      _id: annie._id,
      username: 'annie',
      email: 'annie.b@example.org',
      createdAt: t.clock.now().toISOString(),
      // The welcome bonus and first_login's reward.
      availableEntries: 60,
      totalEntries: 60,
      cash: 0,
      emailVerified: false,
      status: 'active',
      risk: { score: 0, signals: [] },
    });
  });

  it('pages with a cursor, and refuses a cursor it did not make', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    for (let i = 0; i < 60; i++) {
      t.clock.advance(1000);
      await createUser(t.db, { username: `Pager ${i}` });
    }
    const first = (await find(t, { q: 'pager' }, headers)).json();
    expect(first.users).toHaveLength(50);
    const second = (await find(t, { q: 'pager', cursor: first.nextCursor }, headers)).json();
    expect(second.users).toHaveLength(10);
    expect(second.nextCursor).toBeNull();
    const names = [...first.users, ...second.users].map((u: { username: string }) => u.username);
    expect(new Set(names).size).toBe(60);

    for (const cursor of [
      'nonsense',
      Buffer.from('["yesterday","x"]').toString('base64url'),
      'a'.repeat(400),
      '%00',
    ]) {
      const res = await find(t, { cursor }, headers);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toMatch(/^That page link is not valid/);
    }
  });
});

describe("a member's page and ledger", () => {
  it('shows balances, sessions with their address and device, referrals, entries, and the ledger newest first in pages', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    const body = registration();
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: {
        'x-device-id': 'a'.repeat(32),
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      },
      remoteAddress: '203.0.113.9',
    });
    const member = signUp.json().user;
    const friend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ referralCode: member.referralCode }),
    });
    for (let i = 0; i < 55; i++) {
      t.clock.advance(1000);
      await credit(t.db, {
        userId: member._id,
        amount: i + 1,
        reason: 'task',
        idempotencyKey: `t${i}`,
        at: t.clock.now(),
      });
    }
    const prize = await createPrize(t.db, t.clock.now());
    await inject(t, prizesApi.enter, {
      params: { id: prize.id },
      headers: { authorization: `Bearer ${signUp.json().token}` },
      body: { entries: 3 },
    });

    const detail = (await detailOf(t, member._id, headers)).json();
    expect(detail.user).toMatchObject({
      _id: member._id,
      status: 'active',
      suspension: null,
      cashoutHold: null,
      referredBy: null,
    });
    expect(detail.sessions).toEqual([
      expect.objectContaining({ ip: '203.0.113.9', deviceId: 'a'.repeat(32), device: 'Chrome on Android' }),
    ]);
    expect(detail.referrals).toEqual({
      total: 1,
      rows: [expect.objectContaining({ _id: friend.json().user._id })],
    });
    expect(detail.entries.rows).toEqual([
      expect.objectContaining({ prize: expect.objectContaining({ _id: prize.id }), entries: 3 }),
    ]);

    const ledger = (await ledgerOf(t, member._id, {}, headers)).data();
    expect(ledger.entries).toHaveLength(50);
    const rest = (await ledgerOf(t, member._id, { cursor: ledger.nextCursor }, headers)).data();
    expect(rest.nextCursor).toBeNull();
    const all = [...ledger.entries, ...rest.entries];
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member._id));
    expect(all.map((r) => r._id).sort()).toEqual(rows.map((r) => String(r.id)).sort());
    // Newest first, across the pages.
    expect(all.map((r) => r.at)).toEqual(
      all
        .map((r) => r.at)
        .sort()
        .reverse(),
    );
    expect(all.find((r) => r.reason === 'prize_entry')).toMatchObject({
      amount: -3,
      reference: prize.id,
      account: 'entries',
    });
    expect(all.at(-1)).toMatchObject({ amount: 10, reason: 'welcome_bonus' });
    expect((await ledgerOf(t, member._id, { account: 'cash' }, headers)).json()).toEqual({
      entries: [],
      nextCursor: null,
    });
    expect((await ledgerOf(t, member._id, { account: 'gold' }, headers)).statusCode).toBe(400);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await detailOf(t, id, headers)).statusCode).toBe(404);
      expect((await ledgerOf(t, id, {}, headers)).json().error).toBe('Member not found');
    }
  });

  it('downloads the ledger as CSV, with formulas made harmless', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    const member = await createUser(t.db);
    await credit(t.db, {
      userId: member.id,
      amount: 250,
      account: 'cash',
      reason: 'admin_adjustment',
      reference: '=HYPERLINK("http://evil.example","click")',
      idempotencyKey: 'x',
      at: t.clock.now(),
    });
    const res = await inject(t, membersApi.ledgerCsv, {
      params: { id: member.id },
      query: { account: 'cash' },
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ledger-${member.id}-cash.csv"`);
    const [head, row, end] = res.body.split('\r\n');
    expect(head).toBe('id,at,account,amount,reason,reference');
    expect(row).toMatch(
      /^\d+,2026-11-20T12:00:00.000Z,cash,2.5,admin_adjustment,"'=HYPERLINK\(""http:\/\/evil.example"",""click""\)"$/,
    );
    expect(end).toBe('');
  });
});

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
    expect(await balances(t, member.id)).toEqual({ entries: 139, cash: 550, total: 100 });
    // Corrections are not earnings: no leaderboard moves.
    const totals = await t.db.select().from(entryTotals).where(eq(entryTotals.userId, member.id));
    expect(totals.every((row) => row.entries === 100)).toBe(true);

    const history = (await ledgerOf(t, member.id, {}, headers)).data().entries;
    expect(history[0]).toMatchObject({
      amount: -1,
      reason: 'admin_adjustment',
      reference: 'Duplicate credit',
    });
    const cash = (await inject(t, cashApi.cash, { headers: await authHeader(t.db, member.id) })).data();
    expect(cash.history[0]).toMatchObject({ amount: 5.5, reason: 'admin_adjustment' });
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
    expect(await balances(t, member.id)).toEqual({ entries: 30, cash: 0, total: 10 });
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
});
