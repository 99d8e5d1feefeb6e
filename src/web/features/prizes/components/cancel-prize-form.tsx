import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { APPROVAL_WAITING } from '../../../../contract/approvals';
import { cancelBody, type Prize } from '../../../../contract/prizes';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useCancelPrize } from '../api/cancel-prize';

/** Cancelling a prize: the reason, which everyone sees on the prize's page, then the refunds. */
export function CancelPrizeForm({ prize, onDone }: { prize: Prize; onDone(): void }) {
  const cancel = useCancelPrize();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof cancelBody>>({
    resolver: zodResolver(cancelBody),
  });
  const submit = handleSubmit(
    submitWithToast(
      (body: z.infer<typeof cancelBody>) => cancel.mutateAsync({ id: prize._id, ...body }),
      {
        success: (r) => ('approval' in r ? APPROVAL_WAITING : r.message),
        error: 'Failed to cancel the prize',
      },
      onDone,
    ),
  );
  return (
    <form className="basis-full space-y-3 rounded-lg bg-slate-50 p-4" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-700">
        Everyone who entered gets their entries back. The reason is shown on the prize’s page. This cannot be
        undone. Once entries have closed, a second member of staff must approve it first.
      </p>
      <TextField
        label="Reason for cancelling"
        required
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      <Button type="submit" variant="danger" disabled={cancel.isPending}>
        Cancel and refund everyone
      </Button>
    </form>
  );
}
