import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { REFERRAL_REWARD } from '../../../contract/constants';
import { type CreateTaskBody, tasksApi, type UpdateTaskBody } from '../../../contract/tasks';
import { complete } from './test-setup';

describe('admin task management', () => {
  const valid = {
    type: 'instagram_like',
    platform: 'instagram',
    title: 'Like our post',
    entriesReward: 3,
    verificationData: { postUrl: 'https://instagram.com/p/abc' },
  };

  it('creates, edits and disables tasks; a disabled task leaves the Tasks page and cannot be completed', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const created = await inject(t, tasksApi.create, { headers: admin, body: valid as CreateTaskBody });
    expect(created.statusCode).toBe(201);
    const { task } = created.data();
    // The Task entity's own shape (SPEC §3), with the admin's active and sortOrder.
    expect(task).toEqual({
      _id: expect.any(String),
      ...valid,
      description: '',
      isRepeatable: false,
      repeatInterval: null,
      verificationData: { accountToFollow: null, postUrl: 'https://instagram.com/p/abc', adDuration: 30 },
      active: true,
      sortOrder: 0,
    });

    const put = (body: UpdateTaskBody) =>
      inject(t, tasksApi.update, { params: { id: task._id }, headers: admin, body });
    expect((await put({ entriesReward: 4 })).json().task.entriesReward).toBe(4);
    // A nested change touches only the fields it names.
    expect(
      (await put({ verificationData: { accountToFollow: '@us' } })).json().task.verificationData,
    ).toEqual({ accountToFollow: '@us', postUrl: 'https://instagram.com/p/abc', adDuration: 30 });
    const unchanged = await put({ verificationData: {} });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().task.verificationData.accountToFollow).toBe('@us');
    const repeatable = await put({ isRepeatable: true });
    expect(repeatable.statusCode).toBe(400);
    expect(repeatable.json().error).toBe('Repeatable tasks need a repeat interval');
    expect((await put({ isRepeatable: true, repeatInterval: 'daily' })).json().task.isRepeatable).toBe(true);
    expect((await put({ active: false })).json().task.active).toBe(false);
    const list = (await inject(t, tasksApi.list, { headers: member })).data().tasks;
    expect(list.map((x) => x._id)).not.toContain(task._id);
    expect((await complete(t, task._id, member)).statusCode).toBe(404);
    expect((await inject(t, tasksApi.adminList, { headers: admin })).data().tasks).toHaveLength(1);
  });

  it.each([
    ['an unknown type', { type: 'tiktok_dance' }],
    ['a zero reward', { entriesReward: 0 }],
    ['a plain-http post link', { verificationData: { postUrl: 'http://example.com' } }],
    ['a 2-second ad', { verificationData: { adDuration: 2 } }],
    ['an unknown field', { completed: true }],
    ['the old flat shape', { postUrl: 'https://instagram.com/p/abc' }],
    ['an unknown verification field', { verificationData: { hashtag: '#win' } }],
    ['a repeatable task with no interval', { isRepeatable: true }],
    ['a referral task paying other than the referral reward', { type: 'referral', entriesReward: 5 }],
  ])('refuses %s with 400, and members with 403', async (_label, change) => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const create = (headers: Record<string, string>, body: object) =>
      inject(t, tasksApi.create, { headers, body: body as never });
    expect((await create(admin, { ...valid, ...change })).statusCode).toBe(400);
    expect((await create(member, valid)).statusCode).toBe(403);
    expect(
      (
        await inject(t, tasksApi.update, {
          params: { id: 'nope' },
          headers: admin,
          body: { active: false },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps a referral task at the one referral reward, when made and when changed', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const made = await inject(t, tasksApi.create, {
      headers: admin,
      body: { ...valid, type: 'referral', entriesReward: REFERRAL_REWARD, isRepeatable: true } as never,
    });
    expect(made.statusCode).toBe(201);
    const id = made.data().task._id;
    const changed = await inject(t, tasksApi.update, {
      params: { id },
      headers: admin,
      body: { entriesReward: REFERRAL_REWARD + 5 },
    });
    expect([changed.statusCode, changed.json().error]).toEqual([
      400,
      `A referral pays ${REFERRAL_REWARD} entries, the one referral reward: set the reward to ${REFERRAL_REWARD}`,
    ]);
    const renamed = await inject(t, tasksApi.update, {
      params: { id },
      headers: admin,
      body: { title: 'Invite' },
    });
    expect(renamed.statusCode).toBe(200);
  });
});
