import { zodResolver } from '@hookform/resolvers/zod';
import { SearchCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { APPROVAL_DAY_RULE, APPROVAL_WAITING } from '../../../../contract/approvals';
import {
  type AdminMissingCredit,
  type MissingCreditStatus,
  resolveMissingCreditBody,
} from '../../../../contract/missing-credit';
import { roleCan } from '../../../../contract/staff';
import { Action, ReasonForm, reasonHint } from '../../../components/staff-action';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { PagedList } from '../../../components/ui/paged-list';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { entriesLabel, ukDateTime, ukLongDate } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useSession } from '../../../lib/session/session';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useMissingCredits, useResolveMissingCredit, useScreenshot } from '../api/missing-credit';

const tabs = [
  { value: 'open', label: 'Waiting' },
  { value: 'credited', label: 'Credited' },
  { value: 'refused', label: 'Refused' },
] as const;

const creditForm = resolveMissingCreditBody.options[0].omit({ outcome: true });
type CreditValues = z.input<typeof creditForm>;

/** The entries to credit, the promised number to start from, and the reason the member is told. */
function CreditForm({ claim, onDone }: { claim: AdminMissingCredit; onDone(): void }) {
  const resolve = useResolveMissingCredit();
  const { register, handleSubmit, formState } = useForm<CreditValues, unknown, z.output<typeof creditForm>>({
    resolver: zodResolver(creditForm),
    defaultValues: { entries: String(claim.expectedReward) },
  });
  const submit = handleSubmit(
    submitWithToast(
      (body: z.output<typeof creditForm>) =>
        resolve.mutateAsync({ id: claim._id, outcome: 'credited', ...body }),
      {
        success: (r) =>
          r.claim.waitingApproval ? APPROVAL_WAITING : `Credited: ${claim.member.username} is told`,
        error: 'Failed to credit the report',
      },
      onDone,
    ),
  );
  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <TextField
        label="Entries to credit"
        type="number"
        inputMode="numeric"
        min={1}
        error={formState.errors.entries?.message}
        {...register('entries')}
      />
      <TextField label="Reason" required error={formState.errors.reason?.message} {...register('reason')} />
      <p className="text-xs text-slate-600">
        {reasonHint} {APPROVAL_DAY_RULE}
      </p>
      <Button type="submit" disabled={resolve.isPending}>
        Credit the entries
      </Button>
    </form>
  );
}

function Screenshot({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const { data, isPending, isError } = useScreenshot(id, open);
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Show the screenshot
      </Button>
    );
  if (isPending) return <p className="text-sm text-slate-600">Loading the screenshot...</p>;
  if (isError || !data) return <p className="text-sm text-red-700">The screenshot could not be loaded.</p>;
  return <img src={data} alt="The member's screenshot of the offer" className="max-h-96 rounded-lg border" />;
}

/** One report beside what the wall sent for that member; waiting ones are credited or refused here. */
function ClaimCard({ claim, canDecide }: { claim: AdminMissingCredit; canDecide: boolean }) {
  const resolve = useResolveMissingCredit();
  const refuse = async ({ id, reason }: { id: string; reason: string }) => {
    await resolve.mutateAsync({ id, outcome: 'refused', reason });
    return { message: `Refused: ${claim.member.username} is told why` };
  };
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          <Link to={paths.adminMember(claim.member._id)} className="text-brand-700 underline">
            {claim.member.username}
          </Link>{' '}
          reports “{claim.offerName}” on {claim.wall.name}
        </h3>
        <p className="text-sm text-slate-600">{ukDateTime(claim.at)}</p>
      </div>
      <p className="text-sm text-slate-700">
        Completed {ukLongDate(claim.completedAt)}, promised {entriesLabel(claim.expectedReward)}.
      </p>
      <div>
        <h4 className="text-sm font-semibold">This wall’s postbacks for the member</h4>
        {claim.postbacks.length ? (
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {claim.postbacks.map((p) => (
              <li key={p.transactionId}>
                {ukDateTime(p.at)}: {p.transactionId}, {entriesLabel(p.entries)}, {p.status}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-700">None: the provider has sent nothing for this member.</p>
        )}
      </div>
      {claim.hasScreenshot && <Screenshot id={claim._id} />}
      {claim.status !== 'open' ? (
        <p className="text-sm text-slate-700">
          {claim.status === 'credited' ? `Credited ${entriesLabel(claim.credited ?? 0)}` : 'Refused'} on{' '}
          {ukDateTime(claim.decidedAt!)}: {claim.reply}
        </p>
      ) : claim.waitingApproval ? (
        <p className="text-sm font-medium text-amber-900">A credit of it waits for approval.</p>
      ) : (
        canDecide && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Action label="Credit">{(done) => <CreditForm claim={claim} onDone={done} />}</Action>
            <Action label="Refuse" variant="danger">
              {(done) => (
                <ReasonForm
                  id={claim._id}
                  send={refuse}
                  label="Refuse the report"
                  error="Failed to refuse the report"
                  busy={resolve.isPending}
                  onDone={done}
                />
              )}
            </Action>
          </div>
        )
      )}
    </Card>
  );
}

/** Members' reports of offers that did not credit (DESIGN §19), the oldest waiting first. */
export function MissingCreditQueue() {
  const [status, setStatus] = useState<MissingCreditStatus>('open');
  const query = useMissingCredits(status);
  const { user } = useSession();
  const canDecide = roleCan(user?.role, 'corrections');
  return (
    <section aria-labelledby="missing-credit-heading" className="mb-8 space-y-3">
      <h2 id="missing-credit-heading" className="text-lg font-bold">
        Missing offer credits
      </h2>
      <Tabs
        tabs={tabs}
        value={status}
        onChange={setStatus}
        label="Missing credits by decision"
        variant="pills"
      >
        <PagedList
          query={query}
          rows={rowsOf(query.data, 'claims')}
          loading="Loading missing credits..."
          failed="The missing credits"
          more="reports"
          empty={
            <EmptyState icon={SearchCheck} title={status === 'open' ? 'No reports waiting' : 'None yet'}>
              Members report offers that did not credit from the offer wall.
            </EmptyState>
          }
        >
          {(shown) => (
            <ol className="space-y-3" aria-label="Missing-credit reports, the oldest first">
              {shown.map((c) => (
                <li key={c._id}>
                  <ClaimCard claim={c} canDecide={canDecide} />
                </li>
              ))}
            </ol>
          )}
        </PagedList>
      </Tabs>
    </section>
  );
}
