import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { TestClock } from '../../../../tests/helpers/clock';
import { inject } from '../../../../tests/helpers/inject';
import {
  closedPrize,
  draw,
  FRIDAY_EVENING,
  validPrizeBody as prizeBody,
} from '../../../../tests/helpers/prizes';
import { type LocalBeacon, startBeacon } from '../../../../tests/support/beacon';
import { drawsApi } from '../../../contract/draws';
import { prizesApi } from '../../../contract/prizes-api';
import { QUICKNET, ROUND_MARGIN_SECONDS, roundAfter } from '../../../shared/beacon';
import { drawKeyFor, verifyDraw } from '../../../shared/draw';
import { pickWinners } from '../../../shared/draw-keys';
import { ConfigError, loadConfig } from '../../config';
import { prizes, wins } from '../../db/schema';
import { drandBeacon } from './beacon';

const beacons: LocalBeacon[] = [];
afterEach(async () => {
  await Promise.all(beacons.splice(0).map((b) => b.close()));
});

/** The app drawing with a local drand chain that keeps the app's own (test) time. */
async function withBeacon(start = FRIDAY_EVENING) {
  const clock = new TestClock(start);
  const beacon = await startBeacon({ now: () => clock.now() });
  beacons.push(beacon);
  const t = await buildTestApp({ clock, env: beacon.env });
  return { t, beacon };
}

/**
 * A prize that closed an hour ago, committed to the round after its end date as going live would
 * fix it, and drawn now: freezing it now moves it to the round after now, out the margin later.
 */
async function closedBeaconPrize(t: TestApp, beacon: LocalBeacon) {
  const closed = await closedPrize(t);
  const [row] = await t.db.select().from(prizes).where(eq(prizes.id, closed.prize.id));
  const fixed = await drandBeacon(t.config.drawBeacon!).roundAfter(row!.endDate);
  await t.db.update(prizes).set({ beacon: fixed }).where(eq(prizes.id, row!.id));
  expect(fixed.round).toBe(roundAfter(beacon.chain, row!.endDate));
  return closed;
}

const waitForRound = (t: TestApp) => t.clock.advance((ROUND_MARGIN_SECONDS + 5) * 1000);

