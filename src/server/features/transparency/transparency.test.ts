import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consistencyHolds, hashLeaf, inclusionHolds } from '../../../../scripts/verify-log/rfc9162';
import { openNote, parseVerifierKey, readCheckpoint } from '../../../../scripts/verify-log/signed-note';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { closedPrize, draw, FRIDAY_EVENING, validPrizeBody } from '../../../../tests/helpers/prizes';
import { CLAIM_DAYS } from '../../../contract/constants';
import { contactApi } from '../../../contract/contact';
import { drawsApi } from '../../../contract/draws';
import type { UpdatePrizeBody } from '../../../contract/prizes';
import { prizesApi } from '../../../contract/prizes-api';
import { logLeaf } from '../../../contract/transparency';
import { transparencyApi } from '../../../contract/transparency-api';
import { usersApi } from '../../../contract/users';
import { openCheckpoint } from '../../../shared/signed-note';
import { users } from '../../db/schema';
import { passOnUnclaimed } from '../prizes/disqualify';
import { enter } from '../prizes/test-setup';

const b64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

async function signedCheckpoint(t: TestApp) {
  await t.ctx.log.checkpoint();
  const key = parseVerifierKey((await inject(t, transparencyApi.key)).data().verifierKey);
  const note = (await inject(t, transparencyApi.checkpoint)).body;
  return { note, key, ...readCheckpoint(openNote(note, key)) };
}

/** Every leaf of the log as its kind's shape, read as anyone reads them. */
async function readLog(t: TestApp) {
  const { size } = await signedCheckpoint(t);
  if (size === 0) return [];
  const { leaves } = (await inject(t, transparencyApi.leaves, { query: { start: 0, end: size } })).data();
  return leaves.map((l) => logLeaf.parse(JSON.parse(Buffer.from(l.data, 'base64').toString())));
}

async function enterAs(t: TestApp, prizeId: string, entries = 1) {
  const user = await createUser(t.db, { entries: 100 });
  const res = await enter(t, prizeId, await authHeader(t.db, user.id), { entries });
  expect(res.statusCode).toBe(200);
  return res.json() as { logIndex: number };
}

