import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createMemberWithCash, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { approvalsApi } from '../../../contract/approvals';
import { cashApi } from '../../../contract/cash';
import { membersApi } from '../../../contract/members-api';
import type { StaffRole } from '../../../contract/staff';
import { wheelApi } from '../../../contract/wheel';
import { auditLog, ledgerEntries, users, withdrawals } from '../../db/schema';
import { listOf } from '../notifications/test-setup';

/** The default thresholds (DESIGN §16), with APPROVAL_CASH_POUNDS and APPROVAL_ENTRIES unset. */
const APPROVAL_CASH_POUNDS = 20;
const APPROVAL_ENTRIES = 1000;

async function staff(t: TestApp, role: StaffRole, username = `A ${role}`) {
  const user = await createUser(t.db, { role, username });
  return { id: user.id, headers: await authHeader(t.db, user.id) };
}

const memberWithCash = async (t: TestApp, pence: number) =>
  (await createMemberWithCash(t.db, t.clock.now(), pence, { username: 'Alice Tester' })).user;

const balances = async (t: TestApp, id: string) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

const correct = (t: TestApp, headers: Record<string, string>, id: string, body: object) =>
  inject(t, membersApi.adjust, { params: { id }, headers, body: body as never });

const decide = (t: TestApp, headers: Record<string, string>, id: string, reason?: string) =>
  reason
    ? inject(t, approvalsApi.reject, { params: { id }, headers, body: { reason } })
    : inject(t, approvalsApi.approve, { params: { id }, headers });

const auditActions = async (t: TestApp) =>
  (await t.db.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id)).map((r) => r.action);

