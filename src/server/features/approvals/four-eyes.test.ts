import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createMemberWithCash, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { APPROVAL_KINDS, approvalsApi, mayDecide } from '../../../contract/approvals';
import { cashApi } from '../../../contract/cash';
import { membersApi } from '../../../contract/members-api';
import { STAFF_PERMISSIONS, STAFF_ROLES, type StaffRole } from '../../../contract/staff';
import { winsApi } from '../../../contract/wins';
import { rowsOf } from '../../db/client';
import { ledgerEntries, memberRisk, users, wins, withdrawals } from '../../db/schema';

type Headers = Record<string, string>;

async function staff(t: TestApp, role: StaffRole, username = `A ${role}`) {
  const user = await createUser(t.db, { role, username });
  return { id: user.id, headers: await authHeader(t.db, user.id, { at: t.clock.now() }) };
}
const member = async (t: TestApp, pence = 10_000, username?: string) =>
  createMemberWithCash(t.db, t.clock.now(), pence, { username });
const correct = (t: TestApp, headers: Headers, id: string, account: 'cash' | 'entries', amount: number) =>
  inject(t, membersApi.adjust, {
    params: { id },
    headers,
    body: { account, amount, reason: 'Goodwill after a complaint' },
  });
async function withdraw(t: TestApp, headers: Headers, amount: number) {
  const asked = await inject(t, cashApi.requestWithdrawal, {
    headers,
    body: { method: 'paypal', amount, paypalEmail: 'member@example.com' } as never,
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.data().withdrawal;
}
const pay = (t: TestApp, headers: Headers, id: string, body: object = {}) =>
  inject(t, cashApi.markPaid, { params: { id }, headers, body: { reference: 'PP-1', ...body } });
const approve = (t: TestApp, headers: Headers, id: string) =>
  inject(t, approvalsApi.approve, { params: { id }, headers });
const statuses = (answers: Array<{ statusCode: number }>) => answers.map((a) => a.statusCode);

/** Every balance equals its ledger, and none is below zero. */
async function ledgerHolds(t: TestApp) {
  const rows = await rowsOf(
    t.db,
    sql`
    select u.id from users u
     where u.cash_pence < 0 or u.available_entries < 0
        or u.cash_pence <> coalesce((select sum(amount) from ledger_entries l where l.user_id = u.id and l.account = 'cash'), 0)
        or u.available_entries <> coalesce((select sum(amount) from ledger_entries l where l.user_id = u.id and l.account = 'entries'), 0)`,
  );
  expect(rows).toEqual([]);
}

describe('four eyes count totals over a day, not calls', () => {
  it('holds the correction that would bring what one member received in a day to the threshold, whoever makes it', async () => {
    const t = await buildTestApp();
    const [fay, fred] = [await staff(t, 'finance', 'Fay'), await staff(t, 'finance', 'Fred')];
    const alice = (await member(t, 0, 'Alice Tester')).user;
    // £19.99 alone is under £20; a second £19.99, by anyone, would bring the day's sum past it.
    expect((await correct(t, fay.headers, alice.id, 'cash', 19.99)).statusCode).toBe(200);
    const split = await correct(t, fred.headers, alice.id, 'cash', 19.99);
    expect(split.statusCode).toBe(202);
    // Several wait for one member at once, one per change; they still count nothing until approved.
    expect(
      statuses(await Promise.all([1, 2, 3].map(() => correct(t, fay.headers, alice.id, 'cash', 0.01)))),
    ).toEqual([202, 202, 202]);
    // Entries are summed apart: 999 goes through, and a second 999 waits.
    expect((await correct(t, fay.headers, alice.id, 'entries', 999)).statusCode).toBe(200);
    expect((await correct(t, fred.headers, alice.id, 'entries', -999)).statusCode).toBe(202);
    const [row] = await t.db.select().from(users).where(eq(users.id, alice.id));
    expect(row!.cashPence).toBe(1999);
    // A day later the sums start again.
    t.clock.advance(24 * 3_600_000 + 1000);
    const later = await staff(t, 'finance', 'Flo');
    expect((await correct(t, later.headers, alice.id, 'cash', 19.99)).statusCode).toBe(200);
    await ledgerHolds(t);
  });

  it('holds the move that would bring what one member of staff moved alone in a day to the threshold, across members', async () => {
    const t = await buildTestApp();
    const fay = await staff(t, 'finance', 'Fay');
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    expect((await correct(t, fay.headers, a.user.id, 'cash', 6)).statusCode).toBe(200);
    expect((await correct(t, fay.headers, b.user.id, 'cash', -6)).statusCode).toBe(200);
    // Payments count with corrections: £17 moved alone today, either way.
    expect((await pay(t, fay.headers, (await withdraw(t, c.headers, 5))._id)).statusCode).toBe(200);
    // Another £3 to anyone reaches £20.
    const held = await correct(t, fay.headers, c.user.id, 'cash', 3);
    expect(held.statusCode).toBe(202);
    expect(held.json().approval.summary).toMatch(
      /: \+£3\.00 cash, balance £95\.00 → £98\.00 \(Goodwill after a complaint\)$/,
    );
    expect((await pay(t, fay.headers, (await withdraw(t, c.headers, 5))._id)).statusCode).toBe(202);
    // A colleague has moved nothing alone today, and the member has received £5: they pay it alone.
    const fred = await staff(t, 'finance', 'Fred');
    expect((await pay(t, fred.headers, (await withdraw(t, c.headers, 5))._id)).statusCode).toBe(200);
  });

  it('pays withdrawals split under the threshold alone only until their sum reaches it', async () => {
    const t = await buildTestApp();
    const fay = await staff(t, 'finance', 'Fay');
    const owner = await staff(t, 'owner', 'Olive');
    const alice = await member(t, 10_000);
    const asked = [await withdraw(t, alice.headers, 16.66), await withdraw(t, alice.headers, 16.66)];
    const answers = [await pay(t, fay.headers, asked[0]!._id), await pay(t, fay.headers, asked[1]!._id)];
    expect(statuses(answers)).toEqual([200, 202]);
    // What a second person approved does not count towards the sums.
    expect((await approve(t, owner.headers, answers[1]!.json().approval._id)).statusCode).toBe(200);
    const paid = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, alice.user.id));
    expect(paid.map((w) => w.status)).toEqual(['paid', 'paid']);
    expect((await correct(t, fay.headers, (await member(t)).user.id, 'cash', 3)).statusCode).toBe(200);
  });

  it('sums one member of staff’s moves at once one after the other, on any database', async () => {
    const t = await buildTestApp();
    const fay = await staff(t, 'finance', 'Fay');
    const members = await Promise.all(Array.from({ length: 10 }, () => member(t, 0)));
    const answers = await Promise.all(members.map((m) => correct(t, fay.headers, m.user.id, 'cash', 5)));
    // £5, £10 and £15 alone; the fourth would reach £20, and every one after it waits too.
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(3);
    expect(statuses(answers).filter((s) => s === 202)).toHaveLength(7);
    const credited = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, 'admin_adjustment'));
    expect(credited.filter((l) => l.account === 'cash')).toHaveLength(3);
    await ledgerHolds(t);
  });

  it('always holds paying a member with fraud signals, once they are acknowledged', async () => {
    const t = await buildTestApp();
    const [fay, fred] = [await staff(t, 'finance', 'Fay'), await staff(t, 'finance', 'Fred')];
    const alice = await member(t, 1000);
    const w = await withdraw(t, alice.headers, 5);
    const signals = [{ code: 'disposable_email' as const, detail: 'x', accounts: [] }];
    await t.db
      .update(memberRisk)
      .set({ score: 15, signals, updatedAt: t.clock.now() })
      .where(eq(memberRisk.userId, alice.user.id));
    expect((await pay(t, fay.headers, w._id)).json().code).toBe('signals_unacknowledged');
    const held = await pay(t, fay.headers, w._id, { acknowledgeSignals: true });
    expect(held.statusCode).toBe(202);
    expect(held.json().approval.summary).toMatch(
      /withdrawal \(reference PP-1, acknowledging disposable_email\)$/,
    );
    expect((await approve(t, fay.headers, held.json().approval._id)).json().code).toBe('own_request');
    expect((await approve(t, fred.headers, held.json().approval._id)).statusCode).toBe(200);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, w._id));
    expect(row).toMatchObject({ status: 'paid', settledBy: fred.id });
  });

  it('reads its thresholds from APPROVAL_CASH_POUNDS and APPROVAL_ENTRIES', async () => {
    const t = await buildTestApp({ env: { APPROVAL_CASH_POUNDS: '5', APPROVAL_ENTRIES: '50' } });
    const fay = await staff(t, 'finance');
    const alice = (await member(t)).user;
    expect(statuses([await correct(t, fay.headers, alice.id, 'cash', 4.99)])).toEqual([200]);
    expect(statuses([await correct(t, fay.headers, alice.id, 'cash', 0.01)])).toEqual([202]);
    expect(statuses([await correct(t, fay.headers, alice.id, 'entries', 49)])).toEqual([200]);
    expect(statuses([await correct(t, fay.headers, alice.id, 'entries', 1)])).toEqual([202]);
  });
});

