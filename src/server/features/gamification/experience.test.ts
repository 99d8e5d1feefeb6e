import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { offerWallEnv, postback, signedPostback } from '../../../../tests/helpers/offers';
import { approvalsApi } from '../../../contract/approvals';
import { authApi } from '../../../contract/auth';
import { gamificationApi } from '../../../contract/gamification';
import { membersApi } from '../../../contract/members-api';
import { tasksApi } from '../../../contract/tasks';
import { ledgerEntries, notifications, tasks, users } from '../../db/schema';
import { levelFor } from '../earning/levels';

// DESIGN §16, "A correction unlocks nothing": experience, levels and the entries-earned achievements
// count what a member earned themselves, less what was taken back.

async function member(t: TestApp) {
  const user = await createUser(t.db, { username: 'Cory Corrected' });
  return { id: user.id, headers: await authHeader(t.db, user.id) };
}

/** Completes a new task worth `entriesReward`; answers the achievements it unlocked. */
async function completeTaskWorth(t: TestApp, headers: Record<string, string>, entriesReward: number) {
  const [task] = await t.db
    .insert(tasks)
    .values({ type: 'email_signup', platform: 'affiliate', title: 'Sign up', entriesReward })
    .returning();
  const done = await inject(t, tasksApi.complete, { params: { id: task!.id }, headers, body: undefined });
  return done.data().newAchievements;
}

const stats = async (t: TestApp, headers: Record<string, string>) =>
  (await inject(t, gamificationApi.stats, { headers })).data();

describe('experience', () => {
  it('does not count a correction, even one a second person approved: +1,500 unlocks no achievement and no level', async () => {
    const t = await buildTestApp();
    const finance = await createUser(t.db, { role: 'finance' });
    const owner = await createUser(t.db, { role: 'owner' });
    const cory = await member(t);
    // Past APPROVAL_ENTRIES' default of 1,000: it waits for a second person.
    const amount = 1500;

    const asked = await inject(t, membersApi.adjust, {
      params: { id: cory.id },
      headers: await authHeader(t.db, finance.id),
      body: { account: 'entries', amount, reason: 'Goodwill after an outage' },
    });
    expect(asked.statusCode).toBe(202);
    const approved = await inject(t, approvalsApi.approve, {
      params: { id: asked.json().approval._id },
      headers: await authHeader(t.db, owner.id),
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // The dashboard's "earned" counts it, so what is available never exceeds it (DESIGN §13).
    const me = (await inject(t, authApi.me, { headers: cory.headers })).data().user;
    expect(me).toMatchObject({ availableEntries: amount, totalEntries: amount });
    expect(await stats(t, cory.headers)).toMatchObject({ level: 1, experience: 0, achievements: [] });

    // The member's next earning unlocks what it earns, and nothing the correction would have reached.
    expect(await completeTaskWorth(t, cory.headers, 10)).toEqual(['first_task']);
    const after = await stats(t, cory.headers);
    expect(after).toMatchObject({ ...levelFor(10 + 25), achievements: [{ id: 'first_task' }] });
    expect(after.progress).toMatchObject({ entriesEarned: 35, level: levelFor(35).level });
    const [row] = await t.db.select().from(users).where(eq(users.id, cory.id));
    expect(row).toMatchObject({ totalEntries: amount + 35, experience: 35 });
  });

  it('takes back with a reversed offer what it unlocked, as a lost win does: rewards, level and all', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const cory = await member(t);
    const offer = { user_id: cory.id, transaction_id: 'tx-big', amount: '1200' };
    expect((await postback(t, signedPostback({ ...offer, status: '1' }))).body).toBe('1');
    const credited = await stats(t, cory.headers);
    expect(credited.experience).toBeGreaterThanOrEqual(1200);
    const unlocked = credited.achievements.map((a) => a.id);
    expect(unlocked).toContain('entries_1000');

    expect((await postback(t, signedPostback({ ...offer, status: '2' }))).body).toBe('1');
    // Everything it unlocked counted entries earned or the level, which the offer alone had reached.
    expect(await stats(t, cory.headers)).toMatchObject({ ...levelFor(0), achievements: [] });
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, cory.id));
    const takenBack = rows.filter((r) => r.reason === 'achievement_taken_back').map((r) => r.reference);
    expect(takenBack.sort()).toEqual([...unlocked].sort());
    const [row] = await t.db.select().from(users).where(eq(users.id, cory.id));
    expect(row).toMatchObject({ availableEntries: 0, totalEntries: 0, experience: 0 });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, cory.id));
    expect(told.map((n) => n.body).join('\n')).toContain('was unlocked by an offer its provider reversed');

    // A replayed reversal takes nothing more; the member's next earning counts from there.
    expect((await postback(t, signedPostback({ ...offer, status: '2' }))).body).toBe('1');
    expect(await completeTaskWorth(t, cory.headers, 10)).toEqual(['first_task']);
    expect((await stats(t, cory.headers)).experience).toBe(10 + 25);
  });
});
