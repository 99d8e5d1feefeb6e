import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { lastMailTo } from '../../../../tests/helpers/mail';
import { sendOn } from '../../../../tests/helpers/notifications';
import { closedPrize, draw, FRIDAY_EVENING } from '../../../../tests/helpers/prizes';
import { analyticsApi } from '../../../contract/analytics';
import { approvalsApi } from '../../../contract/approvals';
import { drawsApi } from '../../../contract/draws';
import { ACHIEVEMENTS } from '../../../contract/gamification-rules';
import { winsApi } from '../../../contract/wins';
import { drawKeyFor, verifyDraw } from '../../../shared/draw';
import { pickWinners } from '../../../shared/draw-keys';
import { auditLog, ledgerEntries, prizeEntries, userAchievements, users, wins } from '../../db/schema';
import { londonDay } from '../../lib/london';
import { awardAchievements } from '../earning/achievements';
import { listOf } from '../notifications/test-setup';
import { passOnUnclaimed } from './disqualify';

/** A drawn prize with its whole ranking as the proof lets anyone work it out, and who each pseudonym is. */
async function drawn(t: TestApp, opts: { people?: number; totalWinners?: number } = {}) {
  t.clock.set(FRIDAY_EVENING);
  const { prize, people, admin } = await closedPrize(t, {
    people: opts.people ?? 6,
    totalWinners: opts.totalWinners ?? 2,
  });
  expect((await draw(t, prize.id, admin)).statusCode).toBe(200);
  const proof = await getProof(t, prize.id);
  const ranking = await pickWinners(
    await drawKeyFor(proof.seed),
    proof.snapshotHash,
    proof.participants,
    proof.participants.length,
  );
  const holders = await t.db.select().from(prizeEntries).where(eq(prizeEntries.prizeId, prize.id));
  const userOf = (pid: string) => holders.find((h) => h.pid === pid)!.userId;
  return { prize, people, admin, ranking, userOf };
}

const getProof = async (t: TestApp, id: string) =>
  (await inject(t, drawsApi.proof, { params: { id } })).data();
const verified = async (t: TestApp, id: string) => {
  const proof = await getProof(t, id);
  return verifyDraw({ ...proof, totalWinners: proof.prize.totalWinners });
};
const disqualify = (
  t: TestApp,
  admin: Record<string, string>,
  prizeId: string,
  userId: string,
  reason = 'Fraud: a ring of accounts',
) => inject(t, drawsApi.disqualify, { params: { id: prizeId, userId }, headers: admin, body: { reason } });

const prizeValueOfToday = async (t: TestApp, admin: Record<string, string>) => {
  const day = londonDay(t.clock.now());
  const answer = await inject(t, analyticsApi.days, { query: { from: day, to: day }, headers: admin });
  return answer.data().days[0]!.prizeValue;
};

const lineOf = async (t: TestApp, admin: Record<string, string>, prizeId: string, userId: string) =>
  inject(t, drawsApi.line, { params: { id: prizeId, userId }, headers: admin });

/** Asks to disqualify as `admin`, and a second admin approves it: answers the approval's answer. */
async function disqualifyApproved(
  t: TestApp,
  admin: Record<string, string>,
  prizeId: string,
  userId: string,
  reason?: string,
) {
  const asked = await disqualify(t, admin, prizeId, userId, reason);
  expect(asked.statusCode, asked.body).toBe(202);
  const second = await createUser(t.db, { role: 'admin' });
  const headers = await authHeader(t.db, second.id, { at: t.clock.now() });
  return inject(t, approvalsApi.approve, { params: { id: asked.json().approval._id }, headers });
}

