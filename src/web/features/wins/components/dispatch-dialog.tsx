import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type AdminWinner, dispatchBody } from '../../../../contract/wins';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useDispatchPrize } from '../api/deliver-prize';

/** Marking a claimed prize posted: the carrier and tracking number the winner is told. */
export function DispatchDialog({ winner, onClose }: { winner: AdminWinner; onClose(): void }) {
  const titleId = useId();
  const dispatch = useDispatchPrize();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof dispatchBody>>({
    resolver: zodResolver(dispatchBody),
  });
  const submit = handleSubmit(
    submitWithToast(
      (body: z.infer<typeof dispatchBody>) =>
        dispatch.mutateAsync({ prizeId: winner.prize._id, userId: winner.user._id, ...body }),
      { success: 'Prize marked dispatched', error: 'Failed to mark the prize dispatched' },
      onClose,
    ),
  );
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-w-lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          Dispatch {winner.prize.title} to {winner.user.username}
        </h2>
        <p className="text-sm text-slate-800">
          The winner is told the carrier and tracking number. Post it to the address in the winners’ CSV.
        </p>
        <TextField
          label="Carrier"
          required
          error={formState.errors.carrier?.message}
          {...register('carrier')}
        />
        <TextField
          label="Tracking number"
          required
          error={formState.errors.tracking?.message}
          {...register('tracking')}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={dispatch.isPending}>
            Mark dispatched
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
