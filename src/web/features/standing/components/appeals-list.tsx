import { Scale } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminAppeal, AppealStatus } from '../../../../contract/standing';
import { Action, ReasonForm } from '../../../components/staff-action';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useAppeals, useDecideAppeal } from '../api/standing';

const tabs = [
  { value: 'open', label: 'Waiting' },
  { value: 'overturned', label: 'Overturned' },
  { value: 'upheld', label: 'Upheld' },
] as const;

const WHAT = { held: 'held cashouts', suspended: 'suspension' } as const;

/** What staff may decide: overturning undoes the decision; upholding keeps it. */
const OUTCOMES = [
  { to: 'overturned', label: 'Overturn', submit: 'Overturn the decision', variant: 'secondary' },
  { to: 'upheld', label: 'Uphold', submit: 'Uphold the decision', variant: 'danger' },
] as const;

/** One appeal: who, what they appeal and what they said; waiting ones are decided here, with a reason. */
function AppealCard({ appeal }: { appeal: AdminAppeal }) {
  const decide = useDecideAppeal();
  const outcome =
    (to: 'upheld' | 'overturned') =>
    async ({ id, reason }: { id: string; reason: string }) => {
      await decide.mutateAsync({ id, outcome: to, reason });
      return { message: `Appeal ${to}: ${appeal.member.username} is told why` };
    };
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          <Link to={paths.adminMember(appeal.member._id)} className="text-brand-700 underline">
            {appeal.member.username}
          </Link>{' '}
          appeals their {WHAT[appeal.decision]}
        </h3>
        <p className="text-sm text-slate-600">
          {ukDateTime(appeal.at)}
          {appeal.status === 'open' && `, decide by ${ukDateTime(appeal.reviewBy)}`}
        </p>
      </div>
      <blockquote className="whitespace-pre-line rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
        {appeal.message}
      </blockquote>
      {appeal.status === 'open' ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          {OUTCOMES.map(({ to, label, submit, variant }) => (
            <Action key={to} label={label} variant={variant}>
              {(done) => (
                <ReasonForm
                  id={appeal._id}
                  send={outcome(to)}
                  label={submit}
                  error="Failed to decide the appeal"
                  busy={decide.isPending}
                  onDone={done}
                />
              )}
            </Action>
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {appeal.status === 'overturned' ? 'Overturned' : 'Upheld'} on {ukDateTime(appeal.decidedAt!)}:{' '}
          {appeal.reply}
        </p>
      )}
    </Card>
  );
}

/** Members' appeals of a hold or a suspension (DESIGN §19), the oldest waiting first. */
export function AppealsList() {
  const [status, setStatus] = useState<AppealStatus>('open');
  const query = useAppeals(status);
  return (
    <section aria-labelledby="appeals-heading" className="mb-8 space-y-3">
      <h2 id="appeals-heading" className="text-lg font-bold">
        Appeals
      </h2>
      <Tabs tabs={tabs} value={status} onChange={setStatus} label="Appeals by decision" variant="pills">
        <PagedList
          query={query}
          rows={rowsOf(query.data, 'appeals')}
          loading="Loading appeals..."
          failed="The appeals"
          more="appeals"
          empty={
            <EmptyState icon={Scale} title={status === 'open' ? 'No appeals waiting' : 'None yet'}>
              A member whose cashouts are held or who is suspended can appeal once per decision.
            </EmptyState>
          }
        >
          {(shown) => (
            <ol className="space-y-3" aria-label="Appeals, the oldest first">
              {shown.map((a) => (
                <li key={a._id}>
                  <AppealCard appeal={a} />
                </li>
              ))}
            </ol>
          )}
        </PagedList>
      </Tabs>
    </section>
  );
}
