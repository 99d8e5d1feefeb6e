import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { APPROVAL_WAITING } from '../../../../contract/approvals';
import { disqualifyBody } from '../../../../contract/draws';
import type { AdminWinner } from '../../../../contract/wins';
import { reasonHint } from '../../../components/staff-action';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-client';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useDisqualifyWinner, useHeir } from '../api/disqualify-winner';

/**
 * Disqualifying a winner, confirmed in a dialog that names who inherits the place (the next eligible
 * participant in the draw's ranking, as the server works it out now) and asks for the reason.
 */
export function DisqualifyDialog({ winner, onClose }: { winner: AdminWinner; onClose(): void }) {
  const titleId = useId();
  const ids = { prizeId: winner.prize._id, userId: winner.user._id };
  const heir = useHeir(ids.prizeId, ids.userId);
  const disqualify = useDisqualifyWinner();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof disqualifyBody>>({
    resolver: zodResolver(disqualifyBody),
  });
  const submit = handleSubmit(
    submitWithToast(
      ({ reason }: z.infer<typeof disqualifyBody>) => disqualify.mutateAsync({ ...ids, reason }),
      {
        success: (r) => ('approval' in r ? APPROVAL_WAITING : r.message),
        error: 'Failed to disqualify the winner',
      },
      onClose,
    ),
  );
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-w-lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          Disqualify {winner.user.username}?
        </h2>
        {heir.isPending ? (
          <Spinner label="Working out who is next in the draw..." />
        ) : heir.isError ? (
          <p className="text-sm text-red-800">{errorText(heir.error, 'Could not work out who is next')}</p>
        ) : (
          <div className="space-y-2 text-sm text-slate-800" data-testid="heir">
            <p>
              {heir.data.heir
                ? `Their place in ${winner.prize.title} passes to ${heir.data.heir.username}, the next eligible participant in the draw, who is told they won.`
                : `Nobody eligible is left in the draw: the place in ${winner.prize.title} stays empty.`}
            </p>
            {heir.data.needsApproval && (
              <p className="text-amber-900">
                This place was passed on before: passing it on again waits for a second member of staff.
              </p>
            )}
          </div>
        )}
        <TextField label="Reason" required error={formState.errors.reason?.message} {...register('reason')} />
        <p className="text-xs text-slate-600">{reasonHint}</p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={disqualify.isPending || !heir.isSuccess}>
            Disqualify
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
