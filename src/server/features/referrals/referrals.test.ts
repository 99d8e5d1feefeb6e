import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { linkTokenFor } from '../../../../tests/helpers/mail';
import { OFFER_SECRET, postback, signedPostback } from '../../../../tests/helpers/offers';
import { authApi } from '../../../contract/auth';
import { gamificationApi } from '../../../contract/gamification';
import { type REFERRAL_HOLD_STATUSES, referralHoldsApi } from '../../../contract/referral-holds';
import { tasksApi } from '../../../contract/tasks';
import { clearReads } from '../../context';
import { auditLog, ledgerEntries, tasks, users } from '../../db/schema';

const DAY = 86_400_000;

async function setUp(t: TestApp) {
  const [follow, video] = await t.db
    .insert(tasks)
    .values([
      {
        type: 'twitter_follow',
        platform: 'twitter',
        title: 'Follow',
        entriesReward: 5,
        accountToFollow: '@x',
      },
      {
        type: 'watch_video_ad',
        platform: 'admob',
        title: 'Watch',
        entriesReward: 2,
        isRepeatable: true,
        adDuration: 5,
      },
    ])
    .returning();
  const referrer = (
    await inject(t, authApi.register, {
      body: registration(),
      remoteAddress: '192.0.2.1',
      headers: { 'x-device-id': REFERRER_DEVICE },
    })
  ).json();
  const balance = async () =>
    (await inject(t, authApi.me, { headers: { authorization: `Bearer ${referrer.token}` } })).json().user
      .availableEntries as number;
  return { follow: follow!, video: video!, referrer, balance };
}

const REFERRER_DEVICE = 'f'.repeat(32);
let household = 0;

/** A friend signing up with the code, from an address of their own unless told otherwise. */
async function invite(
  t: TestApp,
  referralCode: string,
  from: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const body = registration({ referralCode });
  const res = (
    await inject(t, authApi.register, {
      body,
      remoteAddress: from.remoteAddress ?? `10.${(household >> 8) & 255}.${household++ & 255}.1`,
      headers: from.headers,
    })
  ).json();
  return {
    email: body.email as string,
    id: res.user._id as string,
    auth: { authorization: `Bearer ${res.token}` },
  };
}

const verify = async (t: TestApp, email: string) =>
  inject(t, authApi.verifyEmail, { body: { token: await linkTokenFor(t.db, email, '/verify-email') } });

async function watch(t: TestApp, videoId: string, auth: Record<string, string>) {
  const start = await inject(t, tasksApi.start, { params: { id: videoId }, headers: auth });
  t.clock.advance(5_000);
  return inject(t, tasksApi.complete, {
    params: { id: videoId },
    headers: auth,
    body: { ticket: start.data().ticket },
  });
}

// 60 to start (welcome and first sign-in); a referral pays 25, and the first one unlocks referral_1 (+100).
const FIRST_REFERRAL = 60 + 25 + 100;

