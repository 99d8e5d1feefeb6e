import { useId } from 'react';
import type { BreakPeriod } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useTakeBreak } from '../api/take-break';
import { useSignOutHere } from '../sign-out-here';

const TIMED: Record<Exclude<BreakPeriod, 'permanent'>, { title: string; length: string }> = {
  '1m': { title: 'Take a 1-month break?', length: '1 month' },
  '3m': { title: 'Take a 3-month break?', length: '3 months' },
  '6m': { title: 'Take a 6-month break?', length: '6 months' },
};

/** The last word before a break starts, since it signs the user out everywhere at once. */
export function TakeBreakModal({ period, onClose }: { period: BreakPeriod; onClose(): void }) {
  const titleId = useId();
  const takeBreak = useTakeBreak();
  const signOutHere = useSignOutHere();
  const confirm = submitWithToast(
    takeBreak.mutateAsync,
    { success: (r) => r.message, error: 'Failed to start your break' },
    () => void signOutHere(),
  );
  return (
    <Modal labelledBy={titleId} onClose={onClose} canClose={!takeBreak.isPending} className="max-w-md">
      <h2 id={titleId} className="text-lg font-bold">
        {period === 'permanent' ? 'Close your account for good?' : TIMED[period].title}
      </h2>
      <div className="mt-3 space-y-2 text-sm text-slate-700">
        <p>
          You will be signed out on every device straight away, and{' '}
          {period === 'permanent'
            ? 'you will never be able to sign in to this account again.'
            : `you cannot sign in again for ${TIMED[period].length}.`}
        </p>
        <p>Entries you have already made stay in their draws.</p>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button disabled={takeBreak.isPending} onClick={() => void confirm({ period })}>
          {takeBreak.isPending
            ? 'Starting...'
            : period === 'permanent'
              ? 'Close my account'
              : 'Start my break'}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={takeBreak.isPending}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
