import { Clock, type LucideIcon, Mail, ShieldCheck, Shuffle, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CLAIM_DAYS, PRIZE_DELIVERY_DAYS, WINNER_NOTICE_HOURS } from '../../../contract/constants';
import { Card } from '../../components/ui/card';
import { Container, PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { WinnersList } from '../../features/prizes/components/winners-list';
import { DRAW_TIME } from '../../lib/format';
import { CASH_PAID_BY, UNCLAIMED_RULE } from '../../lib/rules-words';

function Step({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <Icon aria-hidden className="mb-2 h-6 w-6 text-brand-700" />
      <h2 className="font-bold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm leading-6 text-slate-700">{children}</p>
    </Card>
  );
}

export function WinnersPage() {
  return (
    <>
      <PageHeader
        title="Winners"
        subtitle="Every winner is drawn at random, in proportion to their entries, and every draw can be checked."
      />
      <Container className="space-y-10">
        <section aria-labelledby="how-winners-heading">
          <h2 id="how-winners-heading" className="sr-only">
            How winners are chosen, told and paid
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Step icon={Shuffle} title="Drawn at random">
              When a prize closes, its winners are drawn on its draw day from {DRAW_TIME} UK time. Each entry
              is a chance: the more entries you hold, the better your odds, and nobody can win the same prize
              twice in one draw.
            </Step>
            <Step icon={Mail} title="Told by email">
              We email every winner at the address on their account within {WINNER_NOTICE_HOURS} hours of the
              draw. Wins also appear on your dashboard as soon as the draw has run.
            </Step>
            <Step icon={Clock} title={`${CLAIM_DAYS} days to respond`}>
              Tell us where to send your prize, or for cash how to pay you, within {CLAIM_DAYS} days of the
              draw, from the email or your{' '}
              <Link to={paths.wins} className="font-medium text-brand-700 underline">
                wins
              </Link>
              . After that {UNCLAIMED_RULE}.
            </Step>
            <Step icon={Truck} title={`Delivered within ${PRIZE_DELIVERY_DAYS} days`}>
              Prizes arrive within {PRIZE_DELIVERY_DAYS} days of you confirming your details, free to a UK
              address. Cash prizes are paid {CASH_PAID_BY}.
            </Step>
            <Step icon={ShieldCheck} title="Check any draw yourself">
              Before a prize opens we publish a code that locks in the secret behind its draw. After the draw
              the secret is revealed: press “Check the draw” beside a winner and your own browser works the
              result out again and says whether it matches.
            </Step>
          </div>
        </section>
        <section aria-labelledby="all-winners-heading">
          <h2 id="all-winners-heading" className="mb-3 text-xl font-bold">
            All winners
          </h2>
          <WinnersList />
          <p className="mt-6 text-center text-sm text-slate-600">
            Winners are named by first name, surname initial and county, unless they asked us not to when
            claiming; then their username is shortened. See the{' '}
            <Link to={paths.contestRules} className="font-medium text-brand-700 underline">
              Contest Rules
            </Link>{' '}
            for how draws work.
          </p>
        </section>
      </Container>
    </>
  );
}
