import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createMemberWithCash, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { lastMailTo } from '../../../../tests/helpers/mail';
import { sendOn } from '../../../../tests/helpers/notifications';
import { authApi } from '../../../contract/auth';
import { cashApi } from '../../../contract/cash';
import { contactApi } from '../../../contract/contact';
import { membersApi } from '../../../contract/members-api';
import { notificationsApi } from '../../../contract/notifications-api';
import type { StaffRole } from '../../../contract/staff';
import { mailOutbox, notifications } from '../../db/schema';
import { sendStaffDigest } from './staff-digest';
import { listOf } from './test-setup';

async function team(t: TestApp) {
  const one = async (role: StaffRole) => {
    const user = await createUser(t.db, {
      role,
      username: `${role[0]!.toUpperCase()}${role.slice(1)} Staff`,
    });
    return { ...user, headers: await authHeader(t.db, user.id, { at: t.clock.now() }) };
  };
  return {
    owner: await one('owner'),
    admin: await one('admin'),
    finance: await one('finance'),
    support: await one('support'),
  };
}

type Staff = Awaited<ReturnType<typeof team>>;
const bell = async (t: TestApp, staff: Staff) =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(staff).map(async ([role, s]) => [
        role,
        (await listOf(t, s.headers)).notifications.map((n: { type: string; title: string }) => n.title),
      ]),
    ),
  );

describe('staff are told', () => {
  it('of a complaint, a withdrawal and an approval, each only those who can act on it, never the asker', async () => {
    const t = await buildTestApp();
    const staff = await team(t);
    const sent = await inject(t, contactApi.send, {
      body: {
        name: 'Ann Smith',
        email: 'ann@example.com',
        subject: 'My prize has not come',
        message: 'Hello',
      },
    });
    expect(sent.statusCode).toBe(201);
    const saver = await createMemberWithCash(t.db, t.clock.now(), 3000, { username: 'Sam Saver' });
    const asked = await inject(t, cashApi.requestWithdrawal, {
      headers: saver.headers,
      body: { method: 'paypal', amount: 5, paypalEmail: 'sam@example.com' },
    });
    expect(asked.statusCode).toBe(201);
    const correction = await inject(t, membersApi.adjust, {
      params: { id: saver.user.id },
      headers: staff.finance.headers,
      body: { account: 'cash', amount: 25, reason: 'Prize owed from a bug' },
    });
    expect(correction.statusCode).toBe(202);

    const complaint = 'New message from Ann Smith';
    const withdrawal = 'Sam Saver asked to withdraw £5.00';
    const approval = 'Finance Staff asks you to approve: balance correction';
    expect(await bell(t, staff)).toEqual({
      owner: [approval, withdrawal, complaint],
      admin: [],
      finance: [withdrawal],
      support: [complaint],
    });
    const [notice] = (await listOf(t, staff.owner.headers)).notifications;
    expect(notice).toMatchObject({
      type: 'staff_approval',
      body: 'Sam Saver: +£25.00 cash, balance £25.00 → £50.00 (Prize owed from a bug)',
      link: '/admin?tab=approvals',
    });
    // Members hear nothing of it.
    expect((await listOf(t, saver.headers)).notifications).toEqual([]);
  });

  it('when a member’s risk reaches the alert score, once each time it does', async () => {
    const t = await buildTestApp();
    const staff = await team(t);
    const join = (email?: string) =>
      inject(t, authApi.register, {
        body: registration(email ? { email } : {}),
        remoteAddress: '198.51.100.88',
      });
    expect((await join()).statusCode).toBe(201);
    // A shared address is 20: under the line.
    expect(await bell(t, staff)).toEqual({ owner: [], admin: [], finance: [], support: [] });
    // A throwaway address on it too makes 35.
    const quick = (await join('quick@mailinator.com')).json().user;
    const told = `${quick.username} reached risk 35`;
    expect(await bell(t, staff)).toEqual({ owner: [told], admin: [told], finance: [told], support: [told] });
    // Signing up a third on the address moves nobody across the line again.
    expect((await join()).statusCode).toBe(201);
    expect((await bell(t, staff)).owner).toEqual([told]);
  });

  it('by the bell at once, and by one letter a day of what they have not read, never one email each', async () => {
    const t = await buildTestApp();
    const staff = await team(t);
    for (const subject of ['First question', 'Second question'])
      await inject(t, contactApi.send, {
        body: { name: 'Ann Smith', email: 'ann@example.com', subject, message: 'Hello' },
      });
    await sendOn(t);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);

    // Support read theirs in the bell: no letter for them.
    await inject(t, notificationsApi.markRead, { headers: staff.support.headers, body: { all: true } });
    expect(await sendStaffDigest(t.db, t.config.siteUrl)).toEqual({ sent: 1 });
    const letter = await lastMailTo(t.db, staff.owner.email);
    expect(letter!.subject).toBe('PrizeDraw: 2 things waiting for staff');
    expect(letter!.text).toContain(
      `- New message from Ann Smith: First question (${t.config.siteUrl}/admin?tab=messages)`,
    );
    expect(await lastMailTo(t.db, staff.support.email)).toBeUndefined();
    expect(await lastMailTo(t.db, staff.admin.email)).toBeUndefined();
    expect(await lastMailTo(t.db, staff.finance.email)).toBeUndefined();
    // The same day again: nothing new, nothing sent.
    expect(await sendStaffDigest(t.db, t.config.siteUrl)).toEqual({ sent: 0 });
    const listed = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.owner.id), eq(notifications.type, 'staff_complaint')));
    expect(listed.every((n) => n.mailId === letter!.id)).toBe(true);
  });
});
