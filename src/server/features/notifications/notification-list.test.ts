import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { notificationsApi } from '../../../contract/notifications-api';
import { notifications } from '../../db/schema';
import { runCleanup } from '../../jobs/cleanup';
import { type Headers, listOf } from './test-setup';

describe('notifications', () => {
  it('page newest first, count unread, and mark read the member’s own, some or all; refusing bad input', async () => {
    const t = await buildTestApp();
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const headers = await authHeader(t.db, member.id);
    const at = t.clock.now().getTime();
    await t.db.insert(notifications).values(
      Array.from({ length: 25 }, (_, i) => ({
        userId: member.id,
        type: 'achievement' as const,
        key: `test:${i}`,
        title: `Notice ${i}`,
        body: 'Body',
        link: '/dashboard',
        // Pairs share a millisecond: the cursor must not skip either.
        createdAt: new Date(at + Math.floor(i / 2)),
      })),
    );
    const [theirs] = await t.db
      .insert(notifications)
      .values({
        userId: other.id,
        type: 'win',
        key: 'x',
        title: 'Theirs',
        body: '',
        link: '/wins',
        createdAt: new Date(at),
      })
      .returning();

    const first = await listOf(t, headers);
    expect(first.unread).toBe(25);
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0]?.title).toBe('Notice 24');
    const second = await listOf(t, headers, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const titles = [...first.notifications, ...second.notifications].map((n: { title: string }) => n.title);
    expect(new Set(titles).size).toBe(25);

    const read = (body: unknown, h: Headers = headers) =>
      inject(t, notificationsApi.markRead, { headers: h, body: body as never });
    const mine = first.notifications.slice(0, 2).map((n: { _id: string }) => n._id);
    expect((await read({ ids: [...mine, String(theirs!.id)] })).json()).toEqual({ unread: 23 });
    expect((await listOf(t, headers)).notifications[0]?.readAt).toBe(t.clock.now().toISOString());
    expect((await listOf(t, await authHeader(t.db, other.id))).unread).toBe(1);
    expect((await read({ all: true })).json()).toEqual({ unread: 0 });

    for (const bad of [{}, { ids: [] }, { ids: ['abc'] }, { all: false }, { ids: ['1'], all: true }])
      expect((await read(bad)).statusCode).toBe(400);
    expect((await read({ all: true }, {})).statusCode).toBe(401);
    expect((await inject(t, notificationsApi.list)).statusCode).toBe(401);
    // Read ones go from the list half a year on; unread ones stay.
    t.clock.advance(181 * 86_400_000);
    expect(await runCleanup(t.db, t.clock)).toMatchObject({ notifications: 25 });
    expect((await listOf(t, await authHeader(t.db, other.id))).unread).toBe(1);

    const forged = Buffer.from(JSON.stringify(['yesterday', '1'])).toString('base64url');
    const res = await inject(t, notificationsApi.list, { query: { cursor: forged }, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('That page link is not valid');
  });
});