describe('disqualifying a winner', () => {
  it("passes the place to the next participant in the draw's ranking, who is told, and /draws/:id verifies it", async () => {
    const t = await buildTestApp();
    const { prize, admin, ranking, userOf } = await drawn(t);
    const [first, second, third] = ranking;
    const before = await getProof(t, prize.id);
    expect(before.replacements).toEqual([]);
    const { etag } = (await inject(t, drawsApi.proof, { params: { id: prize.id } })).headers;
    // The console says how many are still in line, never who: whoever could see it could choose.
    expect((await lineOf(t, admin, prize.id, userOf(first!))).json()).toEqual({ nextInLine: 4 });

    // Nothing changes until a second member of staff who may run draws approves.
    const asked = await disqualify(t, admin, prize.id, userOf(first!));
    expect(asked.statusCode).toBe(202);
    expect(asked.json().approval).toMatchObject({
      kind: 'pass_on',
      status: 'pending',
      summary: expect.stringMatching(
        new RegExp(
          `^Disqualify .+, the winner of place 1 in "${prize.title}", and pass the place to the next eligible participant in the draw \\(Fraud: a ring of accounts\\)$`,
        ),
      ),
    });
    expect(JSON.stringify(asked.json())).not.toContain(userOf(third!));
    expect((await getProof(t, prize.id)).replacements).toEqual([]);
    expect((await disqualify(t, admin, prize.id, userOf(first!))).json().code).toBe('approval_pending');
    const decide = (headers: Record<string, string>) =>
      inject(t, approvalsApi.approve, { params: { id: asked.json().approval._id }, headers });
    const finance = await createUser(t.db, { role: 'finance' });
    expect((await decide(await authHeader(t.db, finance.id, { at: t.clock.now() }))).json().code).toBe(
      'forbidden',
    );
    const colleague = await createUser(t.db, { role: 'admin' });
    const res = await decide(await authHeader(t.db, colleague.id, { at: t.clock.now() }));
    expect(res.statusCode).toBe(200);
    const [next] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, userOf(third!)));
    await sendOn(t);
    expect(await lastMailTo(t.db, next!.email)).toMatchObject({ subject: `You won ${prize.title}!` });

    // A place passed on is a new proof: the version a client holds is no longer it.
    const newer = await inject(t, drawsApi.proof, {
      params: { id: prize.id },
      headers: { 'if-none-match': etag as string },
    });
    expect(newer.statusCode).toBe(200);
    expect(newer.headers.etag).not.toBe(etag);
    const proof = await getProof(t, prize.id);
    expect(proof.winners).toEqual([first, second]);
    expect(proof.replacements).toEqual([
      { place: 1, from: first, to: third, reason: 'disqualified', skipped: [] },
    ]);
    const check = await verifyDraw({ ...proof, totalWinners: proof.prize.totalWinners });
    expect(check.verified).toBe(true);
    expect(check.replacements[0]!.matches).toBe(true);

    const rows = await t.db.select().from(wins).where(eq(wins.prizeId, prize.id));
    expect(rows.find((w) => w.pid === first)).toMatchObject({ forfeitReason: 'disqualified', position: 1 });
    expect(rows.find((w) => w.pid === third)).toMatchObject({
      forfeitedAt: null,
      position: 1,
      drawnAt: t.clock.now(),
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'winner.disqualify'));
    expect(audit!.summary).toBe(
      `Disqualified the winner of place 1 in "${prize.title}" (Fraud: a ring of accounts); the place passed to the next eligible participant in the draw`,
    );

    const again = await disqualify(t, admin, prize.id, userOf(first!));
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      "This winner's place was already passed on",
    ]);
    // The new winner's place too is passed on only with a second member of staff, whose approval
    // names nobody beforehand.
    expect(
      (await disqualifyApproved(t, admin, prize.id, userOf(third!), 'Also part of the ring')).statusCode,
    ).toBe(200);
    const passed = (await getProof(t, prize.id)).replacements;
    expect(passed).toHaveLength(2);
    expect(passed[1]).toMatchObject({ place: 1, from: third, reason: 'disqualified' });
    expect((await verified(t, prize.id)).verified).toBe(true);
  });

  it('takes back what the lost win unlocked through the ledger, the level its reward reached too, with notices, and a later win unlocks them again', async () => {
    const t = await buildTestApp();
    const { prize, admin, ranking, userOf } = await drawn(t, { totalWinners: 1 });
    const loser = userOf(ranking[0]!);
    const unlocked = async () =>
      (await t.db.select().from(userAchievements).where(eq(userAchievements.userId, loser))).map(
        (a) => a.achievementId,
      );
    const account = async () => {
      const [u] = await t.db.select().from(users).where(eq(users.id, loser));
      return { available: u!.availableEntries, earned: u!.totalEntries };
    };
    expect(await unlocked()).toContain('first_win');
    const before = await account();

    t.clock.advance(60_000);
    expect((await disqualifyApproved(t, admin, prize.id, loser)).statusCode).toBe(200);
    // The level the win's reward reached goes with it: first_entry's 50 alone are level 2.
    expect(await unlocked()).toEqual(['first_entry']);
    const reward = (id: string) => ACHIEVEMENTS.find((a) => a.id === id)!.reward;
    const lost = reward('first_win') + reward('level_5');
    expect(await account()).toEqual({ available: before.available - lost, earned: before.earned - lost });
    const taken = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, loser), eq(ledgerEntries.reason, 'achievement_taken_back')));
    expect(taken.map((r) => [r.account, r.amount, r.reference]).sort()).toEqual([
      ['entries', -reward('first_win'), 'first_win'],
      ['entries', -reward('level_5'), 'level_5'],
    ]);
    const headers = await authHeader(t.db, loser, { at: t.clock.now() });
    const { notifications } = await listOf(t, headers);
    expect(notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'adjustment',
          title: `Your entries were corrected: −${reward('first_win')}`,
          body: 'Reason: "Winner!" was unlocked by a win you no longer hold',
        }),
        expect.objectContaining({ body: 'Reason: "Rising star" was unlocked by a win you no longer hold' }),
      ]),
    );
    // The balance never left the ledger.
    const [sum] = await t.db
      .select({ n: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, loser), eq(ledgerEntries.account, 'entries')));
    expect(sum!.n).toBe((await account()).available);

    // A win held later unlocks it again, and pays for it again.
    const other = await createPrize(t.db, t.clock.now(), { title: 'Another prize' });
    t.clock.advance(60_000);
    await t.db.transaction(async (tx) => {
      await tx
        .insert(wins)
        .values({ prizeId: other.id, userId: loser, pid: 'p-later', position: 1, drawnAt: t.clock.now() });
      expect(await awardAchievements(tx, loser, t.clock.now())).toEqual(['first_win', 'level_5']);
    });
    expect((await account()).available).toBe(before.available);
  });

  it('passes the place on when a winner confirms being under age, and the proof still verifies', async () => {
    const t = await buildTestApp();
    const { prize, ranking, userOf } = await drawn(t, { totalWinners: 1 });
    const [first, second] = ranking;
    const headers = await authHeader(t.db, userOf(first!), { at: t.clock.now() });
    const body = {
      fullName: 'Young Winner',
      county: 'Kent',
      dateOfBirth: '2015-01-01',
      address: '1 High Street, Leeds',
      postcode: 'LS1 4AP',
      confirmUnderage: true as const,
    };
    const res = await inject(t, winsApi.claim, { params: { prizeId: prize.id }, headers, body });
    expect([res.statusCode, res.json().code]).toEqual([403, 'under_18']);
    const proof = await getProof(t, prize.id);
    expect(proof.replacements).toEqual([
      { place: 1, from: first, to: second, reason: 'ineligible', skipped: [] },
    ]);
    expect((await verified(t, prize.id)).verified).toBe(true);
    const rows = await t.db.select().from(wins).where(eq(wins.prizeId, prize.id));
    expect(rows.find((w) => w.pid === first)).toMatchObject({ forfeitReason: 'under_18' });
    expect(rows.find((w) => w.pid === second)).toMatchObject({ forfeitedAt: null, position: 1 });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'winner.under_18'));
    expect(audit!.summary).toBe(
      `The winner of place 1 in "${prize.title}" confirmed being under age on the draw date; the place passed to the next eligible participant in the draw`,
    );
  });

  it('passes over a suspended or deleted participant, and leaves the place empty when nobody eligible is left', async () => {
    const t = await buildTestApp();
    const { prize, admin, ranking, userOf } = await drawn(t, { people: 4, totalWinners: 1 });
    await t.db
      .update(users)
      .set({ suspendedAt: t.clock.now(), suspensionReason: 'x' })
      .where(eq(users.id, userOf(ranking[1]!)));
    await t.db
      .update(users)
      .set({ deletedAt: t.clock.now() })
      .where(eq(users.id, userOf(ranking[2]!)));
    expect((await lineOf(t, admin, prize.id, userOf(ranking[0]!))).json().nextInLine).toBe(3);
    await disqualifyApproved(t, admin, prize.id, userOf(ranking[0]!));
    expect((await getProof(t, prize.id)).replacements).toEqual([
      {
        place: 1,
        from: ranking[0],
        to: ranking[3],
        reason: 'disqualified',
        skipped: [ranking[1], ranking[2]],
      },
    ]);
    expect((await verified(t, prize.id)).verified).toBe(true);

    // Nobody eligible left: the place stays empty.
    const u = await buildTestApp();
    const small = await drawn(u, { people: 3, totalWinners: 1 });
    await u.db
      .update(users)
      .set({ deletedAt: u.clock.now() })
      .where(inArray(users.id, [small.userOf(small.ranking[1]!), small.userOf(small.ranking[2]!)]));
    // The Dashboard counts the prize as awarded until its only place is lost.
    expect(await prizeValueOfToday(u, small.admin)).toBe(small.prize.valuePence / 100);
    const last = await disqualifyApproved(u, small.admin, small.prize.id, small.userOf(small.ranking[0]!));
    expect(last.statusCode).toBe(200);
    expect(await prizeValueOfToday(u, small.admin)).toBe(0);
    const [audit] = await u.db.select().from(auditLog).where(eq(auditLog.action, 'winner.disqualify'));
    expect(audit!.summary).toMatch(/; no eligible participant was left$/);
    expect((await getProof(u, small.prize.id)).replacements).toEqual([
      {
        place: 1,
        from: small.ranking[0],
        to: null,
        reason: 'disqualified',
        skipped: [small.ranking[1], small.ranking[2]],
      },
    ]);
    expect((await verified(u, small.prize.id)).verified).toBe(true);
  });

  it('is refused for a prize not drawn, someone who did not win, a short reason, and a member', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, people, admin } = await closedPrize(t);
    expect((await disqualify(t, admin, prize.id, people[0]!.id)).json()).toMatchObject({ code: 'not_drawn' });
    await draw(t, prize.id, admin);
    const loser = (await t.db.select().from(wins).where(eq(wins.prizeId, prize.id))).map((w) => w.userId);
    const nonWinner = people.find((p) => !loser.includes(p.id))!;
    expect((await disqualify(t, admin, prize.id, nonWinner.id)).statusCode).toBe(404);
    expect((await lineOf(t, admin, prize.id, nonWinner.id)).statusCode).toBe(404);
    expect((await disqualify(t, admin, prize.id, loser[0]!, 'no')).statusCode).toBe(400);
    expect((await disqualify(t, admin, prize.id, 'nope')).statusCode).toBe(404);
    const member = await createUser(t.db);
    expect((await disqualify(t, await authHeader(t.db, member.id), prize.id, loser[0]!)).statusCode).toBe(
      403,
    );
    expect(
      (await t.db.select().from(wins).where(eq(wins.prizeId, prize.id))).every((w) => !w.forfeitedAt),
    ).toBe(true);
  });
});