describe('who approves', () => {
  it('is a role holding some kind’s permission: the approvals permission is exactly those roles', () => {
    const deciders = STAFF_ROLES.filter((role) => APPROVAL_KINDS.some((kind) => mayDecide(role, kind)));
    expect([...STAFF_PERMISSIONS.approvals].sort()).toEqual([...deciders].sort());
  });

  it('is anyone but the asker whose role holds what the change needs, and the owner', async () => {
    const t = await buildTestApp();
    const roles = {
      asker: await staff(t, 'finance', 'Asker'),
      finance: await staff(t, 'finance', 'Fin'),
      admin: await staff(t, 'admin', 'Ada'),
      support: await staff(t, 'support', 'Sue'),
      owner: await staff(t, 'owner', 'Olive'),
    };
    const alice = (await member(t)).user;
    const ask = async () => (await correct(t, roles.asker.headers, alice.id, 'cash', 25)).json().approval._id;
    const first = await ask();
    expect((await approve(t, roles.admin.headers, first)).json().code).toBe('forbidden');
    expect((await approve(t, roles.support.headers, first)).json().code).toBe('forbidden');
    expect((await approve(t, roles.finance.headers, first)).statusCode).toBe(200);
    expect((await approve(t, roles.owner.headers, await ask())).statusCode).toBe(200);
    // Each sees what they asked and what they may decide; support decides nothing.
    const waiting = await ask();
    const listed = async (headers: Headers) =>
      (await inject(t, approvalsApi.list, { headers })).data().approvals.map((a) => a._id);
    expect(await listed(roles.finance.headers)).toEqual([waiting]);
    expect(await listed(roles.admin.headers)).toEqual([]);
    expect(await listed(roles.asker.headers)).toEqual([waiting]);
    // The one who decides sees its effect as the balance stands now, not as it stood when asked.
    await correct(t, roles.owner.headers, alice.id, 'cash', 1);
    const [shown] = (await inject(t, approvalsApi.list, { headers: roles.finance.headers })).data().approvals;
    expect(shown!.effect).toBe(
      `${(await t.db.select().from(users).where(eq(users.id, alice.id)))[0]!.username}: +£25.00 cash, balance £151.00 → £176.00`,
    );
  });
});

