import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { confirmRecently } from '../../../../tests/helpers/two-factor';
import { approvalsApi } from '../../../contract/approvals';
import { auditApi } from '../../../contract/audit';
import { authApi } from '../../../contract/auth';
import { cashApi } from '../../../contract/cash';
import { ADS_PER_DAY } from '../../../contract/constants';
import { WITHDRAWAL_ACCOUNT_DAYS } from '../../../contract/gamification-rules';
import { membersApi } from '../../../contract/members-api';
import { riskApi } from '../../../contract/risk';
import { tasksApi } from '../../../contract/tasks';
import { clearReads } from '../../context';
import { memberRisk, taskCompletions, tasks, users } from '../../db/schema';
import { credit } from '../../lib/ledger';

const register = async (t: TestApp, from: string, extra: Record<string, unknown> = {}, device?: string) => {
  const res = await inject(t, authApi.register, {
    body: registration(extra),
    remoteAddress: from,
    headers: device ? { 'x-device-id': device } : {},
  });
  expect(res.statusCode).toBe(201);
  return {
    user: res.json().user as { _id: string; username: string; referralCode: string },
    token: res.json().token as string,
  };
};

async function adminOf(t: TestApp) {
  return authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
}

const review = async (t: TestApp, headers: Record<string, string>, cursor?: string) =>
  (await inject(t, riskApi.review, { query: { cursor }, headers })).data();

