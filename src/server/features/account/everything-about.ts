import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AccountExport } from '../../../contract/account';
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
import { after, exactTime, pages } from '../../lib/cursor';
import type { StreamedField } from '../../lib/json-stream';
import type { Person } from './repository';

/** The parts of the download read here: all but when it was made, the account and its sessions. */
export type ExportPart = Exclude<keyof AccountExport, 'exportedAt' | 'account' | 'sessions'>;

/** Rows read at a time from a member's longer tables. */
export const EXPORT_PAGE = 2_000;

/**
 * A member's rows of one table, page after page in the order of `order` (the columns of an index
 * that starts with the member, the last one unique), each written without the sort key it was
 * read with: the ledger of a member with years of history is read as a member's page is.
 */
function paged<Row extends Record<string, unknown>>(
  order: PgColumn[],
  read: (
    keyed: { key: SQL<string> },
    after: (cols: PgColumn[]) => SQL | undefined,
    take: number,
  ) => Promise<(Row & { key: string })[]>,
) {
  // The key as text in a JSON array: the time to the microsecond, and the rest as they are.
  const key = sql<string>`json_build_array(${sql.join(
    order.map((c) => (c.columnType === 'PgTimestamp' ? exactTime(c) : sql`${c}`)),
    sql`, `,
  )})::text`;
  return (async function* () {
    const rows = pages<Row & { key: string }>(
      (last) => read({ key }, (cols) => after(cols, last && JSON.parse(last.key), 'asc'), EXPORT_PAGE),
      EXPORT_PAGE,
    );
    for await (const { key: _key, ...row } of rows) yield row;
  })();
}