describe('the public log', () => {
  it('gives each entry a receipt that a checkpoint signed by the site’s key proves, read from outside', async () => {
    const t = await buildTestApp({ env: { SITE_URL: 'https://draws.example' } });
    const prize = await createPrize(t.db, t.clock.now());
    const receipts = [];
    for (const entries of [1, 3, 2]) receipts.push((await enterAs(t, prize.id, entries)).logIndex);
    expect(receipts).toEqual([0, 1, 2]);

    const { size, root, origin } = await signedCheckpoint(t);
    expect({ size, origin }).toEqual({ size: 3, origin: 'draws.example/log' });
    const { leaves } = (await inject(t, transparencyApi.leaves, { query: { start: 0, end: 3 } })).data();
    expect(leaves.map((l) => logLeaf.parse(JSON.parse(Buffer.from(l.data, 'base64').toString())))).toEqual([
      expect.objectContaining({ type: 'entry', prize: prize.id, entries: 1 }),
      expect.objectContaining({ type: 'entry', prize: prize.id, entries: 3 }),
      expect.objectContaining({ type: 'entry', prize: prize.id, entries: 2 }),
    ]);
    for (const leaf of leaves) {
      const proof = (
        await inject(t, transparencyApi.inclusion, { query: { index: leaf.index, size } })
      ).data();
      expect(inclusionHolds(leaf.index, size, hashLeaf(b64(leaf.data)), proof.hashes.map(b64), root)).toBe(
        true,
      );
      // The same leaf does not prove at another place, nor changed.
      const changed = b64(leaf.data).map((byte, i) => (i === 10 ? byte ^ 1 : byte));
      expect(inclusionHolds(leaf.index, size, hashLeaf(changed), proof.hashes.map(b64), root)).toBe(false);
    }
  });

  it('lists a member’s receipts with each prize in My entries, oldest first', async () => {
    const t = await buildTestApp();
    const [a, b] = [await createPrize(t.db, t.clock.now()), await createPrize(t.db, t.clock.now())];
    const member = await createUser(t.db, { entries: 100 });
    const headers = await authHeader(t.db, member.id);
    const receipts = [];
    for (const prize of [a, b, a])
      receipts.push((await enter(t, prize.id, headers, { entries: 1 })).json().logIndex);
    await enterAs(t, b.id);
    const { entries } = (await inject(t, usersApi.entries, { headers })).data();
    expect(Object.fromEntries(entries.map((e) => [e.prize._id, e.logIndexes]))).toEqual({
      [a.id]: [receipts[0], receipts[2]],
      [b.id]: [receipts[1]],
    });
  });

  it('signs checkpoints each consistent with the one before, and none while nothing is new', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now());
    const empty = await signedCheckpoint(t);
    expect(empty.size).toBe(0);
    await enterAs(t, prize.id);
    const first = await signedCheckpoint(t);
    for (let i = 0; i < 4; i++) await enterAs(t, prize.id);
    const second = await signedCheckpoint(t);
    expect([first.size, second.size]).toEqual([1, 5]);
    expect(await t.ctx.log.checkpoint()).toBeNull();

    const { checkpoints } = (await inject(t, transparencyApi.checkpoints)).data();
    expect(checkpoints.map((c) => c.size)).toEqual([5, 1, 0]);
    expect(checkpoints[0]!.note).toBe(second.note);
    const proof = (await inject(t, transparencyApi.consistency, { query: { from: 1, to: 5 } })).data();
    expect(consistencyHolds(1, 5, first.root, second.root, proof.hashes.map(b64))).toBe(true);
    expect(consistencyHolds(1, 5, second.root, first.root, proof.hashes.map(b64))).toBe(false);
  });

  it('signs a note that a verifier written from the format accepts, and refuses with any byte changed', async () => {
    const t = await buildTestApp();
    const { note, key, root } = await signedCheckpoint(t);
    // The browser's own check (shared/signed-note.ts) agrees with the outside verifier's.
    const { verifierKey } = (await inject(t, transparencyApi.key)).data();
    expect(openCheckpoint(note, verifierKey)).toEqual({ origin: key.name, size: 0, root });
    expect(note).toMatch(
      /^localhost:\d+\/log\n0\n[A-Za-z0-9+/]{43}=\n\n\u2014 localhost:\d+\/log [A-Za-z0-9+/]{91}=\n$/,
    );
    for (let i = 0; i < note.length; i++) {
      if (note[i] === '\u2014') continue;
      const changed = `${note.slice(0, i)}${String.fromCharCode(note.charCodeAt(i) ^ 1)}${note.slice(i + 1)}`;
      expect(() => readCheckpoint(openNote(changed, key)), `byte ${i}`).toThrow();
      expect(openCheckpoint(changed, verifierKey), `byte ${i}`).toBeNull();
    }
  });

  it('never changes or loses a leaf, a node or a checkpoint, even by SQL', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now());
    await enterAs(t, prize.id);
    await t.ctx.log.checkpoint();
    for (const statement of [
      sql`update log_leaves set data = '\\x00'`,
      sql`update log_leaves set position = 7`,
      sql`delete from log_leaves`,
      sql`update log_nodes set hash = '\\x00'`,
      sql`delete from log_nodes`,
      sql`update log_checkpoints set size = 9`,
      sql`delete from log_checkpoints`,
    ])
      await expect(t.db.execute(statement)).rejects.toThrow();
  });

  it('answers bad reads with 400 and what is wrong', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now());
    await enterAs(t, prize.id);
    await t.ctx.log.checkpoint();
    const bad = [
      [transparencyApi.leaves, { start: 0, end: 2 }, 'The log holds 1 leaves so far'],
      [transparencyApi.leaves, { start: 0, end: 1001 }, 'Ask for at most 1000 leaves at once'],
      [transparencyApi.leaves, { start: 1, end: 1 }, 'end must be after start'],
      [transparencyApi.leaves, { start: 'x', end: 1 }, 'start must be a number'],
      [transparencyApi.leaves, { start: -1, end: 1 }, 'start must be 0 or more'],
      [transparencyApi.inclusion, { index: 1, size: 1 }, 'index must be below size'],
      [transparencyApi.inclusion, { index: 0, size: 2 }, 'The log holds 1 leaves so far'],
      [transparencyApi.inclusion, { index: 0.5, size: 1 }, 'index must be a whole number'],
      [transparencyApi.consistency, { from: 2, to: 1 }, 'from must not be after to'],
      [transparencyApi.consistency, { from: 1, to: 3 }, 'The log holds 1 leaves so far'],
      [transparencyApi.checkpoints, { cursor: 'AAAA' }, 'That page link is not valid'],
    ] as const;
    for (const [spec, query, error] of bad) {
      const res = await rawInject(t, spec, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error, JSON.stringify(query)).toContain(error);
    }
  });

  it('records draws, places passed on and cancellations as the proof and the prize page show them', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, admin } = await closedPrize(t, { people: 4, totalWinners: 1 });
    expect((await draw(t, prize.id, admin)).statusCode).toBe(200);
    const proof = (await inject(t, drawsApi.proof, { params: { id: prize.id } })).data();
    const winner = proof.winners[0]!;
    // The winner never claims: the place passes on to the next in the draw's order.
    t.clock.set(new Date(t.clock.now().getTime() + (CLAIM_DAYS + 1) * 86_400_000).toISOString());
    expect(await passOnUnclaimed(t.db, { clock: t.clock })).toEqual({ passed: 1 });
    const [passed] = (await inject(t, drawsApi.proof, { params: { id: prize.id } })).data().replacements;
    const other = await createPrize(t.db, t.clock.now());
    await enterAs(t, other.id);
    const cancelled = await inject(t, prizesApi.cancel, {
      params: { id: other.id },
      headers: admin,
      body: { reason: 'The supplier withdrew it' },
    });
    expect(cancelled.statusCode).toBe(200);

    await t.ctx.log.checkpoint();
    const { size } = await signedCheckpoint(t);
    const { leaves } = (await inject(t, transparencyApi.leaves, { query: { start: 0, end: size } })).data();
    const read = leaves.map((l) => logLeaf.parse(JSON.parse(Buffer.from(l.data, 'base64').toString())));
    expect(read.filter((l) => l.type === 'draw')).toEqual([
      {
        type: 'draw',
        prize: prize.id,
        snapshotHash: proof.snapshotHash,
        commitment: proof.commitment,
        seed: proof.seed,
        beaconRound: null,
        winners: [winner],
        at: expect.any(String),
      },
    ]);
    expect(read.filter((l) => l.type === 'pass_on')).toEqual([
      {
        type: 'pass_on',
        prize: prize.id,
        place: 1,
        from: winner,
        to: passed!.to,
        reason: 'unclaimed',
        at: expect.any(String),
      },
    ]);
    expect(read.filter((l) => l.type === 'cancel')).toEqual([
      {
        type: 'cancel',
        prize: other.id,
        reason: 'The supplier withdrew it',
        refunded: 1,
        at: expect.any(String),
      },
    ]);
    // Nothing in the log names a person.
    const text = leaves.map((l) => Buffer.from(l.data, 'base64').toString()).join('\n');
    const everyone = await t.db.select().from(users);
    for (const u of everyone)
      for (const value of [u.id, u.email, u.username]) expect(text).not.toContain(value);
  });

  it('records a prize as it opens and as its live terms change, not while a draft', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const create = (body: object) =>
      inject(t, prizesApi.create, { headers: admin, body: { ...validPrizeBody, ...body } });
    const live = (await create({})).data().prize;
    const draft = (await create({ status: 'draft', title: 'Later' })).data().prize;
    const edit = (id: string, body: UpdatePrizeBody) =>
      inject(t, prizesApi.update, { params: { id }, headers: admin, body });
    expect((await edit(draft._id, { value: 20 })).statusCode).toBe(200);
    expect((await edit(live._id, { featured: false })).statusCode).toBe(200);
    expect((await edit(live._id, { maxEntriesPerUser: 60 })).statusCode).toBe(200);
    expect((await edit(draft._id, { status: 'active' })).statusCode).toBe(200);
    const opened = (await readLog(t)).filter((l) => l.type === 'prize');
    expect(opened.map((l) => [l.prize, l.maxEntriesPerUser, l.valuePence])).toEqual([
      [live._id, 80, 395_99],
      [live._id, 60, 395_99],
      [draft._id, 80, 20_00],
    ]);
    expect(opened[0]).toEqual({
      type: 'prize',
      prize: live._id,
      title: 'Nintendo Switch 2',
      prizeType: 'physical',
      valuePence: 395_99,
      winners: 2,
      entryCost: 2,
      maxEntriesPerUser: 80,
      minimumEntries: 0,
      opens: '2026-11-20T00:00:00.000Z',
      closes: '2026-12-04T20:00:00.000Z',
      drawDay: 'Friday',
      commitment: live.commitment,
      beaconRound: null,
      at: t.clock.now().toISOString(),
    });
  });

  it('records each complaint as it opens, is answered and closes, by ticket and day only', async () => {
    const t = await buildTestApp();
    const owner = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const body = { name: 'Ann Other', email: 'ann@example.com', subject: 'Late', message: 'My prize?' };
    expect((await inject(t, contactApi.send, { body })).statusCode).toBe(201);
    const [ticket] = (await inject(t, contactApi.inbox, { headers: owner, query: {} })).data().messages;
    const id = ticket!._id;
    const reply = () =>
      inject(t, contactApi.reply, { params: { id }, headers: owner, body: { message: 'On its way' } });
    expect((await reply()).statusCode).toBe(200);
    expect((await reply()).statusCode).toBe(200);
    const setStatus = (status: 'open' | 'closed') =>
      inject(t, contactApi.setStatus, { params: { id }, headers: owner, body: { status } });
    expect((await setStatus('closed')).statusCode).toBe(200);
    expect((await setStatus('closed')).statusCode).toBe(200);
    const day = t.clock.now().toISOString().slice(0, 10);
    const log = await readLog(t);
    expect(log.filter((l) => l.type === 'complaint')).toEqual(
      ['open', 'answered', 'closed'].map((status) => ({ type: 'complaint', ticket: id, status, on: day })),
    );
    const text = JSON.stringify(log);
    for (const value of Object.values(body)) expect(text).not.toContain(value);
  });

  it('places entries made at once in one gapless order, each receipt once', async () => {
    const t = await buildTestApp();
    const prizes = [await createPrize(t.db, t.clock.now()), await createPrize(t.db, t.clock.now())];
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db, { entries: 100 })));
    const answers = await Promise.all(
      users.flatMap((user, i) =>
        [0, 1].map(async (p) =>
          enter(t, prizes[(i + p) % 2]!.id, await authHeader(t.db, user.id), { entries: 1 + p }),
        ),
      ),
    );
    const receipts = answers.map((res) => (res.json() as { logIndex: number }).logIndex);
    expect([...receipts].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const { size } = await signedCheckpoint(t);
    expect(size).toBe(24);
  });
});
