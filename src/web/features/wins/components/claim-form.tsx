import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MINIMUM_AGE } from '../../../../contract/constants';
import {
  type ClaimBody,
  type ClaimRequest,
  claimAsks,
  claimBodyFor,
  type MyWin,
} from '../../../../contract/wins';
import { PayoutFields } from '../../../components/payout-fields';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError, errorText } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useClaimWin } from '../api/claim-win';

/** The claim's body as the server checks it for this prize; a phone left empty is not sent. */
const claimFormFor = (type: MyWin['prize']['type']) => {
  const body = claimBodyFor(type);
  return body.extend({
    phone: z
      .string()
      .transform((phone) => phone.trim() || undefined)
      .pipe(body.shape.phone),
  });
};

type Refusal = { message: string; details: ClaimRequest };

/**
 * The winner's claim: how to pay a cash prize, or where to post any other. A date of birth that
 * makes them under 18 is not a forfeit at once: the server says what it means, and the form asks
 * whether it is right (DESIGN §13).
 */
export function ClaimForm({ win, onDone }: { win: MyWin; onDone(): void }) {
  const claim = useClaimWin();
  const asks = claimAsks(win.prize.type);
  const schema = useMemo(() => claimFormFor(win.prize.type), [win.prize.type]);
  const [underage, setUnderage] = useState<Refusal | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, ClaimRequest>({
    resolver: zodResolver(schema),
    ...(asks === 'payout' && { defaultValues: { payout: { method: 'paypal' } } }),
    // Switching how to be paid drops the other way's fields, which the API would refuse.
    shouldUnregister: true,
  });

  const send = async (details: ClaimRequest) => {
    try {
      const result = await claim.mutateAsync({ prizeId: win.prize._id, details: details as ClaimBody });
      toast.success(result.message);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'confirm_underage')
        return setUnderage({ message: err.message, details });
      toast.error(errorText(err, 'Failed to claim reward'));
      // Confirmed under 18: the win is forfeited, and the list now says so.
      if (details.confirmUnderage) onDone();
    }
  };

  const confirming = underage && (
    <div role="alert" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold text-amber-950">Is your date of birth right?</h3>
      <p className="text-sm text-amber-950">{underage.message}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            setUnderage(null);
            setFocus('dateOfBirth');
          }}
        >
          Correct my date of birth
        </Button>
        <Button
          variant="danger"
          disabled={claim.isPending}
          onClick={() => void send({ ...underage.details, confirmUnderage: true })}
        >
          It is right: give up the prize
        </Button>
      </div>
    </div>
  );

  const fieldErrors = errors as Partial<Record<string, { message?: string }>>;
  const payoutErrors = errors.payout as Partial<Record<string, { message?: string }>> | undefined;
  return (
    <form onSubmit={handleSubmit(send)} noValidate className="space-y-3">
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label="County"
        autoComplete="address-level1"
        error={errors.county?.message}
        {...register('county')}
      />
      <div>
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
            aria-describedby="winners-name-hint"
            {...register('keepNamePrivate')}
          />
          <span>Don’t publish my name and county on the winners page</span>
        </label>
        <p id="winners-name-hint" className="mt-1 pl-8 text-xs text-slate-600">
          Otherwise the winners page shows your first name, surname initial and county, as the advertising
          rules for prize draws ask. Your full name and address are never published.
        </p>
      </div>
      {asks === 'payout' ? (
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-semibold text-slate-900">How should we pay you?</legend>
          <PayoutFields
            method={watch('payout.method')}
            register={(field) => register(`payout.${field}`)}
            errors={payoutErrors}
          />
        </fieldset>
      ) : (
        <>
          <TextAreaField
            label="Delivery address"
            autoComplete="street-address"
            error={fieldErrors.address?.message}
            {...register('address')}
          />
          <TextField
            label="Postcode"
            autoComplete="postal-code"
            error={fieldErrors.postcode?.message}
            {...register('postcode')}
          />
        </>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          max={new Date().toISOString().slice(0, 10)}
          error={errors.dateOfBirth?.message}
          {...register('dateOfBirth')}
        />
      </div>
      <p className="-mt-1 text-sm text-slate-600">Winners must be {MINIMUM_AGE} or over on the draw date.</p>
      {confirming}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Claiming...' : 'Confirm and claim'}
      </Button>
    </form>
  );
}
