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
import { useDisqualifyWinner, useLine } from '../api/disqualify-winner';

/**
 * Asking to disqualify a winner, in a dialog that says how many of the draw's ranking are still in
 * line (never who is next: whoever could see that could choose the winner) and asks for the reason.
 * A second member of staff approves it, and the place then passes on.
 */
export function DisqualifyDialog({ winner, onClose }: { winner: AdminWinner; onClose(): void }) {
  const titleId = useId();
  const ids = { prizeId: winner.prize._id, userId: winner.user._id };
  const line = useLine(ids.prizeId, ids.userId);
  const disqualify = useDisqualifyWinner();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof disqualifyBody>>({
    resolver: zodResolver(disqualifyBody),
  });
  const submit = handleSubmit(
    submitWithToast(
      ({ reason }: z.infer<typeof disqualifyBody>) => disqualify.mutateAsync({ ...ids, reason }),
      {
        success: APPROVAL_WAITING,
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
        {line.isPending ? (
          <Spinner label="Counting who is still in the draw..." />
        ) : line.isError ? (
          <p className="text-sm text-red-800">
            {errorText(line.error, 'Could not count who is still in line')}
          </p>
        ) : (
          <div className="space-y-2 text-sm text-slate-800" data-testid="line">
            <p>
              {line.data.nextInLine
                ? `Their place in ${winner.prize.title} passes to the next eligible participant in the draw's ranking (${line.data.nextInLine.toLocaleString('en-GB')} still in line), who is told they won.`
                : `Nobody is left in the draw: the place in ${winner.prize.title} would stay empty.`}
            </p>
            <p className="text-amber-900">
              A second member of staff must approve it before anything changes.
            </p>
          </div>
        )}
        <TextField label="Reason" required error={formState.errors.reason?.message} {...register('reason')} />
        <p className="text-xs text-slate-600">{reasonHint}</p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={disqualify.isPending || !line.isSuccess}>
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
