import { isNotNull, lt, or } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AD_TICKET_HOURS, HOUR_MS } from '../../contract/constants';
import { addDays, londonDay } from '../lib/london';
import { ago, type PersonalData } from './personal-data';
import { MESSAGES_DATA } from './personal-data-messages';
import { SIGN_IN_DATA } from './personal-data-sign-in';
import * as t from './schema';

const ledgerKept = 'the accounts must add up and past draws must check: they hold ids and amounts, no name';

/**
 * Every table that holds a member's data, once (DESIGN §14): where their rows
 * are, what the data download calls them, what erasing the member does to
 * them, and how long rows are kept. The data download
 * (features/account/personal-data-export.ts), the erasure
 * (features/account/repository.ts) and the daily clean-up (jobs/cleanup.ts)
 * read this; a test fails when a table with a member's id, address or name is
 * missing from it, or from NOT_PERSONAL with the reason. The tables of
 * messages, mail and notifications are listed in personal-data-messages.ts,
 * and those of signing in in personal-data-sign-in.ts.
 */
export const PERSONAL_DATA: PersonalData[] = [
  {
    table: t.users,
    holds: 'name, address, how they sign in, balances',
    by: { column: t.users.id, key: 'id' },
    exported: 'account',
    // The row itself stays, with its balances (erasePersonalData): what names or reaches the person goes.
    erased: { kept: 'the row stays for the ledger; its name, address and sign-in means are blanked' },
    kept: { forGood: ledgerKept },
  },
  ...SIGN_IN_DATA,
  {
    table: t.memberNotes,
    holds: 'staff’s internal notes about a member, and who wrote each',
    by: { column: t.memberNotes.userId, key: 'id' },
    exported: {
      no: 'staff’s records of their work, like the audit chain; a request for them is answered by hand',
    },
    erased: 'deleted',
    kept: { forGood: 'until the account is erased' },
  },
  {
    table: t.approvals,
    holds: 'changes of money staff asked each other to approve, naming who asked and who decided',
    by: { column: t.approvals.requestedBy, key: 'id' },
    exported: { no: 'staff’s records of their work, like the audit chain' },
    erased: { kept: 'the audit chain refers to them; they hold ids, amounts and the words of the request' },
    kept: { forGood: 'what was approved, and by whom, must stay checkable' },
  },
  {
    table: t.ledgerEntries,
    holds: 'every credit and debit of their balances',
    by: { column: t.ledgerEntries.userId, key: 'id' },
    exported: 'ledger',
    erased: { kept: ledgerKept },
    kept: { forGood: ledgerKept },
  },
  {
    table: t.prizeEntries,
    holds: 'their entries in each prize',
    by: { column: t.prizeEntries.userId, key: 'id' },
    exported: 'prizeEntries',
    erased: { kept: ledgerKept },
    kept: { forGood: ledgerKept },
  },
  {
    table: t.wins,
    holds: 'their wins, with the delivery details they gave and the name the winners page shows',
    by: { column: t.wins.userId, key: 'id' },
    exported: 'wins',
    erased: { blanked: { deliveryDetails: null, publicName: null } },
    kept: { forGood: 'who won what is the record of each draw' },
  },
  {
    table: t.taskCompletions,
    holds: 'the tasks and ads they completed',
    by: { column: t.taskCompletions.userId, key: 'id' },
    exported: 'taskCompletions',
    erased: { kept: 'the caps and the ledger refer to them; they hold ids and times only' },
    kept: { forGood: 'the caps and the ledger refer to them' },
  },
  {
    table: t.taskCounts,
    holds: 'how many times they completed each task, and when last',
    by: { column: t.taskCounts.userId, key: 'id' },
    exported: { no: 'counts of the task completions the download lists one by one' },
    erased: { kept: 'counts of the task completions, which are kept' },
    kept: { forGood: 'counts of the task completions, kept with them' },
  },
  {
    table: t.adTickets,
    holds: 'video ads they started',
    by: { column: t.adTickets.userId, key: 'id' },
    exported: { no: 'lives for minutes, while an ad plays' },
    erased: 'deleted',
    kept: {
      expired: (now) =>
        or(isNotNull(t.adTickets.usedAt), lt(t.adTickets.issuedAt, ago(now, AD_TICKET_HOURS * HOUR_MS)))!,
      batchKey: t.adTickets.ticketHash,
    },
  },
  {
    table: t.offerTransactions,
    holds: 'offers they completed on the offer walls',
    by: { column: t.offerTransactions.userId, key: 'id' },
    exported: 'offers',
    erased: { kept: 'a provider’s later reversal must find its credit' },
    kept: { forGood: 'a provider’s later reversal must find its credit' },
  },
  {
    table: t.streaks,
    holds: 'their run of daily visits',
    by: { column: t.streaks.userId, key: 'id' },
    exported: 'streak',
    erased: { kept: 'days and counts, no name' },
    kept: { forGood: 'it is the member’s own progress' },
  },
  {
    table: t.userAchievements,
    holds: 'the achievements they unlocked',
    by: { column: t.userAchievements.userId, key: 'id' },
    exported: 'achievements',
    erased: { kept: ledgerKept },
    kept: { forGood: ledgerKept },
  },
  {
    table: t.entryTotals,
    holds: 'entries earned each week, month and in all, for the leaderboards',
    by: { column: t.entryTotals.userId, key: 'id' },
    exported: 'leaderboardTotals',
    erased: 'deleted',
    kept: { forGood: 'the all-time leaderboard' },
  },
  {
    table: t.rankMarks,
    holds: 'their leaderboard total, when it falls on a mark every 500 places',
    by: { column: t.rankMarks.userId, key: 'id' },
    exported: { no: 'a copy of a leaderboard total the download lists' },
    // A position is then counted from the mark before: as exact, a few rows longer.
    erased: 'deleted',
    kept: { forGood: 'replaced by the next build, within minutes' },
  },
  {
    table: t.leaderboardPayouts,
    holds: 'weekly leaderboard prizes paid to them',
    by: { column: t.leaderboardPayouts.userId, key: 'id' },
    exported: 'leaderboardPrizes',
    erased: { kept: ledgerKept },
    kept: { forGood: ledgerKept },
  },
  {
    table: t.playDays,
    holds: 'the UK days and hours they played, for the wellbeing signals',
    by: { column: t.playDays.userId, key: 'id' },
    exported: { no: 'the days and hours of the entries and spins the download lists one by one' },
    erased: 'deleted',
    kept: { forGood: 'a run of days is counted from them' },
  },
  {
    table: t.wellbeingSignals,
    holds: 'the wellbeing signals their play raised',
    by: { column: t.wellbeingSignals.userId, key: 'id' },
    exported: { no: 'the reminder each one sent is among their notifications' },
    erased: 'deleted',
    kept: { forGood: 'each is raised once per run of days or night' },
  },
  {
    table: t.wheelSpins,
    holds: 'their spins of the wheel and what they won',
    by: { column: t.wheelSpins.userId, key: 'id' },
    exported: 'wheelSpins',
    erased: { kept: ledgerKept },
    kept: { forGood: ledgerKept },
  },
  {
    table: t.withdrawals,
    holds: 'cash they asked to be paid, and where to pay it',
    by: { column: t.withdrawals.userId, key: 'id' },
    exported: 'withdrawals',
    erased: { blanked: { details: {} } },
    kept: { forGood: 'money paid out is kept on record' },
  },
  {
    table: t.memberRisk,
    holds: 'fraud signals worked out from their sign-ins and activity',
    by: { column: t.memberRisk.userId, key: 'id' },
    exported: { no: 'worked out again from the rest at any time' },
    erased: 'deleted',
    kept: { forGood: 'refreshed as the member acts' },
  },
  {
    table: t.referralHolds,
    holds: 'a referral held because the friend shared an address or device with them',
    by: { column: t.referralHolds.friendId, key: 'id' },
    exported: { no: 'a decision staff make about a referral, not data the member gave' },
    erased: { blanked: { shared: 'an address or device' } },
    kept: { forGood: 'whether a referral was paid is kept on record' },
  },
  ...MESSAGES_DATA,
  {
    table: t.dailyActive,
    holds: 'that they were active on a day, for that day’s count',
    by: { column: t.dailyActive.userId, key: 'id' },
    exported: { no: 'a mark for today’s count, gone tomorrow' },
    erased: 'deleted',
    kept: {
      expired: (now) => lt(t.dailyActive.day, addDays(londonDay(now), -1)),
      batchKey: t.dailyActive.userId,
    },
  },
];

/** Tables with a column that looks personal but holds no member's data, and why. */
export const NOT_PERSONAL: Array<{ table: PgTable; why: string }> = [
  { table: t.siteKeys, why: 'name is the key’s' },
  { table: t.drawSnapshots, why: 'a drawn prize’s public proof: pseudonyms and masked names' },
  { table: t.offerWalls, why: 'name is the wall’s' },
  { table: t.auditLog, why: 'the staff member who acted and their address: the record of what staff did' },
  { table: t.contactReplies, why: 'the staff member who answered; the member’s message is erased with them' },
  { table: t.idempotencyKeys, why: 'the staff member who sent a correction, kept a day' },
];
