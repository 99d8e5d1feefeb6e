import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { openEvents } from '../../../../tests/support/event-stream';
import { authApi } from '../../../contract/auth';
import { urlOf } from '../../../contract/endpoint';
import { liveApi } from '../../../contract/live';
import { membersApi } from '../../../contract/members-api';
import { LIVE_STREAMS_PER_MEMBER } from '../../../contract/notifications';
import { notificationsApi } from '../../../contract/notifications-api';
import { credit } from '../../lib/ledger';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { LiveHub } from './hub';
import { EventStreams } from './streams';

const streams: Array<{ close(): void }> = [];
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

async function listening(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

async function open(url: string, headers: Record<string, string>) {
  const stream = await openEvents(url, headers);
  streams.push(stream);
  return stream;
}

describe('live events', () => {
  it('bring the page up to date at once, then each balance, notification and read as it commits, with heartbeats', async () => {
    const t = await buildTestApp({ eventsHeartbeatMs: 200 });
    const url = await listening(t);
    const member = await createUser(t.db, { entries: 10 });
    const headers = await authHeader(t.db, member.id);
    const stream = await open(url, headers);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    expect((await stream.next('balance')).data).toEqual({ availableEntries: 10, totalEntries: 10, cash: 0 });
    expect((await stream.next('unread')).data).toEqual({ unread: 0 });

    await credit(t.db, {
      userId: member.id,
      amount: 25,
      reason: 'task',
      idempotencyKey: 'k1',
      at: t.clock.now(),
    });
    expect((await stream.next('balance')).data).toEqual({ availableEntries: 35, totalEntries: 35, cash: 0 });
    await credit(t.db, {
      userId: member.id,
      amount: 150,
      account: 'cash',
      reason: 'wheel',
      idempotencyKey: 'k2',
      at: t.clock.now(),
    });
    expect((await stream.next('balance')).data).toEqual({
      availableEntries: 35,
      totalEntries: 35,
      cash: 1.5,
    });

    await notify(t.db, member.id, notices.offerCredited('tx-9', 25), t.clock.now());
    const { data } = await stream.next('notification');
    expect(data).toEqual({
      notification: {
        _id: expect.any(String),
        type: 'offer_credited',
        title: '+25 entries from an offer',
        body: 'An offer you completed has been credited: 25 entries added to your balance.',
        link: '/tasks',
        createdAt: t.clock.now().toISOString(),
        readAt: null,
      },
      unread: 1,
    });
    // Read on another device: this one hears the new count.
    await inject(t, notificationsApi.markRead, {
      headers: await authHeader(t.db, member.id),
      body: { all: true },
    });
    expect((await stream.next('unread')).data).toEqual({ unread: 0 });
    expect((await stream.next('comment', 2_000)).data).toBe('heartbeat');

    // Someone else's changes are not sent here.
    const other = await createUser(t.db);
    await credit(t.db, {
      userId: other.id,
      amount: 5,
      reason: 'task',
      idempotencyKey: 'k3',
      at: t.clock.now(),
    });
    await notify(t.db, other.id, notices.offerCredited('tx-10', 5), t.clock.now());
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.events.filter((e) => e.event === 'balance')).toHaveLength(3);

    // Signing out ends it at once.
    await inject(t, authApi.logout, { headers });
    await stream.next('session_end');
    await stream.ended;
  });

  it('end when an admin suspends the member, and refuse a visitor or an ended session', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const member = await createUser(t.db);
    const headers = await authHeader(t.db, member.id);
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const stream = await open(url, headers);
    await stream.next('unread');
    const suspended = await inject(t, membersApi.suspend, {
      params: { id: member.id },
      headers: admin,
      body: { reason: 'Several accounts from one device' },
    });
    expect(suspended.statusCode).toBe(200);
    await stream.next('session_end');
    await stream.ended;

    const again = await fetch(`${url}${urlOf(liveApi.events)}`, { headers });
    expect(again.status).toBe(403);
    expect((await again.json()).code).toBe('suspended');
    expect((await fetch(`${url}${urlOf(liveApi.events)}`)).status).toBe(401);
  });

  it('carry ids, so a reconnect gets the notifications it missed in the last day, then the balance', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const member = await createUser(t.db, { entries: 10 });
    const headers = await authHeader(t.db, member.id);
    const first = await open(url, headers);
    await first.next('unread');
    expect(first.events[0]).toEqual({ event: 'retry', data: 5_000 });
    await notify(t.db, member.id, notices.offerCredited('tx-1', 5), t.clock.now());
    const seen = await first.next('notification');
    expect(seen.id).toBe((seen.data as { notification: { _id: string } }).notification._id);
    first.close();

    // While the page was away: two more, and one for someone else.
    await notify(t.db, member.id, notices.offerCredited('tx-2', 6), t.clock.now());
    await notify(t.db, member.id, notices.offerCredited('tx-3', 7), t.clock.now());
    await notify(t.db, (await createUser(t.db)).id, notices.offerCredited('tx-4', 8), t.clock.now());
    const back = await open(url, { ...headers, 'last-event-id': seen.id! });
    await back.next('unread');
    const names = back.events.map((e) => e.event);
    expect(names).toEqual(['retry', 'notification', 'notification', 'balance', 'unread']);
    expect(
      back.events
        .filter((e) => e.event === 'notification')
        .map((e) => (e.data as { notification: { title: string } }).notification.title),
    ).toEqual(['+6 entries from an offer', '+7 entries from an offer']);
    // Kept a day: a reconnect a day later gets only what is current.
    back.close();
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const late = await open(url, { ...headers, 'last-event-id': seen.id! });
    await late.next('unread');
    expect(late.events.map((e) => e.event)).toEqual(['retry', 'balance', 'unread']);
  });

  it('are at most 5 open at once for one member', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const member = await createUser(t.db);
    const headers = await authHeader(t.db, member.id);
    const opened = await Promise.all(Array.from({ length: 7 }, () => open(url, headers)));
    expect(opened.map((s) => s.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Closing one gives its place back.
    const live = opened.filter((s) => s.status === 200);
    await live[0]!.next('unread');
    live[0]!.close();
    await new Promise((r) => setTimeout(r, 200));
    expect((await open(url, headers)).status).toBe(200);
    // Another member is not affected.
    expect((await open(url, await authHeader(t.db, (await createUser(t.db)).id))).status).toBe(200);
  });

  it('give a place back when the page went away while its stream was still opening', async () => {
    const streams = new EventStreams(new LiveHub({ listen: async () => async () => {} }), () => new Date());
    const server = createServer((_req, res) => {
      const release = streams.reserve('member');
      if (!release) return void res.socket!.destroy();
      // The page goes while the session is still being read: its connection's 'close' has passed.
      res.socket!.destroy();
      setTimeout(() => {
        const member = {
          userId: 'member',
          sessionId: 's',
          expiresAt: new Date(Date.now() + 60_000),
          release,
        };
        void streams.add(res, member, async () => []);
      }, 20);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    for (let i = 0; i < LIVE_STREAMS_PER_MEMBER + 2; i++) {
      await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
    server.close();
    expect(streams.size).toBe(0);
    expect(streams.reserve('member')).not.toBeNull();
  });

  it('close when the server shuts down', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const member = await createUser(t.db);
    const stream = await open(url, await authHeader(t.db, member.id));
    await stream.next('unread');
    await t.app.close();
    await stream.ended;
  });
});
