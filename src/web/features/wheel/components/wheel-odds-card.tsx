import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { APPROVAL_WAITING } from '../../../../contract/approvals';
import { expectedPerSpin, type UpdateWheelOddsBody, updateWheelOddsBody } from '../../../../contract/wheel';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { count, pounds } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useWheelConfig } from '../api/get-wheel-config';
import { useUpdateWheelOdds } from '../api/update-wheel-odds';

const PERCENT = 100;

/** The form's fields, each prize's chance typed in percent, sent as the endpoint's body of probabilities. */
const oddsForm = z
  .strictObject({ percent: z.array(z.strictObject({ id: z.string(), value: z.string() })) })
  .transform(({ percent }) => ({
    prizes: percent.map((p) => ({ id: p.id, probability: p.value.trim() ? Number(p.value) / PERCENT : NaN })),
  }))
  .pipe(updateWheelOddsBody);
type OddsFields = z.input<typeof oddsForm>;

/** The body's rules speak of `prizes` (the sum, or one prize's chance): their first message, for the card. */
function prizesMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  if ('message' in errors && typeof errors.message === 'string') return errors.message;
  for (const [key, value] of Object.entries(errors)) {
    // A field's element is no error: its properties lead back into the page.
    const message = key === 'ref' ? undefined : prizesMessage(value);
    if (message) return message;
  }
  return undefined;
}

/** What a spin pays on average, per spin and per 1,000 spins. */
function costText(odds: ReadonlyArray<{ id: string; probability: number }>) {
  const { cash, entries } = expectedPerSpin(odds);
  const toPenny = (p: number) => Math.round(p * 100) / 100;
  return `${pounds(toPenny(cash))} cash and ${entries.toFixed(1)} entries a spin; ${pounds(toPenny(cash * 1000))} and ${count(Math.round(entries * 1000))} entries per 1,000 spins`;
}

/** Settings: each wheel prize's chance in percent; they must add up to 100, as the API checks. */
export function WheelOddsCard() {
  const config = useWheelConfig();
  const update = useUpdateWheelOdds();
  const { register, handleSubmit, formState, reset, watch } = useForm<
    OddsFields,
    unknown,
    UpdateWheelOddsBody
  >({ resolver: zodResolver(oddsForm), defaultValues: { percent: [] } });
  // The odds as saved, whenever they are read again (after a save, or on coming back to the page),
  // without taking away a figure the admin has typed meanwhile.
  useEffect(() => {
    if (config.data)
      reset(
        {
          percent: config.data.map((p) => ({
            id: p.id,
            value: String(+(p.probability * PERCENT).toFixed(2)),
          })),
        },
        { keepDirtyValues: true },
      );
  }, [config.data, reset]);

  const typed = watch('percent');
  const total = typed.reduce((sum, p) => sum + (Number(p.value) || 0), 0);
  const submit = handleSubmit(
    submitWithToast(update.mutateAsync, { success: APPROVAL_WAITING, error: 'Failed to ask for the odds' }),
  );
  const error = prizesMessage((formState.errors as { prizes?: unknown }).prizes);

  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold">Instant-win wheel odds</h2>
      <p className="mt-1 text-sm text-slate-600">
        Each prize’s chance on a spin, in percent. They must add up to 100.
      </p>
      {config.isPending ? (
        <Spinner label="Loading the odds..." />
      ) : config.isError ? (
        <LoadError what="The odds" className="mt-4 text-sm" />
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 space-y-3">
          <div className="grid grid-cols-2 gap-3">
            {config.data?.map((p, i) => (
              <TextField
                key={p.id}
                label={`${p.name} (%)`}
                type="number"
                step="0.01"
                min="0"
                max="100"
                {...register(`percent.${i}.value`)}
              />
            ))}
          </div>
          <p
            className={`text-sm font-medium ${Math.abs(total - PERCENT) < 0.005 ? 'text-emerald-700' : 'text-red-700'}`}
          >
            Total: {+total.toFixed(2)}%
          </p>
          {config.data && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
              <dt>Now</dt>
              <dd>{costText(config.data)}</dd>
              <dt>With these</dt>
              <dd>
                {costText(typed.map((p) => ({ id: p.id, probability: (Number(p.value) || 0) / PERCENT })))}
              </dd>
            </dl>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <p className="text-xs text-slate-600">
            A change of the odds waits for another member of staff to approve it.
          </p>
          <Button type="submit" disabled={update.isPending}>
            Ask for these odds
          </Button>
        </form>
      )}
    </Card>
  );
}
