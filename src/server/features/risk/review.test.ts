import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { frozenParticipants } from '../../../../tests/helpers/prizes';
import { auditApi } from '../../../contract/audit';
import { authApi } from '../../../contract/auth';
import { drawsApi } from '../../../contract/draws';
import { membersApi } from '../../../contract/members-api';
import type { ReviewStatus } from '../../../contract/operator-rules';
import { prizesApi } from '../../../contract/prizes-api';
import { riskApi } from '../../../contract/risk';
import { prizeEntries } from '../../db/schema';

const register = async (t: TestApp, from: string) => {
  const body = registration();
  const res = await inject(t, authApi.register, { body: body, remoteAddress: from });
  expect(res.statusCode).toBe(201);
  return {
    id: res.json().user._id as string,
    headers: { authorization: `Bearer ${res.json().token as string}` },
    signIn: () =>
      inject(t, authApi.login, { body: { email: body.email, password: body.password }, remoteAddress: from }),
  };
};

const queue = async (t: TestApp, headers: Record<string, string>, status: ReviewStatus = 'open') =>
  (await inject(t, riskApi.review, { query: { status }, headers })).data().members;

async function staff(t: TestApp, role: 'owner' | 'support' | 'admin', username?: string) {
  const user = await createUser(t.db, { role, username });
  return { id: user.id, headers: await authHeader(t.db, user.id) };
}