describe('wins not claimed in time', () => {
  it('are passed on by the daily job after 7 days, once, and the claimed ones are kept', async () => {
    const t = await buildTestApp();
    const { prize, ranking, userOf, admin } = await drawn(t);
    await t.db
      .update(wins)
      .set({ claimedAt: t.clock.now() })
      .where(eq(wins.userId, userOf(ranking[1]!)));
    const site = { clock: t.clock };
    t.clock.advance(7 * 86_400_000 - 1000);
    expect(await passOnUnclaimed(t.db, site)).toEqual({ passed: 0 });
    t.clock.advance(2000);
    expect(await passOnUnclaimed(t.db, site)).toEqual({ passed: 1 });
    expect(await passOnUnclaimed(t.db, site)).toEqual({ passed: 0 });
    const proof = await getProof(t, prize.id);
    expect(proof.replacements).toEqual([
      { place: 1, from: ranking[0], to: ranking[2], reason: 'unclaimed', skipped: [] },
    ]);
    expect((await verified(t, prize.id)).verified).toBe(true);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'winner.unclaimed'));
    expect(audit).toMatchObject({ actorId: null, targetId: `${prize.id}/${userOf(ranking[0]!)}` });
    // The new winner has 7 days from now to claim.
    t.clock.advance(6 * 86_400_000);
    expect(await passOnUnclaimed(t.db, site)).toEqual({ passed: 0 });
    t.clock.advance(86_400_000 + 1000);
    expect(await passOnUnclaimed(t.db, site)).toEqual({ passed: 1 });
    expect((await verified(t, prize.id)).verified).toBe(true);
    // A place passed on by the rules can still be passed on by staff, should its winner now cheat.
    const holder = (await getProof(t, prize.id)).replacements.at(-1)!.to!;
    expect((await disqualifyApproved(t, admin, prize.id, userOf(holder))).statusCode).toBe(200);
  });
});