describe('fraud signals', () => {
  it('put a one-address referral ring at the top of Review, each naming the others', async () => {
    const t = await buildTestApp();
    const admin = await adminOf(t);
    const ring = '203.0.113.50';
    const host = await register(t, ring, {}, 'f'.repeat(32));
    const friends: Array<Awaited<ReturnType<typeof register>>> = [];
    for (let i = 0; i < 3; i++)
      friends.push(await register(t, ring, { referralCode: host.user.referralCode }));
    // Someone unrelated who happens to share one address with one other person, and an admin on the ring's address.
    await register(t, '198.51.100.1');
    await register(t, '198.51.100.1');
    await inject(t, authApi.login, {
      body: { email: 'nobody@example.com', password: 'x' },
      remoteAddress: ring,
    });
    const { members, nextCursor } = await review(t, admin);
    expect(nextCursor).toBeNull();
    const top = members.slice(0, 4);
    expect(new Set(top.map((m) => m._id))).toEqual(
      new Set([host.user._id, ...friends.map((f) => f.user._id)]),
    );
    // Shared address 20 and referral link 35 each; the pair at 198.51.100.1 only share an address.
    expect(top.map((m) => m.risk.score)).toEqual([55, 55, 55, 55]);
    expect(members.slice(4).map((m) => m.risk.score)).toEqual([20, 20]);

    const hostRow = members.find((m) => m._id === host.user._id);
    expect(hostRow!.risk.signals).toEqual([
      {
        code: 'shared_address',
        detail: `Signed up or in from the same address (${ring}) as 3 other accounts in the last 30 days`,
        accounts: expect.arrayContaining(
          friends.map((f) => ({ _id: f.user._id, username: f.user.username })),
        ),
      },
      {
        code: 'referral_link',
        detail: 'Referred or was referred by 3 other accounts using the same address or device',
        accounts: expect.arrayContaining(
          friends.map((f) => ({ _id: f.user._id, username: f.user.username })),
        ),
      },
    ]);
    const friendRow = members.find((m) => m._id === friends[0]!.user._id);
    expect(friendRow!.risk.signals.find((s) => s.code === 'referral_link')!.accounts).toEqual([
      { _id: host.user._id, username: host.user.username },
    ]);
    // The member's page shows the same signals.
    const page = (
      await inject(t, membersApi.detail, { params: { id: host.user._id }, headers: admin })
    ).data();
    expect(page.signals.map((s) => s.code)).toEqual(['shared_address', 'referral_link']);
    expect(page.user.risk.score).toBe(55);
  });

  it('see one IPv6 /64 as one address, and one device across addresses', async () => {
    const t = await buildTestApp();
    const a = await register(t, '2001:db8:1:2::10', {}, 'c'.repeat(32));
    const b = await register(t, '2001:db8:1:2:ffff::3');
    const c = await register(t, '203.0.113.77', {}, 'c'.repeat(32));
    const codes = async (id: string) => {
      const [row] = await t.db.select().from(memberRisk).where(eq(memberRisk.userId, id));
      return row?.signals.map((s) => s.code);
    };
    expect(await codes(a.user._id)).toEqual(['shared_address', 'shared_device']);
    expect(await codes(b.user._id)).toEqual(['shared_address']);
    expect(await codes(c.user._id)).toEqual(['shared_device']);
  });

  it('link accounts signed up at the same moment from one address or device, each naming all the others', async () => {
    const t = await buildTestApp();
    const ring = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => register(t, n % 2 ? '203.0.113.9' : `198.51.100.${n}`, {}, 'd'.repeat(32))),
    );
    const ids = ring.map((m) => m.user._id);
    for (const id of ids) {
      const [row] = await t.db.select().from(memberRisk).where(eq(memberRisk.userId, id));
      const named = new Set(row!.signals.flatMap((s) => s.accounts.map((a) => a.id)));
      expect([...named].sort()).toEqual(ids.filter((x) => x !== id).sort());
    }
  });

  it('score the accounts sharing an address again only when a sign-in comes from a new address or device', async () => {
    const t = await buildTestApp();
    const body = registration();
    const a = await register(t, '198.51.100.5', body);
    const b = await register(t, '198.51.100.5');
    const c = await register(t, '192.0.2.9');
    const scoredAt = async (id: string) => {
      const [row] = await t.db.select().from(memberRisk).where(eq(memberRisk.userId, id));
      return row!.updatedAt.getTime();
    };
    const login = async (from: string) => {
      t.clock.advance(60_000);
      const res = await inject(t, authApi.login, {
        body: { email: body.email, password: body.password },
        remoteAddress: from,
      });
      expect(res.statusCode).toBe(200);
    };
    const [bBefore, cBefore] = [await scoredAt(b.user._id), await scoredAt(c.user._id)];
    await login('198.51.100.5');
    // Home again: the member is scored, the neighbour is not.
    expect(await scoredAt(a.user._id)).toBe(t.clock.now().getTime());
    expect(await scoredAt(b.user._id)).toBe(bBefore);
    // A new address links the member to whoever used it: they are scored again, and named.
    await login('192.0.2.9');
    expect(await scoredAt(c.user._id)).toBeGreaterThan(cBefore);
    const [cRisk] = await t.db.select().from(memberRisk).where(eq(memberRisk.userId, c.user._id));
    expect(cRisk!.signals.flatMap((s) => s.accounts.map((x) => x.id))).toContain(a.user._id);
  });

  it('flag a throwaway address, a cashout as soon as allowed, and days at the ad cap; paying a flagged member needs acknowledging', async () => {
    const t = await buildTestApp();
    const owner = await createUser(t.db, { role: 'owner' });
    const admin = await authHeader(t.db, owner.id);
    const { user, token } = await register(t, '203.0.113.90', { email: 'quick@mailinator.com' });
    const headers = { authorization: `Bearer ${token}` };
    await credit(t.db, {
      userId: user._id,
      amount: 800,
      account: 'cash',
      reason: 'wheel',
      idempotencyKey: 'c',
      at: t.clock.now(),
    });
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, user._id));
    clearReads(t.ctx);
    // The first moment the account may withdraw, and 5 hours more.
    t.clock.advance(WITHDRAWAL_ACCOUNT_DAYS * 86_400_000 + 5 * 3_600_000);
    const asked = await inject(t, cashApi.requestWithdrawal, {
      headers,
      body: { method: 'paypal', amount: 5, paypalEmail: 'quick@example.com' },
    });
    const withdrawal = asked.data().withdrawal;

    // Four UK days at the cap, then the fifth reached through the site.
    const [video] = await t.db
      .insert(tasks)
      .values({
        type: 'watch_video_ad',
        platform: 'admob',
        title: 'Ad',
        entriesReward: 1,
        isRepeatable: true,
        adDuration: 30,
      })
      .returning();
    const day = 86_400_000;
    const rows = [];
    for (let d = 4; d >= 1; d--)
      for (let i = 0; i < ADS_PER_DAY; i++)
        rows.push({
          taskId: video!.id,
          userId: user._id,
          entriesAwarded: 1,
          completedAt: new Date(t.clock.now().getTime() - d * day + i * 60_000),
        });
    for (let i = 0; i < ADS_PER_DAY - 1; i++)
      rows.push({
        taskId: video!.id,
        userId: user._id,
        entriesAwarded: 1,
        completedAt: new Date(t.clock.now().getTime() - 2 * 3_600_000 + i * 60_000),
      });
    await t.db.insert(taskCompletions).values(rows);
    const started = await inject(t, tasksApi.start, { params: { id: video!.id }, headers });
    t.clock.advance(31_000);
    const done = await inject(t, tasksApi.complete, {
      params: { id: video!.id },
      headers,
      body: { ticket: started.data().ticket },
    });
    expect(done.statusCode).toBe(200);

    const [risk] = await t.db.select().from(memberRisk).where(eq(memberRisk.userId, user._id));
    expect(risk!.signals).toEqual([
      {
        code: 'disposable_email',
        detail: 'Signed up with a throwaway address at mailinator.com',
        accounts: [],
      },
      {
        code: 'fast_cashout',
        detail: `Asked to withdraw ${WITHDRAWAL_ACCOUNT_DAYS} days and 5 hours after signing up`,
        accounts: [],
      },
      {
        code: 'at_caps',
        detail: `At the daily cap of ${ADS_PER_DAY} ads for 5 days in a row from 2026-11-23`,
        accounts: [],
      },
    ]);
    expect(risk!.score).toBe(15 + 15 + 10);

    const pay = (body: object = {}) =>
      inject(t, cashApi.markPaid, {
        params: { id: withdrawal._id },
        headers: admin,
        body: { reference: 'PP-1', ...body },
      });
    const list = (await inject(t, cashApi.adminWithdrawals, { headers: admin })).data();
    expect(list.withdrawals[0]!.risk.score).toBe(40);
    // Hours have passed since the owner's code: marking paid asks for a fresh one.
    expect((await pay()).json().code).toBe('reauth_required');
    await confirmRecently(t, admin, owner.id);
    const refused = await pay();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'signals_unacknowledged', risk: { score: 40 } });
    expect((await pay({ acknowledgeSignals: 'yes' })).statusCode).toBe(400);
    // Paying a member with fraud signals always waits for a second member of staff (DESIGN §16).
    const waiting = await pay({ acknowledgeSignals: true });
    expect(waiting.statusCode).toBe(202);
    const second = await authHeader(t.db, (await createUser(t.db, { role: 'finance' })).id, {
      at: t.clock.now(),
    });
    const paid = await inject(t, approvalsApi.approve, {
      params: { id: waiting.json().approval._id },
      headers: second,
    });
    expect(paid.statusCode).toBe(200);
    const audit = (
      await inject(t, auditApi.list, { query: { action: 'withdrawal.paid' }, headers: admin })
    ).data();
    expect(audit.events[0]!.summary).toBe(
      'Marked a £5.00 withdrawal paid, reference PP-1, acknowledging disposable_email, fast_cashout, at_caps',
    );
  });

  it('pages Review with a cursor and refuses a forged one', async () => {
    const t = await buildTestApp();
    const admin = await adminOf(t);
    for (let i = 0; i < 52; i++) {
      const member = await createUser(t.db);
      const signals = [{ code: 'disposable_email' as const, detail: 'x', accounts: [] }];
      await t.db
        .insert(memberRisk)
        .values({ userId: member.id, score: 10 + (i % 7), signals, updatedAt: t.clock.now() });
    }
    const first = await review(t, admin);
    expect(first.members).toHaveLength(50);
    const scores = first.members.map((m) => m.risk.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const second = await review(t, admin, first.nextCursor!);
    expect(second.members).toHaveLength(2);
    expect(new Set([...first.members, ...second.members].map((m) => m._id)).size).toBe(52);
    const forged = Buffer.from(JSON.stringify([10, 'not-an-id'])).toString('base64url');
    expect((await inject(t, riskApi.review, { query: { cursor: forged }, headers: admin })).statusCode).toBe(
      400,
    );
  });
});
