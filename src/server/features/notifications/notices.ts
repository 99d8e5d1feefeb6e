import { CLAIM_DAYS } from '../../../contract/constants';
import type { Achievement, WithdrawalMethod } from '../../../contract/gamification-rules';
import type { NotificationType } from '../../../contract/notifications';
import type { PrizeType } from '../../../contract/prizes';
import { claimAsks } from '../../../contract/wins';
import { PAGES } from '../../../shared/pages';
import { londonDate, londonTime } from '../../lib/london';
import { pounds } from '../../lib/money';

/**
 * What each event tells a member: the words of the notification, and so of
 * its email and push. `key` names the event for that member, so it is told once.
 */
export interface Notice {
  type: NotificationType;
  key: string;
  title: string;
  body: string;
  link: string;
}

const entries = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;
const signed = (n: number) => `${n > 0 ? '+' : '−'}${Math.abs(n).toLocaleString('en-GB')}`;
/** A change of entries, as a title gives it: +1 entry, −40 entries. */
const signedEntries = (n: number) => `${signed(n)} ${Math.abs(n) === 1 ? 'entry' : 'entries'}`;

interface PrizeRef {
  id: string;
  title: string;
}

/** The key of a winner's notice of a prize: one per member and prize. */
export const winNoticeKey = (prizeId: string) => `win:${prizeId}`;
/** The prize a winner's notice is about, from its key. */
export const prizeOfWinNotice = (key: string) => key.slice('win:'.length);

