import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CLAIM_DAYS,
  DEFAULT_AD_SECONDS,
  MINIMUM_AGE,
  OFFER_CREDIT_HOURS,
  PRIZE_DELIVERY_DAYS,
  REFERRAL_PAID_WHEN,
  WELCOME_BONUS,
  WINNER_NOTICE_HOURS,
} from '../../../contract/constants';
import { COMPLAINT_REPLY_WORKING_DAYS } from '../../../contract/operator-rules';
import { paths } from '../../config/paths';
import {
  CASH_PAID_BY,
  DRAW_DAY_RULE,
  ENTRY_COST_RULE,
  MIN_WITHDRAWAL,
  SPIN_RULE,
  UNCLAIMED_RULE,
  WEEKLY_PRIZES_TEXT,
  WHEEL_PRIZE_NAMES,
} from '../../lib/rules-words';

export type FaqItem = { question: string; answer: ReactNode };
export type FaqGroup = { heading: string; items: FaqItem[] };

/** The questions the FAQ page answers, in the order it shows them, grouped under their headings. */
export const faqGroups: FaqGroup[] = [
  {
    heading: 'Getting started',
    items: [
      {
        question: 'Is PrizeDraw really free?',
        answer:
          'Yes. It’s free to join and free to play. You never need to pay or buy anything to enter or to win, and entries can’t be bought – you earn them by completing simple tasks.',
      },
      {
        question: 'Who can take part?',
        answer: 'PrizeDraw is open to UK residents aged 18 or over. Each person may have one account.',
      },
      {
        question: 'What do I get when I sign up?',
        answer: (
          <>
            Every new member gets a welcome bonus of {WELCOME_BONUS} free entries, ready to use straight away.{' '}
            <Link to={paths.register}>Create your free account</Link> to collect yours.
          </>
        ),
      },
      {
        question: 'How do you pay for the prizes if it’s free?',
        answer:
          'The tasks are what keep PrizeDraw free. Our partners and advertisers pay us when members watch their videos, try their apps or complete their offers, and that funds the prizes.',
      },
    ],
  },
  {
    heading: 'Earning entries',
    items: [
      {
        question: 'How do I earn entries?',
        answer: (
          <>
            Complete tasks on the <Link to={paths.tasks}>tasks page</Link>: follow our social accounts on X
            (Twitter), Instagram and YouTube, watch short video ads of about {DEFAULT_AD_SECONDS} seconds,
            complete surveys, try apps, sign up to emails, complete offer-wall offers and refer your friends.
          </>
        ),
      },
      {
        question: 'I completed an offer but haven’t received my entries yet. Why?',
        answer: (
          <>
            Offer-wall entries are credited once our partner confirms you completed the offer, which happens
            within {OFFER_CREDIT_HOURS} hours. If they still haven’t arrived after that, please get in touch
            through our <Link to={paths.contact}>contact page</Link>.
          </>
        ),
      },
      {
        question: 'When do I get my referral entries?',
        answer: `Your referral entries are credited once your friend, signed up with your link, ${REFERRAL_PAID_WHEN}.`,
      },
      {
        question: 'How do daily streaks work?',
        answer:
          'Open your dashboard each day to keep your streak going and collect streak bonuses. A streak day counts when you open your dashboard; if you miss a day, your streak resets.',
      },
      {
        question: 'What is the instant-win wheel?',
        answer: `${SPIN_RULE} The wheel can land on ${WHEEL_PRIZE_NAMES}, at the odds shown beside it and in the Contest Rules.`,
      },
      {
        question: 'How does the weekly leaderboard work?',
        answer: `Each week runs from Monday to Sunday, UK time. The 10 members who earn the most entries in that week win cash: ${WEEKLY_PRIZES_TEXT}.`,
      },
      {
        question: 'How do I withdraw cash I’ve won on the wheel or leaderboard?',
        answer: `Your cash winnings build up in your cash balance. Once it reaches ${MIN_WITHDRAWAL}, you can withdraw it ${CASH_PAID_BY}.`,
      },
    ],
  },
  {
    heading: 'Prizes and draws',
    items: [
      {
        question: 'What can I win?',
        answer: (
          <>
            Cash prizes, iPhones, PlayStation 5 consoles, AirPods, Amazon gift cards and more. See everything
            that’s up for grabs on the <Link to={paths.prizes}>prizes page</Link>.
          </>
        ),
      },
      {
        question: 'How many entries does a prize cost?',
        answer: `${ENTRY_COST_RULE} The limit keeps the draw fair for everyone.`,
      },
      {
        question: 'When are the draws?',
        answer: `${DRAW_DAY_RULE} If a prize has a minimum number of entries, it must reach that number to be drawn.`,
      },
      {
        question: 'How are winners chosen?',
        answer:
          'At random, using a cryptographically secure random number generator. Your chances are in proportion to the entries you hold in that prize, so more entries means better odds – but never a guaranteed win. Nobody can win the same prize twice in one draw, so prizes with several winners go to different people.',
      },
      {
        question: 'How can I be sure a draw was fair?',
        answer:
          'Before each draw we publish a SHA-256 hash of a secret random seed on the prize page. At the draw, the list of participants and their entries is frozen and hashed, and the winners are worked out from the seed and that list. Afterwards we reveal the seed, and anyone can use the draw’s verification page to check that it matches what we published and that recalculating gives the same winners.',
      },
      {
        question: 'What happens if a draw is cancelled?',
        answer:
          'Every entry spent on a cancelled prize draw is refunded to your balance. Once a draw has been made, entries in it are final.',
      },
    ],
  },
  {
    heading: 'Winning',
    items: [
      {
        question: 'How will I know if I’ve won?',
        answer: `We’ll email you within ${WINNER_NOTICE_HOURS} hours of the draw. Please reply within ${CLAIM_DAYS} days to confirm your delivery details, or ${UNCLAIMED_RULE}.`,
      },
      {
        question: 'What do I need to claim a prize?',
        answer: `A verified email address (open the link we email you when you sign up) and your date of birth: winners must be ${MINIMUM_AGE} or over on the draw date, or the prize cannot be awarded.`,
      },
      {
        question: 'How long does delivery take?',
        answer: `Prizes are delivered within ${PRIZE_DELIVERY_DAYS} days of you confirming your details. Cash prizes are paid ${CASH_PAID_BY}, as you choose when you claim.`,
      },
      {
        question: 'Will my name be shown publicly?',
        answer: (
          <>
            Only in masked form, for example “J****n”, on our <Link to={paths.winners}>winners page</Link>.
            Your email address is never shown.
          </>
        ),
      },
    ],
  },
  {
    heading: 'Your account',
    items: [
      {
        question: 'Can I have more than one account?',
        answer:
          'No – it’s one account per person. Accounts found using bots, scripts, multiple accounts, fake referrals or fraud may be closed, and their entries and prizes forfeited.',
      },
      {
        question: 'I forgot my password. What now?',
        answer: (
          <>
            Use <Link to={paths.forgotPassword}>Forgot password?</Link> on the sign-in page. We’ll email you a
            link that works once, for an hour. For your safety, every device is then signed out.
          </>
        ),
      },
      {
        question: 'Can I take a break?',
        answer: (
          <>
            Yes. On your <Link to={paths.account}>account page</Link>, choose “Take a break” for 1, 3 or 6
            months, or for good. You’re signed out everywhere and can’t sign in until the break ends, and we
            send you no marketing email meanwhile. Entries you’ve already made stay in their draws.
          </>
        ),
      },
      {
        question: 'How do I get a copy of my data, or delete my account?',
        answer: (
          <>
            Both are on your <Link to={paths.account}>account page</Link>: “Download my data” and “Delete my
            account”. Our <Link to={paths.terms}>terms</Link> explain what happens to your entries and prizes
            when you delete your account.
          </>
        ),
      },
      {
        question: 'How do I make a complaint?',
        answer: (
          <>
            Write to us through the <Link to={paths.contact}>contact page</Link> with “Complaint” in the
            subject. We reply by email within {COMPLAINT_REPLY_WORKING_DAYS} working days and give our final
            answer within 30 days, as our <Link to={`${paths.terms}#complaints`}>complaints procedure</Link>{' '}
            describes.
          </>
        ),
      },
      {
        question: 'How do you look after my data?',
        answer: (
          <>
            We only collect what we need to run PrizeDraw and its draws, we never sell your personal data, and
            your password is stored securely hashed. Our <Link to={paths.privacy}>privacy policy</Link> has
            the full details.
          </>
        ),
      },
    ],
  },
];