describe('four eyes on money', () => {
  it('holds a large correction for a second member of staff, who alone may apply it, once', async () => {
    const t = await buildTestApp();
    const finance = await staff(t, 'finance', 'Fay Finance');
    const owner = await staff(t, 'owner', 'Olive Owner');
    const admin = await staff(t, 'admin');
    const support = await staff(t, 'support');
    const alice = await memberWithCash(t, 600);

    const asked = await correct(t, finance.headers, alice.id, {
      account: 'cash',
      amount: APPROVAL_CASH_POUNDS + 5,
      reason: 'Prize money owed',
    });
    expect(asked.statusCode).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({
      kind: 'correction',
      status: 'pending',
      summary: 'Alice Tester: +£25.00 cash, balance £6.00 → £31.00 (Prize money owed)',
      requestedBy: { _id: finance.id, username: 'Fay Finance' },
      decidedBy: null,
    });
    expect((await balances(t, alice.id)).cashPence).toBe(600);
    const pending = (await inject(t, approvalsApi.list, { headers: owner.headers })).data().approvals;
    expect(pending.map((a) => a._id)).toEqual([approval._id]);

    // Not the asker, and not a role without approvals: the second pair of eyes is the money side.
    expect((await decide(t, finance.headers, approval._id)).json()).toMatchObject({
      code: 'own_request',
    });
    expect((await decide(t, support.headers, approval._id)).json().code).toBe('forbidden');
    expect((await decide(t, admin.headers, approval._id)).json().code).toBe('forbidden');
    expect((await balances(t, alice.id)).cashPence).toBe(600);

    const approved = await decide(t, owner.headers, approval._id);
    expect(approved.data().approval).toMatchObject({
      status: 'approved',
      decidedBy: { _id: owner.id, username: 'Olive Owner' },
      decidedAt: t.clock.now().toISOString(),
    });
    expect((await balances(t, alice.id)).cashPence).toBe(3100);
    expect((await decide(t, owner.headers, approval._id)).json().code).toBe('already_decided');
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, alice.id), eq(ledgerEntries.reason, 'admin_adjustment')));
    expect(rows).toHaveLength(1);
    expect(await auditActions(t)).toEqual(['approval.request', 'user.adjust', 'approval.approve']);
    expect((await inject(t, approvalsApi.list, { headers: owner.headers })).data().approvals).toEqual([]);
    // The asker hears the decision in their bell; the request leaves the bells of those who could decide.
    const bell = (await listOf(t, finance.headers)).notifications;
    expect(bell[0]).toMatchObject({
      type: 'staff_decision',
      title: 'Olive Owner approved what you asked: balance correction',
      body: 'Alice Tester: +£25.00 cash, balance £6.00 → £31.00 (Prize money owed)',
      link: '/admin?tab=approvals',
    });
    const ownerBell = await listOf(t, owner.headers);
    expect(ownerBell.notifications.find((n) => n.type === 'staff_approval')?.readAt).not.toBeNull();
    expect(ownerBell.unread).toBe(0);
  });

  it('applies an approval once when two approve it at once', async () => {
    const t = await buildTestApp();
    const finance = await staff(t, 'finance');
    const [a, b] = [await staff(t, 'owner'), await staff(t, 'owner')];
    const alice = await memberWithCash(t, 0);
    const { approval } = (
      await correct(t, finance.headers, alice.id, { account: 'cash', amount: 50, reason: 'Prize owed' })
    ).json();
    const both = await Promise.all([decide(t, a.headers, approval._id), decide(t, b.headers, approval._id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await balances(t, alice.id)).cashPence).toBe(5000);
  });

  it('rejects with a reason and changes nothing; the reason is kept', async () => {
    const t = await buildTestApp();
    const finance = await staff(t, 'finance');
    const owner = await staff(t, 'owner');
    const alice = await memberWithCash(t, 0);
    const { approval } = (
      await correct(t, finance.headers, alice.id, { account: 'cash', amount: 50, reason: 'Prize owed' })
    ).json();
    for (const body of [{}, { reason: '' }, { reason: 'x' }, { reason: 'Not this one', extra: 1 }]) {
      const res = await rawInject(t, approvalsApi.reject, {
        params: { id: approval._id },
        headers: owner.headers,
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const rejected = await decide(t, owner.headers, approval._id, 'No ticket for this');
    expect(rejected.data().approval).toMatchObject({ status: 'rejected', reason: 'No ticket for this' });
    expect((await balances(t, alice.id)).cashPence).toBe(0);
    const listed = await inject(t, approvalsApi.list, {
      headers: owner.headers,
      query: { status: 'rejected' },
    });
    expect(listed.data().approvals).toHaveLength(1);
    expect(await auditActions(t)).toEqual(['approval.request', 'approval.reject']);
  });

  it('holds every change of the wheel’s odds, showing the expected cost before and after', async () => {
    const t = await buildTestApp();
    const [asker, approver] = [await staff(t, 'admin', 'Ada'), await staff(t, 'finance', 'Bo')];
    const odds = { entries_10: 0.7, entries_50: 0.2, cash_1: 0.05, cash_5: 0.05 };
    const body = { prizes: Object.entries(odds).map(([id, probability]) => ({ id, probability })) };
    const before = (await inject(t, wheelApi.config)).data().prizes;

    const asked = await inject(t, wheelApi.setOdds, { headers: asker.headers, body: body as never });
    expect(asked.statusCode).toBe(202);
    const { approval } = asked.data();
    expect(approval.summary).toBe(
      'Wheel odds: 10 Entries 75% → 70%, 50 Entries 20% → 20%, £1 Cash 4% → 5%, £5 Cash 1% → 5%; ' +
        'expected £90.00 cash and 17,500 entries per 1,000 spins → £300.00 cash and 17,000 entries per 1,000 spins',
    );
    expect((await inject(t, wheelApi.config)).data().prizes).toEqual(before);
    expect(
      (await inject(t, wheelApi.setOdds, { headers: asker.headers, body: body as never })).json().code,
    ).toBe('approval_pending');

    // The asker, who cannot decide, follows their own request; a colleague who asked nothing sees none.
    const listFor = async (headers: Record<string, string>) =>
      (await inject(t, approvalsApi.list, { headers })).data().approvals.map((a) => a._id);
    expect(await listFor(asker.headers)).toEqual([approval._id]);
    expect(await listFor((await staff(t, 'admin', 'Cy')).headers)).toEqual([]);
    expect(await listFor(approver.headers)).toEqual([approval._id]);

    expect((await decide(t, approver.headers, approval._id)).statusCode).toBe(200);
    const after = (await inject(t, wheelApi.config)).data().prizes;
    expect(Object.fromEntries(after.map((p) => [p.id, p.probability]))).toEqual(odds);
  });

  it('holds paying a withdrawal at or above the threshold, and pays a smaller one at once', async () => {
    const t = await buildTestApp();
    const finance = await staff(t, 'finance');
    const owner = await staff(t, 'owner');
    const alice = await memberWithCash(t, 3000);
    const headers = await authHeader(t.db, alice.id);
    const ask = (amount: number) =>
      inject(t, cashApi.requestWithdrawal, {
        headers,
        body: { method: 'paypal', amount, paypalEmail: 'alice@example.com' } as never,
      });
    const big = (await ask(APPROVAL_CASH_POUNDS)).data().withdrawal;
    const small = (await ask(5)).data().withdrawal;
    const pay = (id: string) =>
      inject(t, cashApi.markPaid, {
        params: { id },
        headers: finance.headers,
        body: { reference: `PAYPAL-${id.slice(0, 8)}` },
      });

    expect((await pay(small._id)).statusCode).toBe(200);
    const held = await pay(big._id);
    expect(held.statusCode).toBe(202);
    expect(held.json().approval.summary).toBe(
      `Alice Tester: pay a £20.00 withdrawal (reference PAYPAL-${big._id.slice(0, 8)})`,
    );
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, big._id));
    expect(row!.status).toBe('pending');

    expect((await decide(t, owner.headers, held.json().approval._id)).statusCode).toBe(200);
    const [paid] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, big._id));
    expect(paid).toMatchObject({
      status: 'paid',
      settledBy: owner.id,
      paymentReference: `PAYPAL-${big._id.slice(0, 8)}`,
    });
  });

  it('lets nobody pay their own withdrawal, nor approve paying it', async () => {
    const t = await buildTestApp();
    const fay = await memberWithCash(t, 3000);
    const asFay = await authHeader(t.db, fay.id);
    const colleague = await staff(t, 'finance', 'Colleague');
    const ask = async (amount: number) =>
      (
        await inject(t, cashApi.requestWithdrawal, {
          headers: asFay,
          body: { method: 'paypal', amount, paypalEmail: 'fay@example.com' } as never,
        })
      ).data().withdrawal;
    const pay = (headers: Record<string, string>, id: string) =>
      inject(t, cashApi.markPaid, { params: { id }, headers, body: { reference: 'PAYPAL-1' } });
    // Asked as a member; she is then made staff, and her own stays someone else's decision.
    const [small, big] = [await ask(5), await ask(APPROVAL_CASH_POUNDS)];
    const asked = await pay(colleague.headers, big._id);
    expect(asked.statusCode).toBe(202);
    await t.db.update(users).set({ staffRole: 'finance' }).where(eq(users.id, fay.id));
    const asStaff = await authHeader(t.db, fay.id);
    expect((await pay(asStaff, small._id)).json()).toMatchObject({ code: 'own_account' });
    expect(
      (await inject(t, cashApi.reject, { params: { id: small._id }, headers: asStaff })).json().code,
    ).toBe('own_account');
    expect((await pay(asStaff, big._id)).json().code).toBe('own_account');
    expect((await decide(t, asStaff, asked.json().approval._id)).json().code).toBe('own_account');
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, big._id));
    expect(row!.status).toBe('pending');
  });

  it('words a large entries correction as the member will see it', async () => {
    const t = await buildTestApp();
    const finance = await staff(t, 'finance');
    const bob = await createUser(t.db, { entries: 5000, username: 'Bob Tester' });
    const asked = await correct(t, finance.headers, bob.id, {
      account: 'entries',
      amount: APPROVAL_ENTRIES,
      reason: 'Lost survey credits',
    });
    expect(asked.json().approval.summary).toBe(
      'Bob Tester: +1,000 entries, balance 5,000 entries → 6,000 entries (Lost survey credits)',
    );
  });
});
