import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { APPROVAL_WAITING } from '../../../../contract/approvals';
import {
  type AdjustBody,
  adjustBody,
  type MemberDetail,
  type ReasonBody,
  reasonBody,
  type SuspendBody,
  suspendBody,
} from '../../../../contract/members';
import { ADMIN_REASON_MIN } from '../../../../contract/operator-rules';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useSession } from '../../../lib/session/session';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useAdjustBalance } from '../api/adjust-balance';
import { useHoldCashouts } from '../api/hold-cashouts';
import { useReleaseCashouts } from '../api/release-cashouts';
import { useSuspendMember } from '../api/suspend-member';
import { useUnsuspendMember } from '../api/unsuspend-member';

type User = MemberDetail['user'];
const reasonHint = `At least ${ADMIN_REASON_MIN} characters; it is kept in the audit log.`;

/** One action: a button that opens its form, which closes again when it is done. */
function Action({
  label,
  variant = 'secondary',
  children,
}: {
  label: string;
  variant?: 'secondary' | 'danger';
  children: (done: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="w-full">
      <Button variant={variant} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label}
      </Button>
      {open && (
        <div id={id} className="mt-3">
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

/** A form whose only field is the reason: lifting a suspension, holding or releasing cashouts. */
function ReasonForm({
  id,
  send,
  label,
  error,
  busy,
  onDone,
}: {
  id: string;
  send(values: { id: string; reason: string }): Promise<{ message: string }>;
  label: string;
  error: string;
  busy: boolean;
  onDone(): void;
}) {
  const { register, handleSubmit, formState } = useForm<ReasonBody>({ resolver: zodResolver(reasonBody) });
  const submit = handleSubmit(
    submitWithToast(
      (body: ReasonBody) => send({ id, ...body }),
      { success: (r) => r.message, error },
      onDone,
    ),
  );
  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <TextField label="Reason" required error={formState.errors.reason?.message} {...register('reason')} />
      <p className="text-xs text-slate-600">{reasonHint}</p>
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
    </form>
  );
}

type AdjustValues = z.input<typeof adjustBody>;

/** Correcting a balance through the ledger: one Idempotency-Key per filled-in form, so a retry applies once. */
function AdjustForm({ id, onDone }: { id: string; onDone(): void }) {
  const adjust = useAdjustBalance();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { register, handleSubmit, formState, watch } = useForm<AdjustValues, unknown, AdjustBody>({
    resolver: zodResolver(adjustBody),
    defaultValues: { account: 'entries', reason: '' },
  });
  const account = watch('account');
  const errors = formState.errors;
  const submit = handleSubmit(
    submitWithToast(
      (body: AdjustBody) => adjust.mutateAsync({ id, key, ...body }),
      {
        success: (r) => ('approval' in r ? APPROVAL_WAITING : r.message),
        error: 'Failed to correct the balance',
      },
      () => {
        setKey(crypto.randomUUID());
        onDone();
      },
    ),
  );
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
      <SelectField label="Balance" error={errors.account?.message} {...register('account')}>
        <option value="entries">Entries</option>
        <option value="cash">Cash (£)</option>
      </SelectField>
      <TextField
        label={account === 'cash' ? 'Amount in pounds (negative to take)' : 'Entries (negative to take)'}
        type="number"
        inputMode="decimal"
        step={account === 'cash' ? '0.01' : '1'}
        required
        error={errors.amount?.message}
        {...register('amount', { valueAsNumber: true })}
      />
      <div className="sm:col-span-2">
        <TextField label="Reason" required error={errors.reason?.message} {...register('reason')} />
        <p className="mt-1 text-xs text-slate-600">{reasonHint} The member sees it in their history.</p>
      </div>
      <div>
        <Button type="submit" disabled={adjust.isPending}>
          Apply correction
        </Button>
      </div>
    </form>
  );
}

/** The suspension form's fields, sent as the endpoint's body: a local date and time becomes an instant. */
const suspendForm = z
  .strictObject({ reason: suspendBody.shape.reason, until: z.string() })
  .transform(({ reason, until }) => ({ reason, ...(until && { until: new Date(until).toISOString() }) }))
  .pipe(suspendBody);

function SuspendForm({ id, onDone }: { id: string; onDone(): void }) {
  const suspend = useSuspendMember();
  const { register, handleSubmit, formState } = useForm<z.input<typeof suspendForm>, unknown, SuspendBody>({
    resolver: zodResolver(suspendForm),
    defaultValues: { reason: '', until: '' },
  });
  const send = submitWithToast(
    (body: SuspendBody) => suspend.mutateAsync({ id, ...body }),
    { success: (r) => r.message, error: 'Failed to suspend the member' },
    onDone,
  );
  const submit = handleSubmit((body) => {
    if (!window.confirm('Suspend this member? Their sessions end at once and they are told the reason.'))
      return;
    return send(body);
  });
  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <TextField
        label="Reason, as the member will read it"
        required
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      <TextField
        label="Ends (optional; empty lasts until lifted)"
        type="datetime-local"
        error={formState.errors.until?.message}
        {...register('until')}
      />
      <Button type="submit" variant="danger" disabled={suspend.isPending}>
        Suspend member
      </Button>
    </form>
  );
}

/** What an admin can do to a member's account; nothing that makes no sense (suspending an admin, say) is offered. */
export function MemberActions({ user }: { user: User }) {
  const { user: me } = useSession();
  const unsuspend = useUnsuspendMember();
  const hold = useHoldCashouts();
  const release = useReleaseCashouts();
  if (user.status === 'deleted' || user._id === me?._id) return null;
  return (
    <Card className="space-y-4 p-5">
      <h2 className="text-lg font-bold">Actions</h2>
      <Action label="Correct balance">{(done) => <AdjustForm id={user._id} onDone={done} />}</Action>
      {user.status === 'suspended' ? (
        <Action label="Lift suspension">
          {(done) => (
            <ReasonForm
              id={user._id}
              label="Lift suspension"
              error="Failed to lift the suspension"
              busy={unsuspend.isPending}
              send={unsuspend.mutateAsync}
              onDone={done}
            />
          )}
        </Action>
      ) : (
        !user.isAdmin && (
          <Action label="Suspend" variant="danger">
            {(done) => <SuspendForm id={user._id} onDone={done} />}
          </Action>
        )
      )}
      {user.cashoutHold ? (
        <Action label="Release cashouts">
          {(done) => (
            <ReasonForm
              id={user._id}
              label="Release cashouts"
              error="Failed to release cashouts"
              busy={release.isPending}
              send={release.mutateAsync}
              onDone={done}
            />
          )}
        </Action>
      ) : (
        <Action label="Hold cashouts">
          {(done) => (
            <ReasonForm
              id={user._id}
              label="Hold cashouts"
              error="Failed to hold cashouts"
              busy={hold.isPending}
              send={hold.mutateAsync}
              onDone={done}
            />
          )}
        </Action>
      )}
    </Card>
  );
}
