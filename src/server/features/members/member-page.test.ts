import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { csvLines } from '../../../../tests/helpers/csv';
import { inject } from '../../../../tests/helpers/inject';
import { lastMailTo } from '../../../../tests/helpers/mail';
import { authApi } from '../../../contract/auth';
import { membersApi } from '../../../contract/members-api';
import { prizesApi } from '../../../contract/prizes-api';
import { auditLog, ledgerEntries, tasks, users } from '../../db/schema';
import { credit } from '../../lib/ledger';
import { type Headers, ledgerOf, withAdmin } from './test-setup';

const detailOf = (t: TestApp, id: string, headers: Headers) =>
  inject(t, membersApi.detail, { params: { id }, headers });

describe("a member's page and ledger", () => {
  it('shows balances, sessions with their address and device, referrals, entries, and the ledger newest first in pages', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    const body = registration();
    const signUp = await inject(t, authApi.register, {
      body,
      headers: {
        'x-device-id': 'a'.repeat(32),
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      },
      remoteAddress: '203.0.113.9',
    });
    const member = signUp.json().user;
    const friend = await inject(t, authApi.register, {
      body: registration({ referralCode: member.referralCode }),
    });
    const [task] = await t.db
      .insert(tasks)
      .values({ type: 'twitter_follow', platform: 'twitter', title: 'Follow us on X', entriesReward: 1 })
      .returning();
    for (let i = 0; i < 55; i++) {
      t.clock.advance(1000);
      await credit(t.db, {
        userId: member._id,
        amount: i + 1,
        reason: 'task',
        reference: task!.id,
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
    expect(ledger.entries.find((r) => r.reason === 'task')).toMatchObject({ task: 'Follow us on X' });
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
    expect(all.at(-1)).toMatchObject({ amount: 10, reason: 'welcome_bonus', balance: 10 });
    // Each row with the balance just after it, across the pages: it adds up to the balance now.
    const [now] = await t.db.select().from(users).where(eq(users.id, member._id));
    expect(all[0]!.balance).toBe(now!.availableEntries);
    for (let i = 0; i < all.length - 1; i++)
      expect(all[i + 1]!.balance, `row ${i + 1}`).toBe(all[i]!.balance - all[i]!.amount);
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
    const [head, row, end] = csvLines(res);
    expect(head).toBe('id,at,account,amount,reason,reference');
    expect(row).toMatch(
      /^\d+,2026-11-20T12:00:00.000Z,cash,2.5,admin_adjustment,"'=HYPERLINK\(""http:\/\/evil.example"",""click""\)"$/,
    );
    expect(end).toBe('');
  });

  it('sends a member a new verification link on staff’s request, in the audit chain, and not to a verified one', async () => {
    const t = await buildTestApp();
    const support = await createUser(t.db, { role: 'support' });
    const headers = await authHeader(t.db, support.id);
    const unverified = await createUser(t.db, { verified: false });
    const resend = (id: string, as = headers) =>
      inject(t, membersApi.resendVerification, { params: { id }, headers: as });
    const sent = await resend(unverified.id);
    expect(sent.data()).toEqual({ message: `We have sent a new verification link to ${unverified.email}` });
    expect((await lastMailTo(t.db, unverified.email))?.text).toMatch(
      /\/verify-email#token=[A-Za-z0-9_-]{43}/,
    );
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.resend_verification'));
    expect(audit).toMatchObject({ actorId: support.id, targetId: unverified.id });

    const verified = await createUser(t.db);
    expect((await resend(verified.id)).json().code).toBe('already_verified');
    expect((await resend('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const member = await authHeader(t.db, verified.id);
    expect((await resend(unverified.id, member)).statusCode).toBe(403);
  });

  it('keeps staff’s internal notes on a member, newest first with who wrote each, which the member never sees', async () => {
    const t = await buildTestApp();
    const support = await createUser(t.db, { role: 'support', username: 'Sue Support' });
    const headers = await authHeader(t.db, support.id);
    const member = await createUser(t.db);
    const note = (body: unknown, as = headers, id = member.id) =>
      inject(t, membersApi.addNote, { params: { id }, headers: as, body: { body } as never });
    const first = await note('Called about a missing prize; sent tracking');
    expect(first.statusCode).toBe(201);
    expect(first.json().note).toEqual({
      _id: expect.any(String),
      body: 'Called about a missing prize; sent tracking',
      author: { _id: support.id, username: 'Sue Support' },
      createdAt: t.clock.now().toISOString(),
    });
    t.clock.advance(60_000);
    await note('Asked again a week later');
    const { notes } = (await detailOf(t, member.id, headers)).data();
    expect(notes.total).toBe(2);
    expect(notes.rows.map((n) => n.body)).toEqual([
      'Asked again a week later',
      'Called about a missing prize; sent tracking',
    ]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.note'));
    expect(audit).toMatchObject({ actorId: support.id, targetId: member.id });

    expect((await note('   ')).json().error).toBe('The note is required');
    expect((await note('x'.repeat(2001))).statusCode).toBe(400);
    expect((await note('Hello', headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const self = await authHeader(t.db, member.id);
    expect((await note('I am fine', self)).statusCode).toBe(403);
    expect(
      JSON.stringify(
        (await inject(t, membersApi.detail, { params: { id: member.id }, headers: self })).json(),
      ),
    ).not.toContain('missing prize');
  });
});
