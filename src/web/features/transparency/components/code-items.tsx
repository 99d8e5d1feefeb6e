import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BREAK_MONTHS,
  CLAIM_DAYS,
  MINIMUM_AGE,
  PRIZE_DELIVERY_DAYS,
  WINNER_NOTICE_HOURS,
} from '../../../../contract/constants';
import { COMPLAINT_REPLY_WORKING_DAYS } from '../../../../contract/operator-rules';
import type { TransparencySummary } from '../../../../contract/transparency';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';

const link = 'font-medium text-brand-700 underline';
const breaks = Object.values(BREAK_MONTHS)
  .join(', ')
  .replace(/, (\d+)$/, ' or $1');

/**
 * The items of the UK government's voluntary code for prize draw operators (DCMS, November 2025) that
 * apply to a site taking no payments, each with how this site meets it, from its rules as they stand.
 */
const items = (settings: TransparencySummary['settings']): { item: string; how: ReactNode }[] => [
  {
    item: 'Adults only',
    how: (
      <>
        Members confirm they are {MINIMUM_AGE} or over when they join, and every winner gives their date of
        birth when claiming: a winner under {MINIMUM_AGE} on the draw date cannot have the prize, and it
        passes to the next in the draw’s order.
      </>
    ),
  },
  {
    item: 'A free route, and spending kept in check',
    how: (
      <>
        Every entry is free. Entries are earned through tasks, video ads, offers, referrals, streaks and the
        wheel, and can never be bought: we take no payments of any kind, so there is no card to charge and no
        spending to limit.
      </>
    ),
  },
  {
    item: 'How winners are chosen',
    how: (
      <>
        At random, in proportion to entries. Each draw’s secret is committed before the prize opens, and the
        winners can be worked out again by anyone from its{' '}
        <Link className={link} to={paths.winners}>
          published proof
        </Link>
        .
      </>
    ),
  },
  {
    item: 'Odds',
    how: 'Each prize page shows its entries and winners, the table above gives the odds of one entry winning in every open prize, and the wheel’s odds are printed beside it.',
  },
  {
    item: 'Prizes awarded as described',
    how: `The figures above compare the value awarded with the value advertised, and the days from each draw to payment or delivery; prizes are delivered within ${PRIZE_DELIVERY_DAYS} days of a claim.`,
  },
  {
    item: 'Time to decide',
    how: settings.prizeMinOpenHours
      ? `Every prize stays open at least ${settings.prizeMinOpenHours} hours once it is live, and shows when it closes and when it is drawn.`
      : 'Every prize shows when it closes and when it is drawn.',
  },
  {
    item: 'Contacting winners',
    how: `Winners are told by email and on their account within ${WINNER_NOTICE_HOURS} hours of the draw, and have ${CLAIM_DAYS} days to claim. We never ask a winner for a payment or a password.`,
  },
  {
    item: 'Complaints',
    how: (
      <>
        Through our{' '}
        <Link className={link} to={paths.contact}>
          contact page
        </Link>
        , answered within {COMPLAINT_REPLY_WORKING_DAYS} working days. The figures above count them and the
        days to a first reply, and each complaint’s dates (never its words or sender) are in the public log.
      </>
    ),
  },
  {
    item: 'Self-exclusion and breaks',
    how: `From their account page, members can exclude themselves from playing for 6 months, a year or 5 years, not ended early, with no marketing meanwhile; or take a break of ${breaks} months, or for good, and not sign in until it ends.`,
  },
  {
    item: 'Watching for harm',
    how: 'Playing many days in a row, or through a night, raises a wellbeing signal staff see apart from fraud checks, and the member is reminded of breaks, self-exclusion and where to find help.',
  },
  {
    item: 'Decisions a person looks at',
    how: 'A member whose cashouts are held or who is suspended sees why, since when and by when a person will look, and can appeal once; the decision and its reason reach them.',
  },
  {
    item: 'Winners published',
    how: (
      <>
        The{' '}
        <Link className={link} to={paths.winners}>
          winners page
        </Link>{' '}
        names each winner by first name, surname initial and county, as the CAP Code (rule 8.28.5) asks,
        unless they asked us not to when claiming.
      </>
    ),
  },
  {
    item: 'Records anyone can check',
    how: 'The public log below: every draw and its outcome, signed and append-only.',
  },
];

/** The DCMS code's items and how the site meets each. */
export function CodeItems({
  promoter,
  settings,
}: {
  promoter: ReactNode;
  settings: TransparencySummary['settings'];
}) {
  return (
    <Card className="p-5">
      <dl className="divide-y divide-slate-100 text-sm leading-6">
        <div className="grid gap-1 pb-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
          <dt className="font-semibold text-slate-900">Who runs the draws</dt>
          <dd className="text-slate-700">{promoter}</dd>
        </div>
        {items(settings).map(({ item, how }) => (
          <div key={item} className="grid gap-1 py-3 last:pb-0 sm:grid-cols-[14rem_1fr] sm:gap-4">
            <dt className="font-semibold text-slate-900">{item}</dt>
            <dd className="text-slate-700">{how}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
