import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { sendOn } from '../../../../tests/helpers/notifications';
import { closedPrize, draw, FRIDAY_EVENING } from '../../../../tests/helpers/prizes';
import { adminApi } from '../../../contract/admin';
import { analyticsApi } from '../../../contract/analytics';
import { drawProofResponse, drawsApi } from '../../../contract/draws';
import { prizesApi } from '../../../contract/prizes-api';
import { usersApi } from '../../../contract/users';
import { winsApi } from '../../../contract/wins';
import { verifyDraw } from '../../../shared/draw';
import { mailOutbox, prizeEntries, prizes, wins } from '../../db/schema';

describe('drawing a prize', () => {
  it('draws distinct winners, reveals the seed, and the published proof verifies', async () => {
    const t = await buildTestApp({ clock: undefined });
    t.clock.set(FRIDAY_EVENING);
    const { prize, admin } = await closedPrize(t);

    const before = await inject(t, drawsApi.proof, { params: { id: prize.id } });
    expect(before.statusCode).toBe(409);
    expect(before.json().error).toBe('This prize has not been drawn yet');

    const res = await draw(t, prize.id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Drew 2 winners for ${prize.title}`);
    const winnerIds = res.data().winners.map((w) => w._id);
    expect(new Set(winnerIds).size).toBe(2);
    // The prize's value counts in the day's analytics, against the offer walls' revenue.
    const day = t.clock.now().toISOString().slice(0, 10);
    const analytics = await inject(t, analyticsApi.days, { query: { from: day, to: day }, headers: admin });
    expect(analytics.data().days[0]!.prizeValue).toBe(prize.valuePence / 100);

    const proofRes = await inject(t, drawsApi.proof, { params: { id: prize.id } });
    // It changes only if a place is passed on: kept a minute anywhere, and asking again gets the same bytes.
    expect(proofRes.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(
      (
        await inject(t, drawsApi.proof, {
          params: { id: prize.id },
          headers: { 'if-none-match': proofRes.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
    // Sent compressed to a client that takes it: the same document, each encoding its own version.
    expect(proofRes.headers['content-encoding']).toBeUndefined();
    expect(proofRes.headers.vary).toContain('accept-encoding');
    for (const [encoding, unpack] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const packed = await rawInject(t, drawsApi.proof, {
        params: { id: prize.id },
        headers: { 'accept-encoding': `${encoding}, identity;q=0.5` },
      });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.etag).not.toBe(proofRes.headers.etag);
      expect(unpack(packed.rawPayload).toString()).toBe(proofRes.body);
    }
    const refused = await rawInject(t, drawsApi.proof, {
      params: { id: prize.id },
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Streamed, it is still the contract's document, its parts in the contract's order.
    expect(proofRes.headers['content-type']).toBe('application/json; charset=utf-8');
    const parsed = drawProofResponse.parse(JSON.parse(proofRes.body));
    expect(Object.keys(parsed)).toEqual(Object.keys(drawProofResponse.shape));
    const proof = proofRes.data();
    expect(proof).toMatchObject({ commitment: prize.commitment, seed: prize.seed });
    expect(proof.participants).toHaveLength(4);
    // Everyone appears under this prize's pseudonym, never their user id; the winners are named the same way.
    const holders = await t.db.select().from(prizeEntries).where(eq(prizeEntries.prizeId, prize.id));
    const pidOf = new Map(holders.map((h) => [h.userId, h.pid]));
    expect(proof.participants.map((p) => p._id).sort()).toEqual([...pidOf.values()].sort());
    expect(proof.participants.every((p) => /^[0-9a-f]{32}$/.test(p._id))).toBe(true);
    expect(proof.winners).toEqual(winnerIds.map((id) => pidOf.get(id)));
    expect(JSON.stringify(proof)).not.toContain(winnerIds[0]);
    expect(proof.participants.every((p) => p.username.includes('*'))).toBe(true);
    expect(await verifyDraw({ ...proof, totalWinners: proof.prize.totalWinners })).toMatchObject({
      verified: true,
    });

    const [row] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(row!.status).toBe('drawn');
    // Each winner is told with the draw, and emailed after it, never inside the request.
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
    expect((await sendOn(t)).emailed).toBe(2);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.map((m) => m.to).sort()).toEqual(
      res
        .data()
        .winners.map((w) => w.email)
        .sort(),
    );
    expect(mails[0]!.subject).toBe(`You won ${prize.title}!`);
    const again = await draw(t, prize.id, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This prize has already been drawn');
  });

  it('freezes and publishes the snapshot when entries close, and draws from exactly that snapshot', async () => {
    const t = await buildTestApp();
    // A Thursday: the prize has closed but is not due for its Friday draw yet.
    t.clock.set('2026-11-26T12:00:00Z');
    const { prize, people, admin } = await closedPrize(t);
    const published = async () =>
      (await inject(t, prizesApi.prize, { params: { id: prize.id } })).data().prize.snapshotHash;
    expect(await published()).toBeNull();
    await inject(t, drawsApi.check, { headers: admin });
    const hash = await published();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);

    // Each member finds themselves in the proof by the pseudonym their entries list shows.
    const mine = (
      await inject(t, usersApi.entries, { headers: await authHeader(t.db, people[2]!.id) })
    ).data().entries[0]!;
    expect(mine.pid).toMatch(/^[0-9a-f]{32}$/);

    t.clock.set(FRIDAY_EVENING);
    expect((await draw(t, prize.id, admin)).statusCode).toBe(200);
    const proof = (await inject(t, drawsApi.proof, { params: { id: prize.id } })).data();
    expect(proof.snapshotHash).toBe(hash);
    expect(proof.participants).toContainEqual(expect.objectContaining({ _id: mine.pid, entries: 3 }));
  });

  it('draws exactly once when many admins press at the same moment', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, admin } = await closedPrize(t, { totalWinners: 3 });
    const results = await Promise.all(Array.from({ length: 6 }, () => draw(t, prize.id, admin)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await t.db.select().from(wins).where(eq(wins.prizeId, prize.id))).toHaveLength(3);
  });

  it('gives everyone a win when there are fewer people than winners', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, admin, people } = await closedPrize(t, { people: 2, totalWinners: 3 });
    const res = await draw(t, prize.id, admin);
    expect(
      res
        .data()
        .winners.map((w) => w._id)
        .sort(),
    ).toEqual(people.map((p) => p.id).sort());
  });

  it('answers outside the draw day with drawDay and currentDay, and draws with forceOverride', async () => {
    const t = await buildTestApp();
    t.clock.set('2026-11-25T12:00:00Z'); // a Wednesday
    const { prize, admin } = await closedPrize(t);
    const res = await draw(t, prize.id, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Not the draw day',
      message: 'This prize is drawn on Fridays and today is Wednesday. Draw it anyway?',
      drawDay: 'Friday',
      currentDay: 'Wednesday',
    });
    expect((await draw(t, prize.id, admin, { forceOverride: true })).statusCode).toBe(200);
  });

  it('refuses a prize still open, one short of its minimum, one nobody entered, and bad input', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { admin } = await closedPrize(t, { people: 0 });
    const open = await createPrize(t.db, t.clock.now());
    expect((await draw(t, open.id, admin)).json().error).toBe('This prize is still open for entries');

    const short = await closedPrize(t, { people: 2, minimumEntries: 10 });
    const res = await draw(t, short.prize.id, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This prize needs at least 10 entries to be drawn; it has 3');

    const empty = await closedPrize(t, { people: 0 });
    expect((await draw(t, empty.prize.id, admin)).json().error).toBe('No one has entered this prize yet');
    expect((await draw(t, 'nope', admin)).statusCode).toBe(404);
    expect((await draw(t, empty.prize.id, admin, { forceOverride: 'yes' })).statusCode).toBe(400);
    expect((await draw(t, empty.prize.id, admin, { forceOverride: true, extra: 1 })).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, people } = await closedPrize(t);
    expect((await draw(t, prize.id, {})).statusCode).toBe(401);
    const member = await draw(t, prize.id, await authHeader(t.db, people[0]!.id));
    expect(member.statusCode).toBe(403);
    const headers = await authHeader(t.db, people[0]!.id);
    for (const spec of [adminApi.stats, winsApi.adminList, prizesApi.readyToDraw])
      expect((await inject(t, spec, { headers })).statusCode, spec.path).toBe(403);
    expect(await t.db.select().from(wins)).toEqual([]);
  });
});