describe('the review queue', () => {
  it('is cleared with a note, and a cleared member comes back only with a signal staff have not seen', async () => {
    const t = await buildTestApp();
    const owner = await staff(t, 'owner', 'Olive Owner');
    const a = await register(t, '198.51.100.7');
    const b = await register(t, '198.51.100.7');
    expect((await queue(t, owner.headers)).map((m) => m._id).sort()).toEqual([a.id, b.id].sort());

    const clear = (id: string, note: unknown, headers = owner.headers) =>
      inject(t, riskApi.clear, { params: { userId: id }, headers, body: { note } as never });
    expect((await clear(a.id, '  ')).json().error).toBe('Reason is required');
    const cleared = await clear(a.id, 'Flatmates: checked their IDs');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().member).toMatchObject({
      _id: a.id,
      review: {
        status: 'cleared',
        note: 'Flatmates: checked their IDs',
        by: { _id: owner.id, username: 'Olive Owner' },
        at: t.clock.now().toISOString(),
      },
    });
    expect((await queue(t, owner.headers)).map((m) => m._id)).toEqual([b.id]);
    expect((await queue(t, owner.headers, 'cleared')).map((m) => m._id)).toEqual([a.id]);
    expect((await clear(a.id, 'Again')).json().code).toBe('already_cleared');
    const calm = await createUser(t.db);
    expect((await clear(calm.id, 'Nothing here')).statusCode).toBe(404);
    const audit = (
      await inject(t, auditApi.list, { query: { action: 'review.clear' }, headers: owner.headers })
    ).data();
    expect(audit.events[0]!.summary).toBe(
      "Cleared the member's fraud signals (shared_address): Flatmates: checked their IDs",
    );

    // Signing in again from the same address shows staff nothing new: still cleared.
    t.clock.advance(60_000);
    expect((await a.signIn()).statusCode).toBe(200);
    expect((await queue(t, owner.headers, 'cleared')).map((m) => m._id)).toEqual([a.id]);
    // A third account on the address is someone staff have not seen: back in the queue.
    await register(t, '198.51.100.7');
    const open = await queue(t, owner.headers);
    expect(open.map((m) => m._id)).toContain(a.id);
    expect(open.find((m) => m._id === a.id)!.review.status).toBe('open');
  });

  it('marks a suspended or held member actioned, and clears or holds several at once, each as if alone', async () => {
    const t = await buildTestApp();
    const owner = await staff(t, 'owner');
    const support = await staff(t, 'support');
    const ring = await Promise.all([1, 2, 3, 4].map(() => register(t, '203.0.113.77')));
    const [a, b, c, d] = ring.map((m) => m.id) as [string, string, string, string];

    const held = await inject(t, riskApi.holdMany, {
      headers: support.headers,
      body: { userIds: [a, b], reason: 'Four accounts on one address' },
    });
    expect(held.json().results).toEqual([
      { _id: a, outcome: 'done', message: null },
      { _id: b, outcome: 'done', message: null },
    ]);
    const actioned = await queue(t, owner.headers, 'actioned');
    expect(actioned.map((m) => m._id).sort()).toEqual([a, b].sort());
    expect(actioned[0]!.review.note).toBe('Cashouts held: Four accounts on one address');

    const cleared = await inject(t, riskApi.clearMany, {
      headers: support.headers,
      body: { userIds: [c, a, d], note: 'Student halls, checked' },
    });
    expect(cleared.json().results).toEqual([
      { _id: c, outcome: 'done', message: null },
      { _id: a, outcome: 'done', message: null },
      { _id: d, outcome: 'done', message: null },
    ]);
    const again = await inject(t, riskApi.clearMany, {
      headers: support.headers,
      body: { userIds: [c], note: 'Student halls, checked' },
    });
    expect(again.json().results).toEqual([
      { _id: c, outcome: 'refused', message: 'This member was already cleared' },
    ]);
    expect(await queue(t, owner.headers)).toEqual([]);

    // Suspending from the member page is the queue's "actioned" too.
    const e = await register(t, '203.0.113.77');
    expect((await queue(t, owner.headers)).map((m) => m._id)).toContain(e.id);
    const suspended = await inject(t, membersApi.suspend, {
      params: { id: e.id },
      headers: owner.headers,
      body: { reason: 'Fifth account on one address' },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await queue(t, owner.headers)).map((m) => m._id)).not.toContain(e.id);

    for (const [body, error] of [
      [{ userIds: [], note: 'A note' }, 'Choose the members to clear'],
      [{ userIds: [c, c], note: 'A note' }, 'One is listed twice'],
      [{ userIds: ['nope'], note: 'A note' }, 'Member not found'],
      [{ userIds: [c] }, 'Reason is required'],
    ] as const) {
      const res = await inject(t, riskApi.clearMany, { headers: support.headers, body: body as never });
      expect(res.statusCode, error).toBe(400);
      expect(res.json().error).toContain(error);
    }
    // Holding is for those who hold cashouts; an admin does not.
    const admin = await staff(t, 'admin');
    expect(
      (
        await inject(t, riskApi.holdMany, {
          headers: admin.headers,
          body: { userIds: [c], reason: 'Not mine to do' },
        })
      ).statusCode,
    ).toBe(403);
    const member = await register(t, '192.0.2.1');
    expect(
      (
        await inject(t, riskApi.clearMany, {
          headers: member.headers,
          body: { userIds: [c], note: 'Looks fine' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('leaves a suspended member out of the draw, and names winners whose signals no one has looked at', async () => {
    const t = await buildTestApp();
    const owner = await staff(t, 'owner');
    const prize = await createPrize(t.db, t.clock.now(), { totalWinners: 3 });
    const flagged = await register(t, '198.51.100.40');
    const partner = await register(t, '198.51.100.40');
    const plain = await register(t, '192.0.2.40');
    const banned = await register(t, '192.0.2.41');
    for (const m of [flagged, partner, plain, banned])
      expect(
        (
          await inject(t, prizesApi.enter, {
            params: { id: prize.id },
            headers: m.headers,
            body: { entries: 1 },
          })
        ).statusCode,
      ).toBe(200);
    await inject(t, riskApi.clear, {
      params: { userId: partner.id },
      headers: owner.headers,
      body: { note: 'Partner of the other, checked' },
    });
    expect(
      (
        await inject(t, membersApi.suspend, {
          params: { id: banned.id },
          headers: owner.headers,
          body: { reason: 'Chargeback on the card used' },
        })
      ).statusCode,
    ).toBe(200);

    t.clock.advance(8 * 86_400_000);
    const drawn = await inject(t, drawsApi.draw, {
      params: { id: prize.id },
      headers: await authHeader(t.db, owner.id),
      body: { forceOverride: true },
    });
    expect(drawn.statusCode).toBe(200);
    const participants = await frozenParticipants(t.db, prize.id);
    const [bannedEntry] = await t.db.select().from(prizeEntries).where(eq(prizeEntries.userId, banned.id));
    expect(participants).toHaveLength(3);
    expect(participants.map((p) => p._id)).not.toContain(bannedEntry!.pid);
    const winners = drawn.json().winners as Array<{ _id: string; openSignals: { score: number } | null }>;
    expect(winners.map((w) => w._id).sort()).toEqual([flagged.id, partner.id, plain.id].sort());
    expect(Object.fromEntries(winners.map((w) => [w._id, w.openSignals?.score ?? null]))).toEqual({
      [flagged.id]: 20,
      [partner.id]: null,
      [plain.id]: null,
    });
  });
});
