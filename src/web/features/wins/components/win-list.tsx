import { Trophy } from 'lucide-react';
import { useState } from 'react';
import type { Delivery, MyWin } from '../../../../contract/wins';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { pounds, ukDateTime } from '../../../lib/format';
import { FORFEIT_REASON_TEXT } from '../forfeit-reasons';
import { ClaimForm } from './claim-form';

const STATUS_STYLE: Record<MyWin['status'], string> = {
  Claimed: 'bg-emerald-50 text-emerald-800',
  'Pending Claim': 'bg-amber-50 text-amber-900',
  Forfeited: 'bg-red-50 text-red-800',
};

/** Where a claimed prize is (DESIGN §17): being sent (by when), posted with its tracking, or delivered. */
function DeliveryLine({ delivery: d, cash }: { delivery: Delivery; cash: boolean }) {
  const text =
    d.status === 'delivered'
      ? `${cash ? 'Paid' : 'Delivered'} ${ukDateTime(d.deliveredAt!)}`
      : d.status === 'dispatched'
        ? `On its way by ${d.carrier}, tracking number ${d.tracking}`
        : `${cash ? 'Being paid' : 'Being prepared'}: it reaches you by ${ukDateTime(d.promisedBy)}`;
  return <p className="text-sm text-slate-700">{text}</p>;
}

/** The user's wins; with `claimable`, a pending win opens its claim form in place. */
export function WinList({
  wins,
  isPending,
  isError = false,
  limit,
  claimable = false,
}: {
  wins?: MyWin[];
  isPending: boolean;
  isError?: boolean;
  limit?: number;
  claimable?: boolean;
}) {
  const [claiming, setClaiming] = useState<string | null>(null);
  if (isPending) return <Spinner label="Loading your wins..." />;
  if (isError) return <LoadError what="Your wins" />;
  if (!wins?.length) {
    return (
      <EmptyState
        icon={Trophy}
        title="No wins yet"
        action={<ButtonLink to={paths.prizes}>Enter a prize draw</ButtonLink>}
      >
        When you win, your prize shows here so you can claim it.
      </EmptyState>
    );
  }
  const now = Date.now();
  return (
    <ul className="divide-y divide-slate-100">
      {wins.slice(0, limit).map((w) => {
        const open = w.status === 'Pending Claim' && new Date(w.claimBy).getTime() > now;
        return (
          <li key={w.prize._id} className="px-5 py-4">
            <div className="flex flex-wrap items-center gap-3">
              <Trophy aria-hidden className="h-5 w-5 text-gold-500" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">{w.prize.title}</p>
                <p className="text-sm text-slate-600">
                  {pounds(w.prize.value)} · drawn {ukDateTime(w.drawnAt)}
                  {open && ` · claim by ${ukDateTime(w.claimBy)}`}
                </p>
                <p className="text-xs text-slate-600">
                  Your draw ID: <code className="break-all font-mono">{w.pid}</code>
                </p>
                {w.forfeitReason && (
                  <p className="text-sm text-red-800">Not awarded: {FORFEIT_REASON_TEXT[w.forfeitReason]}.</p>
                )}
                {w.delivery && <DeliveryLine delivery={w.delivery} cash={w.prize.type === 'cash'} />}
              </div>
              <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${STATUS_STYLE[w.status]}`}>
                {w.status}
              </span>
              {claimable && open && claiming !== w.prize._id && (
                <Button size="sm" onClick={() => setClaiming(w.prize._id)}>
                  Claim prize
                </Button>
              )}
            </div>
            {claiming === w.prize._id && (
              <div className="mt-4 rounded-xl bg-slate-50 p-4">
                <ClaimForm win={w} onDone={() => setClaiming(null)} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
