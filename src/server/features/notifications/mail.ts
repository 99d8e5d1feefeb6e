import { CLAIM_DAYS, PRIZE_DELIVERY_DAYS } from '../../../contract/constants';
import { type NotificationTopic, type NotificationType, TOPIC_LABELS } from '../../../contract/notifications';
import type { Mail } from '../mail/outbox';
import { letter } from '../mail/templates';
import { prizeOfWinNotice } from './notices';

/** What each type's button says. */
const ACTIONS: Record<NotificationType, string> = {
  win: 'Claim your prize',
  draw_result: 'Check the draw',
  prize_closing: 'See the prize',
  offer_credited: 'See your entries',
  offer_reversed: 'See your entries',
  achievement: 'See your achievements',
  withdrawal_paid: 'See your cash balance',
  withdrawal_rejected: 'See your cash balance',
  withdrawal_update: 'See your withdrawal',
  prize_delivery: 'See your prize',
  adjustment: 'See your balance',
  streak_at_risk: 'Keep my streak',
  message_reply: 'Read the reply',
  appeal_decided: 'See your standing',
  missing_credit: 'See your reports',
  wellbeing: 'Take a break',
  staff_complaint: 'Open the messages',
  staff_withdrawal: 'Open the withdrawals',
  staff_risk: 'Open the review queue',
  staff_approval: 'Open the approvals',
  staff_decision: 'Open the approvals',
  staff_delivery: 'Open the winners',
};

/** More to say by email than fits a notification. */
const MORE: Partial<Record<NotificationType, (n: { key: string }, siteUrl: string) => string[]>> = {
  win: (n, siteUrl) => [
    `We send or pay your prize within ${PRIZE_DELIVERY_DAYS} days of your confirmation. You have ${CLAIM_DAYS} days to confirm.`,
    `Anyone can check the draw was fair on the prize's verification page: ${siteUrl}/draws/${prizeOfWinNotice(n.key)}`,
  ],
};

export interface Unsubscribe {
  topic: NotificationTopic;
  /** The one-click address mail apps post to (RFC 8058), and the page a person opens. */
  oneClickUrl: string;
  pageUrl: string;
}

export const unsubscribeLinks = (siteUrl: string, topic: NotificationTopic, token: string): Unsubscribe => ({
  topic,
  oneClickUrl: `${siteUrl}/api/unsubscribe?token=${token}`,
  pageUrl: `${siteUrl}/unsubscribe?token=${token}`,
});

/**
 * A notification as an email. An optional one (anything with a topic) says why
 * it came and carries List-Unsubscribe with one-click unsubscribe, so a mail app
 * can offer its own button and the member can leave without signing in.
 */
export function notificationMail(
  n: { type: NotificationType; key: string; title: string; body: string; link: string },
  member: { email: string; username: string },
  siteUrl: string,
  unsubscribe?: Unsubscribe,
): Mail {
  const more = MORE[n.type]?.(n, siteUrl);
  const lines = [`Hello ${member.username},`, '', n.body, ...(more ? ['', ...more] : [])];
  const footer = unsubscribe && [
    `You get this email because "${TOPIC_LABELS[unsubscribe.topic].label}" is on in your email choices.`,
    `Stop these emails: ${unsubscribe.pageUrl}`,
    `Choose what we send you: ${siteUrl}/account#email-choices`,
  ];
  return letter(member.email, n.title, lines, {
    action: { label: ACTIONS[n.type], url: `${siteUrl}${n.link}` },
    footer,
    headers: unsubscribe && {
      'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
