import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { FRIDAY_EVENING, frozenParticipants, HOUR } from '../../../../tests/helpers/prizes';
import { accountApi } from '../../../contract/account';
import { drawsApi } from '../../../contract/draws';
import { drawKeyFor, snapshotHash } from '../../../shared/draw';
import { pickWinners } from '../../../shared/draw-keys';
import { prizeEntries, prizes } from '../../db/schema';
import { maskUsername } from '../../lib/mask';
import { drawPrize, drawProof, freezeSnapshot } from './draw';

const NAMES = ['  Zoë Ünïcödé ', '😀😀😀😀', 'Ann', 'Bo', '\u00a0李小龍\u3000', 'e\u0301e\u0301e\u0301'];

/**
 * A closed prize with `count` people put straight into the database, under
 * pseudonyms whose order differs between byte order and most locales' (case,
 * hyphens) and of any length, and under awkward names.
 */
async function crowdedPrize(t: TestApp, count: number) {
  const now = t.clock.now();
  const prize = await createPrize(t.db, new Date(now.getTime() - 8 * 24 * HOUR), {
    totalWinners: 3,
    endDate: new Date(now.getTime() - HOUR),
  });
  const people = [];
  for (let i = 0; i < count; i++) {
    const username = NAMES[i % NAMES.length]!;
    const user = await createUser(t.db, { username });
    const hex = randomBytes(16).toString('hex');
    // And one longer than a slice looks past its end for a line break.
    const pid = [hex, hex.toUpperCase(), randomUUID(), `-${hex}`, hex.repeat(160)][i % 5]!;
    const entries = 1 + ((i * 7) % 13);
    await t.db.insert(prizeEntries).values({ prizeId: prize.id, userId: user.id, entries, pid });
    people.push({ user, pid, entries, username });
  }
  const total = people.reduce((sum, p) => sum + p.entries, 0);
  await t.db.update(prizes).set({ totalEntries: total }).where(eq(prizes.id, prize.id));
  return { prize, people };
}

describe('a snapshot larger than a page', () => {
  it('is frozen, hashed and drawn a slice at a time exactly as the shared code does it whole', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, people } = await crowdedPrize(t, 24);

    // Slices of a few bytes cut lines, names and their characters anywhere.
    await drawPrize(t.db, t.clock, prize.id, { sliceBytes: 7 });
    const proof = await drawProof(t.db, prize.id, 5);
    const participants = async (sliceBytes?: number) => {
      const all = [];
      for await (const p of (await drawProof(t.db, prize.id, sliceBytes)).participants) all.push(p);
      return all;
    };

    const expected = people
      .map((p) => ({ _id: p.pid, username: maskUsername(p.username), entries: p.entries }))
      .sort((a, b) => (a._id < b._id ? -1 : 1));
    expect(await participants(5)).toEqual(expected);
    expect(proof.prize.snapshotHash).toBe(await snapshotHash(expected));
    const key = await drawKeyFor(proof.prize.seed!);
    const winners = await pickWinners(key, proof.prize.snapshotHash!, expected, 3);
    expect(winners).toHaveLength(3);
    expect(proof.winnerIds).toEqual(winners);
    // However the proof is sliced, it is the same proof: a slice ending on a line's end included.
    expect(await participants()).toEqual(expected);
    expect(await participants(1)).toEqual(expected);
    const firstLine = `${expected[0]!._id}:${expected[0]!.entries}\n`.length;
    expect(await participants(firstLine)).toEqual(expected);
  });

  it('is hashed by the database as the shared snapshotHash hashes it, once and for all', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize } = await crowdedPrize(t, 7);
    const hash = await t.db.transaction(async (tx) => freezeSnapshot(tx, prize, t.clock.now()));
    expect(hash).toBe(await snapshotHash(await frozenParticipants(t.db, prize.id)));
    const [frozen] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(frozen!.snapshotHash).toBe(hash);
    // Frozen is frozen: a second freeze answers the published hash and leaves the rows alone.
    await t.db.insert(prizeEntries).values({
      prizeId: prize.id,
      userId: (await createUser(t.db)).id,
      entries: 9,
      pid: 'late',
    });
    expect(await t.db.transaction((tx) => freezeSnapshot(tx, frozen!, t.clock.now()))).toBe(hash);
    expect(await frozenParticipants(t.db, prize.id)).toHaveLength(7);
  });

  it('stays as it was when a participant deletes their account after the draw', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, people } = await crowdedPrize(t, 5);
    await drawPrize(t.db, t.clock, prize.id, { sliceBytes: 16 });
    const proof = async () => (await inject(t, drawsApi.proof, { params: { id: prize.id } })).data();
    const before = await proof();

    for (const { user } of people.slice(0, 2)) {
      const deleted = await inject(t, accountApi.deleteAccount, {
        headers: await authHeader(t.db, user.id),
        body: { confirm: 'DELETE' },
      });
      expect(deleted.statusCode).toBe(200);
    }
    expect(await proof()).toEqual(before);
  });
});
