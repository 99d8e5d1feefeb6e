import { useForm } from 'react-hook-form';
import { MINIMUM_AGE } from '../../../../contract/constants';
import type { ClaimBody } from '../../../../contract/wins';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { requiredText } from '../../../lib/form-rules';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useClaimWin } from '../api/claim-win';

export function ClaimForm({ prizeId, onDone }: { prizeId: string; onDone(): void }) {
  const claim = useClaimWin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ClaimBody>();

  const submit = handleSubmit(
    submitWithToast(
      ({ phone, ...details }: ClaimBody) =>
        claim.mutateAsync({ prizeId, details: { ...details, ...(phone?.trim() && { phone }) } }),
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
        {...register('fullName', requiredText('Full name'))}
      />
      <TextAreaField
        label="Delivery address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address', requiredText('Address'))}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Postcode"
          autoComplete="postal-code"
          error={errors.postcode?.message}
          {...register('postcode', requiredText('Postcode'))}
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
        {...register('dateOfBirth', { required: 'Enter your date of birth' })}
      />
      <p className="-mt-1 text-sm text-slate-600">Winners must be {MINIMUM_AGE} or over on the draw date.</p>
      <Button type="submit" disabled={claim.isPending}>
        {claim.isPending ? 'Claiming...' : 'Confirm and claim'}
      </Button>
    </form>
  );
}
