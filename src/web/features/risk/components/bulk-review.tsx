import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ReasonBody, reasonBody } from '../../../../contract/members';
import type { ReviewRow } from '../../../../contract/risk';
import { type BatchOutcome, BatchResults } from '../../../components/batch-results';
import { reasonHint } from '../../../components/staff-action';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { counted } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useClearMany, useHoldMany } from '../api/work-review';

/** The selected members, cleared or held at once with one reason, and afterwards what became of each. */
export function BulkReview({
  selected,
  canHold,
  onDone,
}: {
  selected: ReviewRow[];
  canHold: boolean;
  onDone(): void;
}) {
  const clearMany = useClearMany();
  const holdMany = useHoldMany();
  const [outcomes, setOutcomes] = useState<BatchOutcome[]>();
  const { register, handleSubmit, formState, reset } = useForm<ReasonBody>({
    resolver: zodResolver(reasonBody),
  });
  const members = counted(selected.length, 'member', 'members');

  const act = (kind: 'clear' | 'hold') =>
    handleSubmit(async ({ reason }) => {
      const userIds = selected.map((m) => m._id);
      try {
        const { results } =
          kind === 'clear'
            ? await clearMany.mutateAsync({ userIds, note: reason })
            : await holdMany.mutateAsync({ userIds, reason });
        const done = results.filter((r) => r.outcome === 'done').length;
        toast.success(
          `${counted(done, 'member', 'members')} ${kind === 'clear' ? 'cleared' : 'held from cashing out'}`,
        );
        const names = new Map(selected.map((m) => [m._id, m.username]));
        setOutcomes(
          results.map((r) => ({
            name: names.get(r._id) ?? r._id,
            text:
              r.outcome === 'done'
                ? kind === 'clear'
                  ? 'cleared'
                  : 'cashouts held'
                : `not changed. ${r.message}`,
          })),
        );
        reset();
        onDone();
      } catch (err) {
        toast.error(errorText(err, 'Failed to update the members'));
      }
    });

  if (!selected.length && !outcomes) return null;
  return (
    <div className="mb-3 space-y-3">
      {selected.length > 0 && (
        <form
          noValidate
          onSubmit={(e) => void act('clear')(e)}
          className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
        >
          <p className="font-semibold text-slate-900">{members} selected</p>
          <TextField
            label="Reason"
            required
            error={formState.errors.reason?.message}
            {...register('reason')}
          />
          <p className="text-xs text-slate-600">{reasonHint}</p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" size="sm" disabled={clearMany.isPending}>
              Clear {members}
            </Button>
            {canHold && (
              <Button
                size="sm"
                variant="secondary"
                disabled={holdMany.isPending}
                onClick={(e) => void act('hold')(e)}
              >
                Hold cashouts of {members}
              </Button>
            )}
          </div>
        </form>
      )}
      {outcomes && <BatchResults outcomes={outcomes} />}
    </div>
  );
}
