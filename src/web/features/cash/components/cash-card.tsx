import { zodResolver } from '@hookform/resolvers/zod';
import { Banknote, Clock, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type WithdrawalBody, type WithdrawalRequest, withdrawalBody } from '../../../../contract/cash';
import { CASH_SETTLING_HOURS, MIN_WITHDRAWAL_PENCE } from '../../../../contract/gamification-rules';
import { penceToPounds, poundsToPence } from '../../../../contract/money';
import { PayoutFields } from '../../../components/payout-fields';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { pounds, ukDateTime } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useCash } from '../api/get-cash';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import { CashHistory, MyWithdrawals } from './cash-lists';

const minimum = pounds(penceToPounds(MIN_WITHDRAWAL_PENCE));

/** The payout form: PayPal or UK bank details, checked with the API's own rules before it is sent. */
function WithdrawalForm({ available, onDone }: { available: number; onDone(): void }) {
  const request = useRequestWithdrawal();
  const { register, handleSubmit, watch, formState } = useForm<WithdrawalBody, unknown, WithdrawalRequest>({
    resolver: zodResolver(withdrawalBody),
    defaultValues: { method: 'paypal', amount: available },
    // Switching method drops the other method's fields, which the API would refuse.
    shouldUnregister: true,
  });
  const method = watch('method');
  const errors = formState.errors as Partial<Record<string, { message?: string }>>;
  const submit = handleSubmit(
    submitWithToast(
      request.mutateAsync,
      {
        success: (r) => `Withdrawal of ${pounds(r.withdrawal.amount)} requested`,
        error: 'Failed to request the withdrawal',
      },
      onDone,
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl bg-slate-50 p-4">
      <TextField
        label="Amount (£)"
        type="number"
        step="0.01"
        min={penceToPounds(MIN_WITHDRAWAL_PENCE)}
        max={available}
        error={errors.amount?.message}
        {...register('amount', { valueAsNumber: true })}
      />
      <PayoutFields method={method} register={(field) => register(field)} errors={errors} />
      <FormActions
        saveLabel="Request withdrawal"
        busy={formState.isSubmitting}
        onClose={onDone}
        closeLabel="Cancel"
      />
    </form>
  );
}

/** The cash balance (wheel and leaderboard prizes), its history, and payouts from £5. */
export function CashCard() {
  const { data, isPending, isError } = useCash();
  const [withdrawing, setWithdrawing] = useState(false);
  if (isPending) return <Spinner label="Loading your cash..." />;
  if (isError) return <LoadError what="Your cash balance" />;
  const { blocked, settling } = data;
  const canWithdraw = poundsToPence(data.available) >= MIN_WITHDRAWAL_PENCE && !blocked;
  return (
    <div className="space-y-4 p-5">
      <div className="flex flex-wrap items-center gap-4">
        <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700">
          <Wallet aria-hidden className="h-6 w-6" />
        </span>
        <div className="flex-1">
          <p className="text-sm text-slate-600">Cash balance</p>
          <p className="text-2xl font-extrabold text-slate-900" data-testid="cash-balance">
            {pounds(data.cash)}
          </p>
          {settling.length > 0 && (
            <p className="text-sm text-slate-600" data-testid="cash-available">
              {pounds(data.available)} available to withdraw
            </p>
          )}
        </div>
        {!withdrawing && (
          <Button onClick={() => setWithdrawing(true)} disabled={!canWithdraw}>
            <Banknote aria-hidden className="h-4 w-4" /> Withdraw
          </Button>
        )}
      </div>
      {settling.length > 0 && (
        <div className="rounded-xl bg-slate-50 px-4 py-3 text-sm" data-testid="cash-settling">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Clock aria-hidden className="h-4 w-4" /> Settling
          </p>
          <p className="mb-1 text-slate-600">
            New cash can be withdrawn {CASH_SETTLING_HOURS} hours after it arrives.
          </p>
          <ul>
            {settling.map((s) => (
              <li key={s.availableAt} className="flex justify-between gap-3">
                <span>{pounds(s.amount)}</span>
                <span className="text-slate-600">available from {ukDateTime(s.availableAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {blocked ? (
        <p
          role="status"
          className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {blocked.message}
          {blocked.code === 'cashouts_held' && (
            <>
              {' '}
              <Link to={paths.contact} className="font-semibold underline">
                Contact us
              </Link>
            </>
          )}
        </p>
      ) : (
        !canWithdraw && (
          <p className="text-sm text-slate-600">You can withdraw once you have {minimum} or more.</p>
        )
      )}
      {withdrawing && <WithdrawalForm available={data.available} onDone={() => setWithdrawing(false)} />}
      <MyWithdrawals />
      <CashHistory />
    </div>
  );
}
