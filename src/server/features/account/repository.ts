import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accountTokens,
  contactMessages,
  entryTotals,
  leaderboardPayouts,
  ledgerEntries,
  loginFailures,
  mailOutbox,
  offerTransactions,
  prizeEntries,
  prizes,
  sessions,
  streaks,
  taskCompletions,
  tasks,
  userAchievements,
  users,
  wheelSpins,
  wins,
  withdrawals,
} from '../../db/schema';

export function sessionsOf(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt));
}

/** Ends one of the user's own sessions; false when they have none with that id. */
export async function deleteSessionById(db: Executor, userId: string, id: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** What stops an account being deleted yet: money on its way out, or a prize on its way in. */
export async function unfinishedBusiness(db: Executor, userId: string, deliveriesSince: Date) {
  const [pending] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')))
    .limit(1);
  const [delivery] = await db
    .select({ prizeId: wins.prizeId })
    .from(wins)
    .where(and(eq(wins.userId, userId), gt(wins.claimedAt, deliveriesSince)))
    .limit(1);
  return { pendingWithdrawal: Boolean(pending), prizeOnItsWay: Boolean(delivery) };
}

/**
 * Erases what identifies a person. The row stays, with its balances, so the
 * ledger still adds up and past draws still check; everything that names,
 * reaches or pays the person goes.
 */
export async function erasePersonalData(db: Executor, user: Person, now: Date) {
  await db
    .update(users)
    .set({
      username: 'Deleted member',
      // Not an email address, so no one can sign up with it and block the row.
      email: `deleted:${user.id}`,
      passwordHash: null,
      emailVerifiedAt: null,
      googleSub: null,
      appleSub: null,
      breakUntil: null,
      breakForGood: false,
      deletedAt: now,
    })
    .where(eq(users.id, user.id));
  await db.delete(sessions).where(eq(sessions.userId, user.id));
  await db.delete(accountTokens).where(eq(accountTokens.userId, user.id));
  await db.delete(entryTotals).where(eq(entryTotals.userId, user.id));
  await db.update(withdrawals).set({ details: {} }).where(eq(withdrawals.userId, user.id));
  await db.update(wins).set({ deliveryDetails: null }).where(eq(wins.userId, user.id));
  await db.delete(loginFailures).where(eq(loginFailures.email, user.email));
  // Anyone can write to us or be written to under any address: only a verified one is surely this person's.
  if (user.emailVerifiedAt) {
    await db.delete(contactMessages).where(eq(contactMessages.email, user.email));
    await db.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
  }
}

type Person = { id: string; email: string; emailVerifiedAt: Date | null };

/** Every row held about the user, for the data download. */
export async function everythingAbout(db: Executor, user: Person) {
  const byEmail = user.emailVerifiedAt ? user.email : null;
  const [
    ledger,
    entries,
    won,
    completions,
    offers,
    referrals,
    achievements,
    streak,
    spins,
    payouts,
    messages,
    sessionRows,
    mail,
    totals,
    leaderboardPrizes,
  ] = await Promise.all([
    db
      .select({
        account: ledgerEntries.account,
        amount: ledgerEntries.amount,
        reason: ledgerEntries.reason,
        reference: ledgerEntries.reference,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, user.id))
      .orderBy(asc(ledgerEntries.id)),
    db
      .select({
        prizeId: prizes.id,
        prize: prizes.title,
        entries: prizeEntries.entries,
        updatedAt: prizeEntries.updatedAt,
      })
      .from(prizeEntries)
      .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
      .where(eq(prizeEntries.userId, user.id)),
    db
      .select({
        prizeId: prizes.id,
        prize: prizes.title,
        drawnAt: wins.drawnAt,
        notified: wins.notified,
        claimedAt: wins.claimedAt,
        deliveryDetails: wins.deliveryDetails,
        forfeitedAt: wins.forfeitedAt,
        forfeitReason: wins.forfeitReason,
      })
      .from(wins)
      .innerJoin(prizes, eq(prizes.id, wins.prizeId))
      .where(eq(wins.userId, user.id)),
    db
      .select({
        task: tasks.title,
        entriesAwarded: taskCompletions.entriesAwarded,
        completedAt: taskCompletions.completedAt,
      })
      .from(taskCompletions)
      .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
      .where(eq(taskCompletions.userId, user.id))
      .orderBy(asc(taskCompletions.id)),
    db
      .select({
        transactionId: offerTransactions.transactionId,
        amount: offerTransactions.amount,
        status: offerTransactions.status,
        createdAt: offerTransactions.createdAt,
        reversedAt: offerTransactions.reversedAt,
      })
      .from(offerTransactions)
      .where(eq(offerTransactions.userId, user.id)),
    db
      .select({ joinedAt: users.createdAt, deleted: isNotNull(users.deletedAt).mapWith(Boolean) })
      .from(users)
      .where(eq(users.referredBy, user.id)),
    db
      .select({ achievement: userAchievements.achievementId, awardedAt: userAchievements.awardedAt })
      .from(userAchievements)
      .where(eq(userAchievements.userId, user.id)),
    db
      .select({ current: streaks.current, longest: streaks.longest, lastDay: streaks.lastDay })
      .from(streaks)
      .where(eq(streaks.userId, user.id)),
    db
      .select({ prize: wheelSpins.prizeId, spunAt: wheelSpins.spunAt })
      .from(wheelSpins)
      .where(eq(wheelSpins.userId, user.id)),
    db
      .select({
        amountPence: withdrawals.amountPence,
        method: withdrawals.method,
        details: withdrawals.details,
        status: withdrawals.status,
        requestedAt: withdrawals.requestedAt,
        settledAt: withdrawals.settledAt,
      })
      .from(withdrawals)
      .where(eq(withdrawals.userId, user.id)),
    db
      .select({
        name: contactMessages.name,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(byEmail ? eq(contactMessages.email, byEmail) : sql`false`),
    sessionsOf(db, user.id, new Date(0)),
    db
      .select({
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(byEmail ? eq(mailOutbox.to, byEmail) : sql`false`)
      .orderBy(asc(mailOutbox.id)),
    db
      .select({
        period: entryTotals.period,
        periodStart: entryTotals.periodStart,
        entries: entryTotals.entries,
      })
      .from(entryTotals)
      .where(eq(entryTotals.userId, user.id)),
    db
      .select({
        weekStart: leaderboardPayouts.weekStart,
        rank: leaderboardPayouts.rank,
        amountPence: leaderboardPayouts.amountPence,
        paidAt: leaderboardPayouts.paidAt,
      })
      .from(leaderboardPayouts)
      .where(eq(leaderboardPayouts.userId, user.id)),
  ]);
  return {
    ledger,
    prizeEntries: entries,
    wins: won,
    taskCompletions: completions,
    offers,
    referrals,
    achievements,
    streak: streak[0] ?? null,
    wheelSpins: spins,
    withdrawals: payouts,
    contactMessages: messages,
    sessions: sessionRows,
    mail,
    leaderboardTotals: totals,
    leaderboardPrizes,
  };
}
