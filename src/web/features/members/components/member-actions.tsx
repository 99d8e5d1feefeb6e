import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { APPROVAL_DAY_RULE, APPROVAL_WAITING } from '../../../../contract/approvals';
import {
  type AdjustBody,
  adjustBody,
  type MemberDetail,
  type SuspendBody,
  suspendBody,
} from '../../../../contract/members';
import { roleCan, type StaffPermission } from '../../../../contract/staff';
import { Action, ReasonForm, reasonHint } from '../../../components/staff-action';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { count, pounds } from '../../../lib/format';
import { useSession } from '../../../lib/session/session';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useAdjustBalance } from '../api/adjust-balance';
import { useHoldCashouts } from '../api/hold-cashouts';
import { useReleaseCashouts } from '../api/release-cashouts';
import { useResendVerification } from '../api/resend-verification';
import { useSuspendMember } from '../api/suspend-member';
import { useUnsuspendMember } from '../api/unsuspend-member';
import { VerifyEmailForm } from './verify-email-form';

type User = MemberDetail['user'];

type AdjustValues = z.input<typeof adjustBody>;

/** What a correction will do, as the confirmation says it: "Alice: +£6.00 cash, balance £6.00 → £12.00". */
function correctionText(user: User, { account, amount }: AdjustBody) {
  const [before, shown] =
    account === 'cash'
      ? [user.cash, (n: number) => pounds(n)]
      : [user.availableEntries, (n: number) => count(n)];
  const after = Math.round((before + amount) * 100) / 100;
  const sign = amount > 0 ? '+' : '−';
  return `${user.username}: ${sign}${shown(Math.abs(amount))} ${account}, balance ${shown(before)} → ${shown(after)}`;
}

/**
 * Correcting a balance through the ledger, confirmed with what it will do first (DESIGN §12); a large
 * one waits for a second member of staff. One Idempotency-Key per filled-in form, so a retry applies once.
 */
function AdjustForm({ user, onDone }: { user: User; onDone(): void }) {
  const adjust = useAdjustBalance();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState<AdjustBody>();
  const { register, handleSubmit, formState, watch } = useForm<AdjustValues, unknown, AdjustBody>({
    resolver: zodResolver(adjustBody),
    defaultValues: { account: 'entries', reason: '' },
  });
  const account = watch('account');
  const errors = formState.errors;
  const send = submitWithToast(
    (body: AdjustBody) => adjust.mutateAsync({ id: user._id, key, ...body }),
    {
      success: (r) => ('approval' in r ? APPROVAL_WAITING : r.message),
      error: 'Failed to correct the balance',
    },
    () => {
      setKey(crypto.randomUUID());
      setConfirming(undefined);
      onDone();
    },
  );
  if (confirming)
    return (
      <fieldset className="m-0 min-w-0 space-y-3 border-0 p-0" aria-label="Confirm the correction">
        <p className="font-medium text-slate-900">{correctionText(user, confirming)}</p>
        <p className="text-sm text-slate-700">Reason: {confirming.reason}</p>
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{APPROVAL_DAY_RULE}</p>
        <div className="flex flex-wrap gap-2">
          <Button disabled={adjust.isPending} onClick={() => void send(confirming)}>
            Confirm correction
          </Button>
          <Button variant="secondary" disabled={adjust.isPending} onClick={() => setConfirming(undefined)}>
            Back
          </Button>
        </div>
      </fieldset>
    );
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={handleSubmit(setConfirming)} noValidate>
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
        <Button type="submit">Apply correction</Button>
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
  const resend = useResendVerification();
  // The server refuses a role what its permissions do not hold; the page offers only the rest.
  const can = (permission: StaffPermission) => roleCan(me?.role, permission);
  if (user.status === 'deleted' || user._id === me?._id) return null;
  return (
    <Card className="space-y-4 p-5">
      <h2 className="text-lg font-bold">Actions</h2>
      {!user.emailVerified && (
        <Button
          variant="secondary"
          disabled={resend.isPending}
          onClick={() =>
            void submitWithToast(resend.mutateAsync, {
              success: (r) => r.message,
              error: 'Failed to send a new link',
            })(user._id)
          }
        >
          Resend verification email
        </Button>
      )}
      {!user.emailVerified && can('verify_email') && (
        <Action label="Mark email verified">{(done) => <VerifyEmailForm user={user} onDone={done} />}</Action>
      )}
      {can('corrections') && (
        <Action label="Correct balance">{(done) => <AdjustForm user={user} onDone={done} />}</Action>
      )}
      {!can('suspend') ? null : user.status === 'suspended' ? (
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
      {!can('holds') ? null : user.cashoutHold ? (
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