/** Every row held about the user, for the data download: each part read when its turn comes. */
export function everythingAbout(db: Executor, user: Person): Record<ExportPart, StreamedField> {
  const byEmail = user.emailVerifiedAt ? user.email : null;
  const ledgerOrder = [ledgerEntries.account, ledgerEntries.createdAt, ledgerEntries.id];
  const completionOrder = [taskCompletions.id];
  const entryOrder = [prizeEntries.updatedAt, prizeEntries.prizeId];
  const referralOrder = [users.createdAt, users.id];
  const spinOrder = [wheelSpins.spunAt, wheelSpins.id];
  const payoutOrder = [withdrawals.requestedAt, withdrawals.id];
  const mailOrder = [mailOutbox.id];
  const signInOrder = [signIns.at, signIns.id];
  const noticeOrder = [notifications.createdAt, notifications.id];
  return {
    // Each balance in turn, oldest first, along the member's own ledger index.
    ledger: () =>
      paged(ledgerOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            account: ledgerEntries.account,
            amount: ledgerEntries.amount,
            reason: ledgerEntries.reason,
            reference: ledgerEntries.reference,
            createdAt: ledgerEntries.createdAt,
          })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, user.id), from(ledgerOrder)))
          .orderBy(...ledgerOrder.map((c) => asc(c)))
          .limit(take),
      ),
    prizeEntries: () =>
      paged(entryOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            prizeId: prizes.id,
            prize: prizes.title,
            entries: prizeEntries.entries,
            updatedAt: prizeEntries.updatedAt,
          })
          .from(prizeEntries)
          .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
          .where(and(eq(prizeEntries.userId, user.id), from(entryOrder)))
          .orderBy(...entryOrder.map((c) => asc(c)))
          .limit(take),
      ),
    wins: () =>
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
    taskCompletions: () =>
      paged(completionOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            task: tasks.title,
            entriesAwarded: taskCompletions.entriesAwarded,
            completedAt: taskCompletions.completedAt,
          })
          .from(taskCompletions)
          .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
          .where(and(eq(taskCompletions.userId, user.id), from(completionOrder)))
          .orderBy(asc(taskCompletions.id))
          .limit(take),
      ),
    offers: () =>
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
    referrals: () =>
      paged(referralOrder, ({ key }, from, take) =>
        db
          .select({ key, joinedAt: users.createdAt, deleted: isNotNull(users.deletedAt).mapWith(Boolean) })
          .from(users)
          .where(and(eq(users.referredBy, user.id), from(referralOrder)))
          .orderBy(...referralOrder.map((c) => asc(c)))
          .limit(take),
      ),
    achievements: () =>
      db
        .select({ achievement: userAchievements.achievementId, awardedAt: userAchievements.awardedAt })
        .from(userAchievements)
        .where(eq(userAchievements.userId, user.id)),
    streak: async () =>
      (
        await db
          .select({ current: streaks.current, longest: streaks.longest, lastDay: streaks.lastDay })
          .from(streaks)
          .where(eq(streaks.userId, user.id))
      )[0] ?? null,
    wheelSpins: () =>
      paged(spinOrder, ({ key }, from, take) =>
        db
          .select({ key, prize: wheelSpins.prizeId, spunAt: wheelSpins.spunAt })
          .from(wheelSpins)
          .where(and(eq(wheelSpins.userId, user.id), from(spinOrder)))
          .orderBy(...spinOrder.map((c) => asc(c)))
          .limit(take),
      ),
    withdrawals: () =>
      paged(payoutOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            amountPence: withdrawals.amountPence,
            method: withdrawals.method,
            details: withdrawals.details,
            status: withdrawals.status,
            requestedAt: withdrawals.requestedAt,
            settledAt: withdrawals.settledAt,
          })
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, user.id), from(payoutOrder)))
          .orderBy(...payoutOrder.map((c) => asc(c)))
          .limit(take),
      ),
    contactMessages: () =>
      db
        .select({
          name: contactMessages.name,
          subject: contactMessages.subject,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(byEmail ? eq(contactMessages.email, byEmail) : sql`false`),
    mail: () =>
      paged(mailOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            subject: mailOutbox.subject,
            text: mailOutbox.text,
            status: mailOutbox.status,
            createdAt: mailOutbox.createdAt,
          })
          .from(mailOutbox)
          .where(and(byEmail ? eq(mailOutbox.to, byEmail) : sql`false`, from(mailOrder)))
          .orderBy(asc(mailOutbox.id))
          .limit(take),
      ),
    leaderboardTotals: () =>
      db
        .select({
          period: entryTotals.period,
          periodStart: entryTotals.periodStart,
          entries: entryTotals.entries,
        })
        .from(entryTotals)
        .where(eq(entryTotals.userId, user.id)),
    leaderboardPrizes: () =>
      db
        .select({
          weekStart: leaderboardPayouts.weekStart,
          rank: leaderboardPayouts.rank,
          amountPence: leaderboardPayouts.amountPence,
          paidAt: leaderboardPayouts.paidAt,
        })
        .from(leaderboardPayouts)
        .where(eq(leaderboardPayouts.userId, user.id)),
    signIns: () =>
      paged(signInOrder, ({ key }, from, take) =>
        db
          .select({ key, kind: signIns.kind, at: signIns.at, ip: signIns.ip, deviceId: signIns.deviceId })
          .from(signIns)
          .where(and(eq(signIns.userId, user.id), from(signInOrder)))
          .orderBy(...signInOrder.map((c) => asc(c)))
          .limit(take),
      ),
    notifications: () =>
      paged(noticeOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            type: notifications.type,
            title: notifications.title,
            body: notifications.body,
            createdAt: notifications.createdAt,
            readAt: notifications.readAt,
          })
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), from(noticeOrder)))
          .orderBy(...noticeOrder.map((c) => asc(c)))
          .limit(take),
      ),
    notificationPreferences: async () =>
      (
        await db
          .select({
            email: notificationPreferences.email,
            push: notificationPreferences.push,
            newsConsentAt: notificationPreferences.newsConsentAt,
            updatedAt: notificationPreferences.updatedAt,
          })
          .from(notificationPreferences)
          .where(eq(notificationPreferences.userId, user.id))
      )[0] ?? null,
    pushSubscriptions: () =>
      db
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id)),
  };
}