describe('staff are never credited or paid', () => {
  it('refuses a correction to staff, a withdrawal by staff, paying one asked before they became staff, and their claim', async () => {
    const t = await buildTestApp();
    const [fay, fred] = [await staff(t, 'finance', 'Fay'), await staff(t, 'finance', 'Fred')];
    expect((await correct(t, fay.headers, fred.id, 'cash', 5)).json()).toMatchObject({
      code: 'staff_account',
    });
    const sam = await member(t, 5000);
    const asked = [await withdraw(t, sam.headers, 5), await withdraw(t, sam.headers, 25)];
    const bigAsk = await pay(t, fay.headers, asked[1]!._id);
    expect(bigAsk.statusCode).toBe(202);
    // Sam is made staff: what he holds stays frozen.
    await t.db.update(users).set({ staffRole: 'support' }).where(eq(users.id, sam.user.id));
    const samNow = await authHeader(t.db, sam.user.id, { at: t.clock.now() });
    const refused = await inject(t, cashApi.requestWithdrawal, {
      headers: samNow,
      body: { method: 'paypal', amount: 5, paypalEmail: 'sam@example.com' } as never,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'staff_account']);
    expect((await pay(t, fay.headers, asked[0]!._id)).json().code).toBe('staff_account');
    expect((await approve(t, fred.headers, bigAsk.json().approval._id)).json().code).toBe('staff_account');
    expect((await correct(t, fay.headers, sam.user.id, 'entries', 5)).json().code).toBe('staff_account');
    const left = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, sam.user.id));
    expect(left.map((w) => w.status)).toEqual(['pending', 'pending']);

    const won = await createPrize(t.db, t.clock.now(), { status: 'drawn' });
    await t.db
      .insert(wins)
      .values({ prizeId: won.id, userId: sam.user.id, pid: 'p1', position: 1, drawnAt: t.clock.now() });
    const claim = await inject(t, winsApi.claim, {
      params: { prizeId: won.id },
      headers: samNow,
      body: {
        fullName: 'Sam Staff',
        county: 'Kent',
        dateOfBirth: '1990-01-01',
        payout: { method: 'paypal', paypalEmail: 'sam@example.com' },
      } as never,
    });
    expect([claim.statusCode, claim.json().code]).toEqual([409, 'staff_account']);
  });
});
