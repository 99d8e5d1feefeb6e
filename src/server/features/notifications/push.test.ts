import { afterEach, describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { sendOn } from '../../../../tests/helpers/notifications';
import { browserKeys, decryptPush, pushService, verifyVapid } from '../../../../tests/support/push-service';
import { notificationsApi } from '../../../contract/notifications-api';
import { loadConfig } from '../../config';
import { pushSubscriptions } from '../../db/schema';
import { notices } from './notices';
import { notify } from './notify';
import { deliverDuePush, pushServiceAllowed } from './push';
import { siteKeys } from './site-keys';

const services: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
});

/** The local push service is on 127.0.0.1, which the site sends to only when it is listed with its port. */
async function setUp(opts: { listed?: boolean } = {}) {
  const service = await pushService();
  services.push(service);
  const local = new URL(service.origin).host;
  const t = await buildTestApp({ env: opts.listed === false ? {} : { PUSH_SERVICE_HOSTS: local } });
  const member = await createUser(t.db);
  const headers = await authHeader(t.db, member.id);
  const browser = browserKeys();
  const subscribe = (body: object, h: Record<string, string> = headers) =>
    inject(t, notificationsApi.subscribePush, { headers: h, body: body as never });
  const endpoint = `${service.origin}/push/device-1`;
  const deliver = () =>
    deliverDuePush({
      db: t.db,
      hosts: t.config.pushServiceHosts,
      keys: siteKeys(t.db, t.config),
      subject: t.config.vapid.subject,
      now: () => t.clock.now(),
      agent: service.agent,
    });
  return { t, service, member, headers, browser, subscribe, endpoint, deliver };
}

const prize = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'PlayStation 5',
  type: 'physical' as const,
};
const tell = (t: TestApp, userId: string, notice: ReturnType<typeof notices.win>) =>
  notify(t.db, userId, notice, t.clock.now());

