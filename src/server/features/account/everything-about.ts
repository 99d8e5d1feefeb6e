import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  contactMessages,
  entryTotals,
  leaderboardPayouts,
  ledgerEntries,
  mailOutbox,
  notificationPreferences,
  notifications,
  offerTransactions,
  prizeEntries,
  prizes,
  pushSubscriptions,
  signIns,
  streaks,
  taskCompletions,
  tasks,
  userAchievements,
  users,
  wheelSpins,
  wins,
  withdrawals,
} from '../../db/schema';
import { type Person, sessionsOf } from './repository';

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
    signInRows,
    notes,
    choices,
    pushes,
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
    db
      .select({ kind: signIns.kind, at: signIns.at, ip: signIns.ip, deviceId: signIns.deviceId })
      .from(signIns)
      .where(eq(signIns.userId, user.id))
      .orderBy(asc(signIns.id)),
    db
      .select({
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(asc(notifications.id)),
    db
      .select({
        email: notificationPreferences.email,
        push: notificationPreferences.push,
        newsConsentAt: notificationPreferences.newsConsentAt,
        updatedAt: notificationPreferences.updatedAt,
      })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id)),
    db
      .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id)),
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
    signIns: signInRows,
    notifications: notes,
    notificationPreferences: choices[0] ?? null,
    pushSubscriptions: pushes,
  };
}