export const notices = {
  /** A reminder of breaks and self-exclusion, once per run of days or per night of play (DESIGN §19). */
  wellbeing: (kind: 'days_in_a_row' | 'night', since: string): Notice => ({
    type: 'wellbeing',
    key: `wellbeing:${kind}:${since}`,
    title: kind === 'night' ? 'Playing through the night?' : 'You have played every day for a while',
    body: 'Prize draws should stay fun. If you want time away, you can take a break or exclude yourself from your account page, and free, confidential help is at GamCare (0808 8020 133).',
    link: `${PAGES.account.path}#self-exclusion`,
  }),
  /** A member's appeal decided, with the reason staff gave (DESIGN §19). */
  appealDecided: (a: { id: string; outcome: 'upheld' | 'overturned'; reason: string }): Notice => ({
    type: 'appeal_decided',
    key: `appeal:${a.id}`,
    title: a.outcome === 'overturned' ? 'Your appeal succeeded' : 'Your appeal was not upheld',
    body: a.reason,
    link: PAGES.standing.path,
  }),
  /** A missing-credit report decided: credited, with the entries, or refused, with the reason (DESIGN §19). */
  missingCredit: (c: { id: string; offerName: string; credited: number | null; reason: string }): Notice => ({
    type: 'missing_credit',
    key: `missing_credit:${c.id}`,
    title:
      c.credited === null
        ? `We could not credit “${c.offerName}”`
        : `${signedEntries(c.credited)} for “${c.offerName}”`,
    body:
      c.credited === null
        ? c.reason
        : `Your missing credit was added to your balance: ${entries(c.credited)}. ${c.reason}`,
    link: `${PAGES.tasks.path}#missing-credit`,
  }),
  win: (prize: PrizeRef & { type: PrizeType }): Notice => ({
    type: 'win',
    key: winNoticeKey(prize.id),
    title: `You won ${prize.title}!`,
    body: `${claimAsks(prize.type) === 'payout' ? 'Tell us how to pay you' : 'Confirm where to send it'} within ${CLAIM_DAYS} days to claim it. If we do not hear from you, the prize passes to the next person in the draw.`,
    link: '/wins',
  }),
  drawResult: (prize: PrizeRef): Notice => ({
    type: 'draw_result',
    key: `draw_result:${prize.id}`,
    title: `${prize.title} has been drawn`,
    body: 'You did not win this time. Anyone can check the draw was fair on its verification page.',
    link: `/draws/${prize.id}`,
  }),
  prizeClosing: (prize: PrizeRef & { endDate: Date }, held: number): Notice => ({
    type: 'prize_closing',
    key: `prize_closing:${prize.id}`,
    title: `${prize.title} closes soon`,
    body: `Entries close at ${londonTime(prize.endDate)} on ${londonDate(prize.endDate)}. You hold ${entries(held)}.`,
    link: `/prizes/${prize.id}`,
  }),
  offerCredited: (transaction: string, amount: number): Notice => ({
    type: 'offer_credited',
    key: `offer_credited:${transaction}`,
    title: `${signedEntries(amount)} from an offer`,
    body: `An offer you completed has been credited: ${entries(amount)} added to your balance.`,
    link: '/tasks',
  }),
  offerReversed: (transaction: string, amount: number): Notice => ({
    type: 'offer_reversed',
    key: `offer_reversed:${transaction}`,
    title: `${signedEntries(-amount)}: an offer was reversed`,
    body: `The offer wall reversed an offer it had credited, so ${entries(amount)} came off your balance.`,
    link: '/tasks',
  }),
  achievement: (a: Achievement): Notice => ({
    type: 'achievement',
    key: `achievement:${a.id}`,
    title: `Achievement unlocked: ${a.title}`,
    body: `${a.description}: ${signedEntries(a.reward)}.`,
    link: '/dashboard',
  }),
  messageReply: (reply: { id: string; subject: string }): Notice => ({
    type: 'message_reply',
    key: `message_reply:${reply.id}`,
    title: 'We replied to your message',
    body: `Our answer to “${reply.subject}” is in My messages, and in your email.`,
    link: PAGES.messages.path,
  }),
  withdrawalPaid: (w: { id: string; amountPence: number; method: WithdrawalMethod }): Notice => ({
    type: 'withdrawal_paid',
    key: `withdrawal_paid:${w.id}`,
    title: `Your ${pounds(w.amountPence)} withdrawal has been paid`,
    body: `We have sent ${pounds(w.amountPence)} ${{ paypal: 'to your PayPal account', bank: 'to your bank account', giftcard: 'as a gift card to your email address' }[w.method]}.`,
    link: '/dashboard',
  }),
  withdrawalRejected: (w: { id: string; amountPence: number }): Notice => ({
    type: 'withdrawal_rejected',
    key: `withdrawal_rejected:${w.id}`,
    title: `Your ${pounds(w.amountPence)} withdrawal was not paid`,
    body: `The ${pounds(w.amountPence)} is back in your cash balance. If you have a question, contact us.`,
    link: '/dashboard',
  }),
  /** A payout that failed, came back or was reversed: why, and that the cash is back (DESIGN §17). */
  withdrawalReturned: (w: {
    id: string;
    amountPence: number;
    status: 'failed' | 'returned' | 'reversed';
    reason: string | null;
  }): Notice => ({
    type: 'withdrawal_update',
    key: `withdrawal_${w.status}:${w.id}`,
    title: `Your ${pounds(w.amountPence)} withdrawal ${{ failed: 'could not be paid', returned: 'came back to us', reversed: 'was reversed' }[w.status]}`,
    body: `${w.reason ? `${w.reason.replace(/[\s.]+$/, '')}. ` : ''}The ${pounds(w.amountPence)} is back in your cash balance: check your details and withdraw it again, or contact us.`,
    link: '/dashboard',
  }),
  prizeDispatched: (prize: PrizeRef, carrier: string, tracking: string): Notice => ({
    type: 'prize_delivery',
    key: `prize_dispatched:${prize.id}`,
    title: `${prize.title} is on its way`,
    body: `We sent it by ${carrier}: the tracking number is ${tracking}.`,
    link: PAGES.wins.path,
  }),
  prizeDelivered: (prize: PrizeRef): Notice => ({
    type: 'prize_delivery',
    key: `prize_delivered:${prize.id}`,
    title: `${prize.title} has been delivered`,
    body: 'Enjoy your prize! If it has not reached you, contact us.',
    link: PAGES.wins.path,
  }),
  /** PayPal money not yet claimed: sent at once, then at 7 and 25 days (PayPal returns it after 30). */
  withdrawalUnclaimed: (
    w: { id: string; amountPence: number; paypalEmail: string },
    days: number,
  ): Notice => ({
    type: 'withdrawal_update',
    key: `withdrawal_unclaimed:${w.id}:${days}`,
    title: `Claim your ${pounds(w.amountPence)} from PayPal`,
    body: `We sent ${pounds(w.amountPence)} to ${w.paypalEmail}, which has no PayPal account yet. Sign up to PayPal with that address to claim it: PayPal returns unclaimed money after 30 days.`,
    link: '/dashboard',
  }),
  adjustment: (change: {
    key: string;
    account: 'entries' | 'cash';
    amount: number;
    reason: string;
  }): Notice => ({
    type: 'adjustment',
    key: `adjustment:${change.key}`,
    title:
      change.account === 'entries'
        ? `Your entries were corrected: ${signed(change.amount)}`
        : `Your cash balance was corrected: ${change.amount < 0 ? '-' : '+'}${pounds(Math.abs(change.amount))}`,
    body: `Reason: ${change.reason}`,
    link: '/dashboard',
  }),
  streakAtRisk: (day: string, streak: number): Notice => ({
    type: 'streak_at_risk',
    key: `streak_at_risk:${day}`,
    title: `Keep your ${streak}-day streak going`,
    body: 'Open your dashboard before midnight to keep your streak and collect your daily bonus.',
    link: '/dashboard',
  }),
};
