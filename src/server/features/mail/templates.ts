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
      `To claim it, sign in and confirm your delivery details within 7 days: ${opts.siteUrl}/wins`,
      'If we do not hear from you within 7 days, the prize may be redrawn.',
      'Prizes are delivered within 30 days of your confirmation.',
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