describe('referral credit', () => {
  it('waits for a verified address and a watched ad, then pays once', async () => {
    const t = await buildTestApp();
    const { follow, video, referrer, balance } = await setUp(t);
    const friend = await invite(t, referrer.user.referralCode);

    await inject(t, tasksApi.complete, { params: { id: follow.id }, headers: friend.auth, body: undefined });
    expect(await balance()).toBe(60);
    expect((await watch(t, video.id, friend.auth)).statusCode).toBe(200);
    expect(await balance()).toBe(60);
    expect((await verify(t, friend.email)).statusCode).toBe(200);
    expect(await balance()).toBe(FIRST_REFERRAL);
    await watch(t, video.id, friend.auth);
    expect(await balance()).toBe(FIRST_REFERRAL);
  });

  it('pays a member of staff nothing: staff never play, so their invitations pay nobody', async () => {
    const t = await buildTestApp();
    const { video, referrer, balance } = await setUp(t);
    await t.db.update(users).set({ staffRole: 'support' }).where(eq(users.id, referrer.user._id));
    clearReads(t.ctx);
    const friend = await invite(t, referrer.user.referralCode);
    expect((await verify(t, friend.email)).statusCode).toBe(200);
    expect((await watch(t, video.id, friend.auth)).statusCode).toBe(200);
    expect(await balance()).toBe(60);
    const paid = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, 'referral'));
    expect(paid).toEqual([]);
  });

  it('counts a credited offer as real use', async () => {
    const t = await buildTestApp({ env: { OFFERWALL_SECRET: OFFER_SECRET } });
    const { referrer, balance } = await setUp(t);
    const friend = await invite(t, referrer.user.referralCode);
    await verify(t, friend.email);
    expect(await balance()).toBe(60);
    await postback(
      t,
      signedPostback({ user_id: friend.id, transaction_id: 'tx-r1', amount: '40', status: '1' }),
    );
    expect(await balance()).toBe(FIRST_REFERRAL);
  });

  it('counts a 7-day streak as real use', async () => {
    const t = await buildTestApp();
    const { referrer, balance } = await setUp(t);
    const friend = await invite(t, referrer.user.referralCode);
    await verify(t, friend.email);
    for (let day = 1; day <= 7; day++) {
      await inject(t, gamificationApi.updateStreak, { headers: friend.auth });
      expect(await balance(), `day ${day}`).toBe(day < 7 ? 60 : FIRST_REFERRAL);
      t.clock.advance(DAY);
    }
  });

  it(`pays a referrer for at most 10 friends a UK day, and the rest on a later day`, async () => {
    const t = await buildTestApp();
    const { video, referrer } = await setUp(t);
    const friends = [];
    for (let i = 0; i < 11; i++) {
      const friend = await invite(t, referrer.user.referralCode);
      await verify(t, friend.email);
      friends.push(friend);
    }
    await Promise.all(friends.map((f) => watch(t, video.id, f.auth)));
    const credits = async () =>
      (await t.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.reason, 'referral')))[0]!
        .n;
    expect(await credits()).toBe(10);
    t.clock.advance(DAY);
    await Promise.all(friends.map((f) => watch(t, video.id, f.auth)));
    expect(await credits()).toBe(11);
  });

  it('holds a referral made on the referrer’s own address or device until staff pay or refuse it', async () => {
    const t = await buildTestApp();
    const { video, referrer, balance } = await setUp(t);
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    // Two "friends" signing up where the referrer does: on the referrer's address, and on their device.
    const sameAddress = await invite(t, referrer.user.referralCode, { remoteAddress: '192.0.2.1' });
    const sameDevice = await invite(t, referrer.user.referralCode, {
      remoteAddress: '198.51.100.9',
      headers: { 'x-device-id': REFERRER_DEVICE },
    });
    for (const friend of [sameAddress, sameDevice]) {
      await verify(t, friend.email);
      expect((await watch(t, video.id, friend.auth)).statusCode).toBe(200);
      await watch(t, video.id, friend.auth);
    }
    expect(await balance()).toBe(60);

    const holds = async (status: (typeof REFERRAL_HOLD_STATUSES)[number] = 'held') =>
      (await inject(t, referralHoldsApi.list, { query: { status }, headers: admin })).data().holds;
    const held = await holds();
    expect(held.map((h) => [h.friend._id, h.shared])).toEqual([
      [sameDevice.id, 'a device'],
      [sameAddress.id, 'the address 192.0.2.1'],
    ]);
    const pay = (friendId: string, headers = admin) =>
      inject(t, referralHoldsApi.pay, { params: { friendId }, headers });
    const refuse = (friendId: string, reason: string) =>
      inject(t, referralHoldsApi.refuse, { params: { friendId }, headers: admin, body: { reason } });
    const paid = await pay(sameAddress.id);
    expect([paid.statusCode, paid.data().hold.status]).toEqual([200, 'paid']);
    expect(await balance()).toBe(FIRST_REFERRAL);
    expect((await pay(sameAddress.id)).statusCode).toBe(409);
    expect((await refuse(sameDevice.id, 'x')).statusCode).toBe(400);
    expect((await refuse(sameDevice.id, 'Same phone as the referrer')).statusCode).toBe(200);
    // A refused referral stays unpaid whatever the friend does next, and a member cannot decide.
    await watch(t, video.id, sameDevice.auth);
    expect(await balance()).toBe(FIRST_REFERRAL);
    expect((await pay(sameDevice.id, sameDevice.auth)).statusCode).toBe(403);
    expect(await holds()).toEqual([]);
    expect((await holds('refused'))[0]).toMatchObject({ note: 'Same phone as the referrer' });
    const actions = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(['referral.pay', 'referral.refuse']);
  });

  it('pays nobody a held referral of their own, nor one whose referrer has since become staff', async () => {
    const t = await buildTestApp();
    const { video, referrer } = await setUp(t);
    const friend = await invite(t, referrer.user.referralCode, { remoteAddress: '192.0.2.1' });
    await verify(t, friend.email);
    await watch(t, video.id, friend.auth);
    await watch(t, video.id, friend.auth);
    await t.db.update(users).set({ staffRole: 'finance' }).where(eq(users.id, referrer.user._id));
    const asReferrer = await authHeader(t.db, referrer.user._id, { at: t.clock.now() });
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id, {
      at: t.clock.now(),
    });
    const pay = (headers: Record<string, string>) =>
      inject(t, referralHoldsApi.pay, { params: { friendId: friend.id }, headers });
    expect((await pay(asReferrer)).json().code).toBe('own_account');
    expect((await pay(admin)).json().code).toBe('staff_cannot_play');
    const [row] = await t.db.select().from(users).where(eq(users.id, referrer.user._id));
    expect(row!.availableEntries).toBe(60);
  });
});
