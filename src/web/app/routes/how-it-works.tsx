import { ListChecks, type LucideIcon, Ticket, Trophy, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import {
  CLAIM_DAYS,
  DEFAULT_AD_SECONDS,
  PRIZE_DELIVERY_DAYS,
  REFERRAL_PAID_WHEN,
  WELCOME_BONUS,
  WINNER_NOTICE_HOURS,
} from '../../../contract/constants';
import { ContentPage } from '../../components/content-page';
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

const steps: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Sign up free',
    text: `Create your account in under a minute. It costs nothing, and we add ${WELCOME_BONUS} free entries to your balance straight away as a welcome bonus.`,
    icon: UserPlus,
  },
  {
    title: 'Complete tasks to earn entries',
    text: 'Follow us on social media, watch a short video, answer a survey, try an app or invite a friend. Every task you complete earns you entries.',
    icon: ListChecks,
  },
  {
    title: 'Enter prize draws',
    text: 'Choose the prizes you’d love to win and spend your entries on them. The more entries you put into a prize, the better your chances.',
    icon: Ticket,
  },
  {
    title: 'Win',
    text: `${DRAW_DAY_RULE} Winners are picked at random and every draw can be checked by anyone afterwards.`,
    icon: Trophy,
  },
];

export function HowItWorksPage() {
  return (
    <ContentPage
      title="How it works"
      subtitle="PrizeDraw is free to join and free to play. Earn entries by completing simple tasks, then use them to enter draws for brilliant prizes."
    >
      <h2>Four simple steps</h2>
      <div className="mb-8 grid gap-4 sm:grid-cols-2">
        {steps.map((step, index) => {
          const Icon = step.icon;
          return (
            <div key={step.title} className="rounded-xl border border-brand-100 bg-brand-50 p-5">
              <div className="flex items-center justify-between">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  <span className="sr-only">Step </span>
                  {index + 1}
                </span>
                <Icon aria-hidden className="h-6 w-6 text-brand-700" />
              </div>
              <h3 className="mt-4! mb-1!">{step.title}</h3>
              <div className="text-sm leading-6 text-slate-700">{step.text}</div>
            </div>
          );
        })}
      </div>

      <p>
        PrizeDraw is open to UK residents aged 18 or over. You never need to pay or buy anything to enter or
        to win, and entries can’t be bought – the only way to get them is to earn them.
      </p>

      <h2>Ways to earn entries</h2>
      <p>
        You’ll find all of the available tasks on the <Link to={paths.tasks}>tasks page</Link>. Each one shows
        how many entries it’s worth before you start. Tasks include:
      </p>
      <ul>
        <li>
          <strong>Following our social accounts</strong> on X (Twitter), Instagram and YouTube.
        </li>
        <li>
          <strong>Watching short video ads</strong>, each lasting about {DEFAULT_AD_SECONDS} seconds.
        </li>
        <li>
          <strong>Completing surveys</strong> to share your opinions.
        </li>
        <li>
          <strong>Offer-wall offers</strong> from our partners. Entries from these are credited within 24
          hours, as the partner needs to confirm the offer was completed.
        </li>
        <li>
          <strong>App trials</strong> and <strong>email sign-ups</strong>.
        </li>
        <li>
          <strong>Referring friends.</strong> Share your personal link: your referral entries are credited
          once your friend {REFERRAL_PAID_WHEN}.
        </li>
      </ul>

      <h2>Bonuses and extras</h2>
      <h3>Daily streaks</h3>
      <p>
        Open your dashboard each day to build a streak and collect bonus entries. A streak day counts as soon
        as you open your dashboard – but miss a day and your streak starts again from the beginning.
      </p>
      <h3>Achievements</h3>
      <p>
        Reach milestones as you play to unlock achievements. Each achievement comes with its own entry reward,
        so there’s always something extra to aim for.
      </p>
      <h3>Instant-win wheel</h3>
      <p>
        {SPIN_RULE} The wheel can land on {WHEEL_PRIZE_NAMES}, at the odds shown beside it, and you’ll see
        your prize straight away.
      </p>
      <h3>Weekly leaderboard</h3>
      <p>
        Each week runs from Monday to Sunday, UK time. The 10 members who earn the most entries that week win
        cash: {WEEKLY_PRIZES_TEXT}.
      </p>
      <p>
        Cash you win from the wheel or the leaderboard builds up in your cash balance, which you can withdraw{' '}
        {CASH_PAID_BY} once it reaches {MIN_WITHDRAWAL}.
      </p>

      <h2>Entering prize draws</h2>
      <p>
        Browse the <Link to={paths.prizes}>prizes</Link> – from cash to iPhones, PlayStation 5 consoles,
        AirPods, Amazon gift cards and more – and spend your entries on the ones you want. {ENTRY_COST_RULE}
      </p>
      <p>
        Once the draw has been made, your entries in that prize are final. If a prize draw is ever cancelled,
        every entry you spent on it is refunded to your balance.
      </p>

      <h2>How the draws work</h2>
      <p>
        {DRAW_DAY_RULE} If a prize has a minimum number of entries, it needs to reach that number before it
        can be drawn.
      </p>
      <p>
        Winners are chosen at random, using a cryptographically secure random number generator. Your chance of
        winning is in proportion to the entries you hold in that prize: more entries means better odds, though
        never a certainty. The same person can’t win the same prize twice in one draw, so prizes with several
        winners always go to different people.
      </p>

      <h2>Draws you can check for yourself</h2>
      <p>
        Before each draw, we publish a cryptographic commitment on the prize page: a SHA-256 hash of a secret
        random seed. At the draw, the list of participants and their entries is frozen and hashed, and the
        winners are worked out from the seed and that list. Afterwards we reveal the seed, and anyone can
        visit the draw’s verification page to confirm that it matches the commitment we published and that
        recalculating gives exactly the same winners. Because the commitment is published before the draw, the
        result can’t be changed after the event.
      </p>

      <h2>If you win</h2>
      <p>
        We’ll email you within {WINNER_NOTICE_HOURS} hours of the draw. Please reply within {CLAIM_DAYS} days
        to confirm your delivery details, otherwise {UNCLAIMED_RULE}. Once you’ve confirmed, we’ll deliver
        your prize within {PRIZE_DELIVERY_DAYS} days. Cash prizes are paid {CASH_PAID_BY}.
      </p>
      <p>
        We celebrate every winner on our <Link to={paths.winners}>winners page</Link>, showing names only in
        masked form (for example, “J****n”). Email addresses are never shown.
      </p>

      <h2>Playing fair</h2>
      <p>
        Each person may have one account. Accounts found using bots, scripts, multiple accounts, fake
        referrals or any other kind of fraud may be closed, and their entries and prizes forfeited. That keeps
        things fair for everyone.
      </p>
      <p>
        The full details are in our <Link to={paths.contestRules}>contest rules</Link> and{' '}
        <Link to={paths.terms}>terms and conditions</Link>, and our <Link to={paths.faq}>FAQ</Link> answers
        the questions we’re asked most often.
      </p>
      <p>
        Ready to start? <Link to={paths.register}>Create your free account</Link> and collect your{' '}
        {WELCOME_BONUS} welcome entries.
      </p>
    </ContentPage>
  );
}