describe('draws with a public randomness beacon', () => {
  it('fix the first round after the end date when the prize goes live, and move it with the end date', async () => {
    const { t, beacon } = await withBeacon('2026-11-22T10:00:00Z');
    const headers = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const created = await inject(t, prizesApi.create, { headers, body: prizeBody });
    expect(created.statusCode).toBe(201);
    const id = created.data().prize._id;
    const beaconRound = async () =>
      (await inject(t, prizesApi.prize, { params: { id } })).data().prize.beaconRound;
    const expected = {
      network: `drand chain ${beacon.chainHash.slice(0, 12)}`,
      round: roundAfter(beacon.chain, new Date(prizeBody.endDate)),
    };
    expect(await beaconRound()).toEqual(expected);

    const later = '2026-12-11T20:00:00Z';
    await inject(t, prizesApi.update, { params: { id }, headers, body: { endDate: later } });
    expect(await beaconRound()).toEqual({
      ...expected,
      round: roundAfter(beacon.chain, new Date(later)),
    });

    // A draft commits to nothing until it goes live.
    const draft = await inject(t, prizesApi.create, { headers, body: { ...prizeBody, status: 'draft' } });
    expect(draft.data().prize).toMatchObject({ beaconRound: null, commitment: null });
    const live = await inject(t, prizesApi.update, {
      params: { id: draft.data().prize._id },
      headers,
      body: { status: 'active' },
    });
    expect(live.data().prize.beaconRound).toEqual(expected);
  });

  it('draw with the round’s randomness, publish it with its signature, and the proof verifies', async () => {
    const { t, beacon } = await withBeacon();
    const { prize, admin } = await closedBeaconPrize(t, beacon);

    // Frozen now, so the round is the first out the margin after now: not yet published.
    const early = await draw(t, prize.id, admin);
    expect(early.statusCode).toBe(503);
    expect(early.json().error).toContain('the round is not out yet');
    const [frozen] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(frozen!.snapshotAt).toEqual(t.clock.now());
    expect(frozen!.beacon!.round).toBe(roundAfter(beacon.chain, t.clock.now()));

    waitForRound(t);
    const res = await draw(t, prize.id, admin);
    expect(res.statusCode).toBe(200);
    const proof = (await inject(t, drawsApi.proof, { params: { id: prize.id } })).data();
    const drawnWith = proof.beacon!;
    const [row] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(proof.beacon).toEqual({ ...row!.beacon, network: `drand chain ${beacon.chainHash.slice(0, 12)}` });
    expect(proof.beacon).toMatchObject({ chainHash: beacon.chainHash, publicKey: beacon.publicKey });
    expect(drawnWith.signature).toMatch(/^[0-9a-f]{96}$/);

    // The winners come from the seed mixed with the round, not from the seed alone.
    const key = await drawKeyFor(proof.seed, drawnWith.randomness);
    expect(key).not.toBe(proof.seed);
    expect(await pickWinners(key, proof.snapshotHash, proof.participants, 2)).toEqual(proof.winners);
    expect(drawnWith.round).toBe(roundAfter(beacon.chain, new Date(proof.snapshotAt)));
    // Everything checks out; the browser still says so only for a chain it knows, and this local one it does not.
    expect(await verifyDraw({ ...proof, totalWinners: 2 })).toMatchObject({
      commitmentMatches: true,
      snapshotMatches: true,
      winnersMatch: true,
      beacon: { network: null, signatureMatches: true, randomnessMatches: true },
    });
  });

  it('wait while the round cannot be had, never falling back to the seed, and draw once it can', async () => {
    const { t, beacon } = await withBeacon();
    const { prize, admin } = await closedBeaconPrize(t, beacon);
    // The first press freezes the entries; the round it waits for is not out yet.
    expect((await draw(t, prize.id, admin)).json().error).toContain('the round is not out yet');
    waitForRound(t);

    beacon.state.down = true;
    const refused = await draw(t, prize.id, admin);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe(
      'The public randomness for this draw could not be had (the beacon answered 503), so it was not drawn; it will be tried again',
    );
    // The hourly check tries too, and leaves it for the next hour.
    const check = await inject(t, drawsApi.check, { headers: admin });
    expect(check.data().message).toBe('Draw check complete: 1 closed, 0 drawn');

    beacon.state.down = false;
    beacon.state.forge = true;
    const forged = await draw(t, prize.id, admin);
    expect(forged.statusCode).toBe(503);
    expect(forged.json().error).toContain('its signature did not verify');
    expect(await t.db.select().from(wins).where(eq(wins.prizeId, prize.id))).toEqual([]);
    const [waiting] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(waiting).toMatchObject({ status: 'ready_to_draw', drawnAt: null });

    beacon.state.forge = false;
    const retry = await inject(t, drawsApi.check, { headers: admin });
    expect(retry.data().message).toBe('Draw check complete: 0 closed, 1 drawn');
    expect(await t.db.select().from(wins).where(eq(wins.prizeId, prize.id))).toHaveLength(2);
  });

  it('refuse to draw a prize committed to a round once the beacon is switched off', async () => {
    const fixed = { ...QUICKNET, round: 1000 };
    const t = await buildTestApp({ clock: new TestClock(FRIDAY_EVENING) });
    const { prize, admin } = await closedPrize(t);
    await t.db.update(prizes).set({ beacon: fixed }).where(eq(prizes.id, prize.id));
    const res = await draw(t, prize.id, admin);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(
      'The public randomness for this draw could not be had (the beacon is switched off (DRAW_BEACON)), so it was not drawn; it will be tried again',
    );
    expect(await t.db.select().from(wins).where(eq(wins.prizeId, prize.id))).toEqual([]);
  });

  it('give a prize that went live before the beacon was on a round when its entries are frozen', async () => {
    const { t, beacon } = await withBeacon();
    const { prize, admin } = await closedPrize(t);
    expect(await draw(t, prize.id, admin)).toMatchObject({ statusCode: 503 });
    const [frozen] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(frozen!.beacon).toMatchObject({
      chainHash: beacon.chainHash,
      round: roundAfter(beacon.chain, t.clock.now()),
    });
    waitForRound(t);
    expect((await draw(t, prize.id, admin)).statusCode).toBe(200);
    expect((await inject(t, drawsApi.proof, { params: { id: prize.id } })).data().beacon).toMatchObject({
      round: frozen!.beacon!.round,
    });
  });

  it('take a chain’s timing only from info that carries the configured key', async () => {
    const clock = new TestClock('2026-11-22T10:00:00Z');
    const beacon = await startBeacon({ now: () => clock.now() });
    beacons.push(beacon);
    const t = await buildTestApp({
      clock,
      env: {
        ...beacon.env,
        DRAND_PUBLIC_KEY: `${beacon.publicKey.startsWith('aa') ? 'ab' : 'aa'}${beacon.publicKey.slice(2)}`,
      },
    });
    const headers = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const res = await inject(t, prizesApi.create, { headers, body: prizeBody });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toContain('the chain’s info does not match its configured key');
    expect(await t.db.select().from(prizes)).toEqual([]);
  });

  it('are configured with DRAW_BEACON, quicknet by default', () => {
    expect(loadConfig({}).drawBeacon).toBeUndefined();
    expect(loadConfig({ DRAW_BEACON: 'drand' }).drawBeacon).toEqual({
      url: 'https://api.drand.sh',
      chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
      publicKey: expect.stringMatching(/^83cf0f28/),
    });
    expect(() => loadConfig({ DRAW_BEACON: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ DRAW_BEACON: 'drand', DRAND_CHAIN_HASH: 'abc' })).toThrow(
      'Invalid configuration: DRAND_CHAIN_HASH must be 64 hex digits',
    );
  });
});
