import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { ClaimBody } from '../../../../contract/users';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { requiredText } from '../../../lib/form-rules';
import { useClaimWin } from '../api/wins';

export function ClaimForm({ prizeId, onDone }: { prizeId: string; onDone(): void }) {
  const claim = useClaimWin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ClaimBody>();

  const submit = handleSubmit(async ({ phone, ...details }) => {
    try {
      const { message } = await claim.mutateAsync({
        prizeId,
        details: { ...details, ...(phone?.trim() && { phone }) },
      });
      toast.success(message);
      onDone();
    } catch (err) {
      toast.error(errorText(err, 'Failed to claim reward'));
    }
  });

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
      <Button type="submit" disabled={claim.isPending}>
        {claim.isPending ? 'Claiming...' : 'Confirm and claim'}
      </Button>
    </form>
  );
}
