import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { lastMailTo, linkTokenFor } from '../../../../tests/helpers/mail';
import { passwordHashes } from '../../../../tests/helpers/password-hashes';
import { confirmRecently } from '../../../../tests/helpers/two-factor';
import { auditApi } from '../../../contract/audit';
import { authApi } from '../../../contract/auth';
import { cashApi } from '../../../contract/cash';
import { DAY_MS, MINUTE_MS } from '../../../contract/constants';
import type { StaffRole } from '../../../contract/staff';
import { staffApi } from '../../../contract/staff-api';
import { invitationsApi, STAFF_INVITATION_DAYS } from '../../../contract/staff-invitations';
import { PAGES } from '../../../shared/pages';
import { INVITATIONS_KEPT_DAYS } from '../../db/personal-data';
import { staffInvitations, users } from '../../db/schema';
import { runCleanup } from '../../jobs/cleanup';

// DESIGN §16: an unknown address is invited, and the account is made when the invitation is accepted.

const PAGE = PAGES.staffInvitation.path;

async function withOwner(t: TestApp) {
  const owner = await createUser(t.db, { role: 'owner', username: 'Olive Owner' });
  return { id: owner.id, headers: await authHeader(t.db, owner.id) };
}

async function invite(
  t: TestApp,
  headers: Record<string, string>,
  email: string,
  role: StaffRole = 'support',
) {
  const res = await inject(t, staffApi.add, { headers, body: { email, role } });
  expect(res.statusCode, res.body).toBe(202);
  const { invitation } = res.json();
  return { invitation, token: await linkTokenFor(t.db, invitation.email, PAGE) };
}

const accept = (t: TestApp, token: string, overrides: object = {}) =>
  inject(t, invitationsApi.accept, {
    body: {
      token,
      username: 'Nia New',
      password: 'a long password',
      acceptTerms: true,
      ...overrides,
    } as never,
  });
const open = (t: TestApp, token: string) => inject(t, invitationsApi.open, { body: { token } });
const accountsWith = (t: TestApp, email: string) => t.db.select().from(users).where(eq(users.email, email));
const listed = async (t: TestApp, headers: Record<string, string>) =>
  (await inject(t, invitationsApi.list, { headers })).data().invitations;

