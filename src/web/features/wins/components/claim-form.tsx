import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MINIMUM_AGE } from '../../../../contract/constants';
import { type ClaimBody, claimBody } from '../../../../contract/wins';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useClaimWin } from '../api/claim-win';

/** The claim's body as the server checks it; a phone left empty is not sent. */
const claimForm = claimBody.extend({
  phone: z
    .string()
    .transform((phone) => phone.trim() || undefined)
    .pipe(claimBody.shape.phone),
});

export function ClaimForm({ prizeId, onDone }: { prizeId: string; onDone(): void }) {
  const claim = useClaimWin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof claimForm>, unknown, ClaimBody>({ resolver: zodResolver(claimForm) });

  const submit = handleSubmit(
    submitWithToast(
      (details: ClaimBody) => claim.mutateAsync({ prizeId, details }),
      { success: (result) => result.message, error: 'Failed to claim reward' },
      onDone,
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextAreaField
        label="Delivery address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Postcode"
          autoComplete="postal-code"
          error={errors.postcode?.message}
          {...register('postcode')}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        max={new Date().toISOString().slice(0, 10)}
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth')}
      />
      <p className="-mt-1 text-sm text-slate-600">Winners must be {MINIMUM_AGE} or over on the draw date.</p>
      <Button type="submit" disabled={claim.isPending}>
        {claim.isPending ? 'Claiming...' : 'Confirm and claim'}
      </Button>
    </form>
  );
}