describe('web push', () => {
  it('sends a win to the browser, encrypted for it and signed with the site’s VAPID key', async () => {
    const { t, service, member, browser, subscribe, endpoint, deliver } = await setUp();
    const key = (await inject(t, notificationsApi.pushKey)).data().publicKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // Made once and kept: the same key however many times, and from another instance.
    expect((await inject(t, notificationsApi.pushKey)).data().publicKey).toBe(key);
    expect((await siteKeys(t.db, t.config).vapid()).publicKey).toBe(key);

    expect((await subscribe({ endpoint, keys: browser.keys })).statusCode).toBe(201);
    await tell(t, member.id, notices.win(prize));
    expect((await sendOn(t)).pushed).toBe(1);
    expect(await deliver()).toEqual({ sent: 1, failed: 0, gone: 0 });
    expect(await deliver()).toEqual({ sent: 0, failed: 0, gone: 0 });

    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push!.path).toBe('/push/device-1');
    expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high' });
    const { claims } = await verifyVapid(push!.headers.authorization as string, key);
    expect(claims).toMatchObject({ aud: service.origin, sub: 'mailto:no-reply@localhost' });
    expect(JSON.parse(decryptPush(push!.body, browser))).toEqual({
      title: 'You won PlayStation 5!',
      body: 'Confirm where to send it within 7 days to claim it. If we do not hear from you, the prize passes to the next person in the draw.',
      url: '/wins',
      tag: expect.stringMatching(/^notification-\d+$/),
    });
  });

  it('tries again later when the push service fails, and forgets a subscription it says is gone', async () => {
    const { t, service, member, browser, subscribe, endpoint, deliver } = await setUp();
    await subscribe({ endpoint, keys: browser.keys });
    await tell(t, member.id, notices.win(prize));
    await sendOn(t);
    service.answers.push(503);
    expect(await deliver()).toEqual({ sent: 0, failed: 1, gone: 0 });
    // Not due again until its wait has passed; then it arrives once.
    expect(await deliver()).toEqual({ sent: 0, failed: 0, gone: 0 });
    t.clock.advance(60_000);
    expect(await deliver()).toEqual({ sent: 1, failed: 0, gone: 0 });
    expect(service.received).toHaveLength(2);

    service.answers.push(410);
    await tell(t, member.id, notices.withdrawalPaid({ id: 'w-1', amountPence: 500, method: 'paypal' }));
    await sendOn(t);
    expect(await deliver()).toEqual({ sent: 0, failed: 0, gone: 1 });
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('pushes only what the member chose, and stops when the browser unsubscribes; refusing bad subscriptions', async () => {
    const { t, member, headers, browser, subscribe, endpoint } = await setUp();
    await subscribe({ endpoint, keys: browser.keys });
    await inject(t, notificationsApi.updatePreferences, { headers, body: { push: { credits: false } } });
    await tell(t, member.id, notices.offerCredited('tx-1', 40));
    await tell(t, member.id, notices.drawResult(prize));
    expect((await sendOn(t)).pushed).toBe(1);

    const unsubscribe = (body: object) =>
      inject(t, notificationsApi.unsubscribePush, { headers, body: body as never });
    expect((await unsubscribe({ endpoint })).statusCode).toBe(200);
    await tell(t, member.id, notices.win(prize));
    expect((await sendOn(t)).pushed).toBe(0);

    const good = { endpoint, keys: browser.keys };
    for (const bad of [
      { ...good, endpoint: 'http://push.example.com/1' },
      { ...good, endpoint: 'not a url' },
      { endpoint },
      { ...good, keys: { ...browser.keys, p256dh: 'short' } },
      { ...good, keys: { ...browser.keys, auth: `${browser.keys.auth}AAAA` } },
      { ...good, extra: true },
    ])
      expect((await subscribe(bad)).statusCode).toBe(400);
    expect((await subscribe(good, {})).statusCode).toBe(401);
    expect((await unsubscribe({ endpoint: 'nope' })).statusCode).toBe(400);
  });

  it('sends only to the push services named in PUSH_SERVICE_HOSTS, to at most 10 browsers a member', async () => {
    // By default, only the browsers' own push services: nothing inside our network, nothing else.
    const { t, service, member, browser, subscribe, endpoint, deliver } = await setUp({ listed: false });
    for (const inside of [
      endpoint,
      'https://10.0.0.1/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push/x',
      'https://localhost/push/x',
      'https://fcm.googleapis.com.evil.example/push/x',
      'https://evilfcm.googleapis.com/push/x',
      // A listed host on a port of the sender's choosing.
      'https://fcm.googleapis.com:22/push/x',
    ]) {
      const res = await subscribe({ endpoint: inside, keys: browser.keys });
      expect([inside, res.statusCode, res.json().code]).toEqual([inside, 400, 'push_service_not_allowed']);
    }
    const fcm = (n: number) => `https://fcm.googleapis.com/fcm/send/device-${n}`;
    for (let n = 1; n <= 10; n++)
      expect((await subscribe({ endpoint: fcm(n), keys: browser.keys })).statusCode).toBe(201);
    const eleventh = await subscribe({ endpoint: fcm(11), keys: browser.keys });
    expect([eleventh.statusCode, eleventh.json().code]).toEqual([429, 'too_many_devices']);
    // A browser already on the list can subscribe again (its keys change).
    expect((await subscribe({ endpoint: fcm(3), keys: browser.keys })).statusCode).toBe(201);

    // A subscription saved before the list changed is dropped, never called.
    await t.db.delete(pushSubscriptions);
    await t.db.insert(pushSubscriptions).values({ userId: member.id, endpoint, ...browser.keys });
    await tell(t, member.id, notices.win(prize));
    await sendOn(t);
    expect(await deliver()).toEqual({ sent: 0, failed: 0, gone: 1 });
    expect(service.received).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('takes a test push service listed as host:port, on that port of that host alone', () => {
    const { pushServiceHosts } = loadConfig({
      PUSH_SERVICE_HOSTS: 'Push.Test.localhost:8443, fcm.googleapis.com',
    });
    const allowed = (endpoint: string) => pushServiceAllowed(endpoint, pushServiceHosts);
    expect(allowed('https://push.test.localhost:8443/push/x')).toBe(true);
    expect(allowed('https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    for (const elsewhere of [
      'https://push.test.localhost:8444/push/x',
      'https://push.test.localhost/push/x',
      'https://sub.push.test.localhost:8443/push/x',
      'http://push.test.localhost:8443/push/x',
      'https://fcm.googleapis.com:8443/push/x',
    ])
      expect([elsewhere, allowed(elsewhere)]).toEqual([elsewhere, false]);
  });

  it('uses the configured key pair when one is set', async () => {
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    const t = await buildTestApp({ env: pair });
    expect((await inject(t, notificationsApi.pushKey)).data()).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
    });
  });
});