describe('inviting someone to the staff', () => {
  it('sends an unknown address an invitation (202), accepted once: the account is made with the role, verified, and signed in', async () => {
    const t = await buildTestApp();
    const owner = await withOwner(t);
    const { invitation, token } = await invite(t, owner.headers, ' Nia.New@Example.com ', 'finance');
    expect(invitation).toEqual({
      _id: expect.any(String),
      email: 'nia.new@example.com',
      role: 'finance',
      invitedBy: { _id: owner.id, username: 'Olive Owner' },
      createdAt: t.clock.now().toISOString(),
      expiresAt: new Date(t.clock.now().getTime() + STAFF_INVITATION_DAYS * DAY_MS).toISOString(),
      expired: false,
    });
    const mail = await lastMailTo(t.db, 'nia.new@example.com');
    expect(mail!.subject).toBe('You are invited to join the PrizeDraw staff');
    expect(mail!.text).toContain('Olive Owner has invited you to join the staff of PrizeDraw as finance.');
    expect(await listed(t, owner.headers)).toEqual([invitation]);
    expect(await accountsWith(t, 'nia.new@example.com')).toEqual([]);

    expect((await open(t, token)).data()).toEqual({
      invitation: { email: 'nia.new@example.com', role: 'finance', expiresAt: invitation.expiresAt },
    });
    // Every part is checked as sign-up checks it, and a refusal spends nothing.
    for (const bad of [{ acceptTerms: false }, { password: 'short' }, { username: '' }]) {
      expect((await accept(t, token, bad)).statusCode).toBe(400);
    }
    const accepted = await accept(t, token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.data().user).toMatchObject({
      username: 'Nia New',
      email: 'nia.new@example.com',
      role: 'finance',
      emailVerified: true,
      availableEntries: 0,
    });
    // Signed in, and like any staff, asked to set up a second factor before the console opens.
    const headers = { authorization: `Bearer ${accepted.data().token}` };
    expect((await inject(t, cashApi.adminWithdrawals, { headers })).json().code).toBe('two_factor_required');
    const login = await inject(t, authApi.login, {
      body: { email: 'nia.new@example.com', password: 'a long password' },
    });
    expect(login.statusCode).toBe(200);

    // Used once: the same link makes nothing more.
    for (const again of [await accept(t, token, { username: 'Mallory' }), await open(t, token)]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        error: 'This invitation has been accepted already: sign in instead',
        code: 'link_used',
      });
    }
    expect(await accountsWith(t, 'nia.new@example.com')).toHaveLength(1);
    expect(await listed(t, owner.headers)).toEqual([]);
    const audit = (await inject(t, auditApi.list, { headers: owner.headers, query: {} })).data().events;
    expect(audit.map((e) => [e.action, e.summary])).toEqual([
      ['staff.invite_accept', 'Nia New accepted an invitation and is now finance'],
      ['staff.invite', 'Invited someone to join the staff as finance'],
    ]);
  });

  it('takes one acceptance of two sent at once', async () => {
    const t = await buildTestApp();
    const owner = await withOwner(t);
    const { token } = await invite(t, owner.headers, 'twice@example.com');
    const answers = await Promise.all([accept(t, token), accept(t, token, { username: 'Other' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(await accountsWith(t, 'twice@example.com')).toHaveLength(1);
  });

  it('makes nothing from a link expired, withdrawn or unknown; an expired one may be sent again, a live one not', async () => {
    const t = await buildTestApp();
    const owner = await withOwner(t);
    const late = await invite(t, owner.headers, 'late@example.com');
    const dropped = await invite(t, owner.headers, 'dropped@example.com');
    const twice = await inject(t, staffApi.add, {
      headers: owner.headers,
      body: { email: 'dropped@example.com', role: 'admin' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('already_invited');

    const withdrawn = await inject(t, invitationsApi.withdraw, {
      headers: owner.headers,
      params: { id: dropped.invitation._id },
    });
    expect(withdrawn.statusCode).toBe(200);
    for (const res of [await accept(t, dropped.token), await open(t, dropped.token)])
      expect(res.json()).toEqual({
        error: 'This invitation was withdrawn. Ask the owner who sent it for a new one.',
        code: 'invitation_withdrawn',
      });
    const again = await inject(t, invitationsApi.withdraw, {
      headers: owner.headers,
      params: { id: dropped.invitation._id },
    });
    expect(again.statusCode).toBe(404);

    t.clock.advance(STAFF_INVITATION_DAYS * DAY_MS + MINUTE_MS);
    expect((await listed(t, owner.headers)).map((i) => [i.email, i.expired])).toEqual([
      ['late@example.com', true],
    ]);
    for (const res of [await accept(t, late.token), await open(t, late.token)])
      expect(res.json()).toEqual({
        error: 'This invitation has expired. Ask the owner who sent it for a new one.',
        code: 'link_expired',
      });
    const unknown = await accept(t, 'A'.repeat(43));
    expect(unknown.json()).toEqual({ error: 'This invitation link is not valid', code: 'invalid_link' });
    expect((await accept(t, 'not-a-token')).statusCode).toBe(400);
    for (const email of ['late@example.com', 'dropped@example.com'])
      expect(await accountsWith(t, email)).toEqual([]);

    // The address may be asked again once its invitation is past its time (by an owner's fresh code).
    await confirmRecently(t, owner.headers, owner.id);
    const renewed = await invite(t, owner.headers, 'late@example.com');
    expect((await accept(t, renewed.token)).statusCode).toBe(201);
    const actions = (await inject(t, auditApi.list, { headers: owner.headers, query: {} }))
      .data()
      .events.map((e) => e.action);
    expect(actions.filter((a) => a === 'staff.invite_withdraw')).toHaveLength(1);

    // A month past their time, the daily clean-up takes the old ones, and their addresses, away.
    t.clock.advance(INVITATIONS_KEPT_DAYS * DAY_MS);
    expect(await runCleanup(t.db, t.clock)).toMatchObject({ staff_invitations: 2 });
    expect(await t.db.select({ email: staffInvitations.email }).from(staffInvitations)).toEqual([
      { email: 'late@example.com' },
    ]);
  });

  it('makes no second account for an address registered meanwhile: the owner grants that account instead', async () => {
    const t = await buildTestApp();
    const owner = await withOwner(t);
    const { invitation, token } = await invite(t, owner.headers, 'quick@example.com', 'admin');
    const body = registration({ email: 'quick@example.com' });
    expect((await inject(t, authApi.register, { body })).statusCode).toBe(201);

    for (const res of [await open(t, token), await accept(t, token)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('email_taken');
    }
    const [account] = await accountsWith(t, 'quick@example.com');
    expect(account).toMatchObject({ username: body.username, staffRole: null });
    // Anyone could have signed up with the address: it is made staff only once it is proved theirs.
    const grant = () =>
      inject(t, staffApi.add, {
        headers: owner.headers,
        body: { email: 'quick@example.com', role: 'admin' },
      });
    expect((await grant()).json()).toMatchObject({ code: 'email_unverified' });
    expect((await accountsWith(t, 'quick@example.com'))[0]!.staffRole).toBeNull();
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, account!.id));
    expect((await grant()).statusCode).toBe(200);
    // The invitation is left to withdraw; it can make nothing now.
    expect((await listed(t, owner.headers)).map((i) => i._id)).toEqual([invitation._id]);
    const withdrawn = await inject(t, invitationsApi.withdraw, {
      headers: owner.headers,
      params: { id: invitation._id },
    });
    expect(withdrawn.data().invitation).toMatchObject({ _id: invitation._id, email: 'quick@example.com' });
  });

  it('makes nothing once whoever sent it is no longer an owner, and hashes no password for a made-up link', async () => {
    const t = await buildTestApp();
    const owner = await withOwner(t);
    const { token } = await invite(t, owner.headers, 'late@example.com', 'owner');
    await t.db.update(users).set({ staffRole: 'support' }).where(eq(users.id, owner.id));
    const res = await accept(t, token);
    expect([res.statusCode, res.json().code]).toEqual([400, 'invitation_withdrawn']);
    expect(await accountsWith(t, 'late@example.com')).toEqual([]);

    const before = await passwordHashes();
    expect((await accept(t, 'x'.repeat(43))).json().code).toBe('invalid_link');
    expect(await passwordHashes()).toBe(before);
  });
});
