import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorText } from '../../../lib/api-client';
import { DRAW_TIME } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTriggerDrawCheck } from '../api/trigger-draw-check';

/** Settings: run the hourly draw check now. */
export function DrawCheckCard() {
  const triggerDrawCheck = useTriggerDrawCheck();

  async function run() {
    try {
      toast.success((await triggerDrawCheck.mutateAsync()).message);
    } catch (err) {
      toast.error(errorText(err, 'Failed to trigger draw check'));
    }
  }

  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold">Draw check</h2>
      <p className="mt-1 text-sm text-slate-600">
        Runs the hourly check now: closes prizes past their end date and, on their draw day from {DRAW_TIME}{' '}
        UK time, draws the ones that are ready.
      </p>
      <Button className="mt-4" variant="secondary" onClick={run} disabled={triggerDrawCheck.isPending}>
        Trigger draw check
      </Button>
    </Card>
  );
}
