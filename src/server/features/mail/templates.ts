import { CLAIM_DAYS, PRIZE_DELIVERY_DAYS } from '../../../contract/constants';
import type { Mail } from './outbox';

export function winnerMail(opts: {
  to: string;
  username: string;
  prizeTitle: string;
  siteUrl: string;
}): Mail {
  return {
    to: opts.to,
    subject: `You won ${opts.prizeTitle}!`,
    text: [
      `Congratulations ${opts.username},`,
      '',
      `You have won ${opts.prizeTitle} in our prize draw.`,
      '',
      `To claim it, sign in and confirm your delivery details within ${CLAIM_DAYS} days: ${opts.siteUrl}/wins`,
      `If we do not hear from you within ${CLAIM_DAYS} days, the prize may be redrawn.`,
      `Prizes are delivered within ${PRIZE_DELIVERY_DAYS} days of your confirmation.`,
      '',
      `Anyone can check the draw was fair on the prize's verification page.`,
      '',
      'PrizeDraw',
    ].join('\n'),
  };
}

export function testMail(to: string, siteUrl: string): Mail {
  return {
    to,
    subject: 'PrizeDraw test email',
    text: `This is a test email from ${siteUrl}. If you can read it, outgoing email works.`,
  };
}
