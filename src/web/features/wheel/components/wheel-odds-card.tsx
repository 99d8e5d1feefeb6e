import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { type UpdateWheelOddsBody, updateWheelOddsBody } from '../../../../contract/wheel';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useWheelConfig } from '../api/get-wheel-config';
import { useUpdateWheelOdds } from '../api/update-wheel-odds';

/** Settings: each wheel prize's chance in percent; they must add up to 100, as the API checks. */
export function WheelOddsCard() {
  const config = useWheelConfig();
  const update = useUpdateWheelOdds();
  const [percent, setPercent] = useState<Record<string, string>>({});
  useEffect(() => {
    if (config.data)
      setPercent(
        Object.fromEntries(config.data.map((p) => [p.id, String(+(p.probability * 100).toFixed(2))])),
      );
  }, [config.data]);

  const total = Object.values(percent).reduce((sum, v) => sum + (Number(v) || 0), 0);

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      prizes: (config.data ?? []).map((p) => ({ id: p.id, probability: Number(percent[p.id]) / 100 })),
    } as UpdateWheelOddsBody;
    const checked = updateWheelOddsBody.safeParse(body);
    if (!checked.success) {
      toast.error(checked.error.issues[0]?.message ?? 'Check the odds');
      return;
    }
    void submitWithToast(update.mutateAsync, {
      success: 'Wheel odds saved',
      error: 'Failed to save the odds',
    })(checked.data);
  }

  return (
    <Card className="p-6">
      <h3 className="text-lg font-bold">Instant-win wheel odds</h3>
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
            {config.data?.map((p) => (
              <TextField
                key={p.id}
                label={`${p.name} (%)`}
                type="number"
                step="0.01"
                min="0"
                max="100"
                value={percent[p.id] ?? ''}
                onChange={(e) => setPercent((all) => ({ ...all, [p.id]: e.target.value }))}
              />
            ))}
          </div>
          <p
            className={`text-sm font-medium ${Math.abs(total - 100) < 0.005 ? 'text-emerald-700' : 'text-red-700'}`}
          >
            Total: {+total.toFixed(2)}%
          </p>
          <Button type="submit" disabled={update.isPending}>
            Save odds
          </Button>
        </form>
      )}
    </Card>
  );
}
