import { Percent } from 'lucide-react';
import type { Prize } from '../../../../contract/prizes';
import { count, counted, entriesLabel } from '../../../lib/format';
import { isPlayer, useSession } from '../../../lib/session/session';
import { entryShare } from '../odds';

/**
 * The odds in plain words while a prize is open or waiting for its draw: the
 * entries so far and how many will win, and a member's own share once known.
 */
export function YourChance({ prize, userEntries }: { prize: Prize; userEntries: number | undefined }) {
  const { user } = useSession();
  if (prize.status !== 'active' && prize.status !== 'ready_to_draw') return null;
  const closed = prize.status === 'ready_to_draw';
  const winners = prize.totalWinners;
  const share = `${entryShare(userEntries ?? 0, prize.totalEntries)} (${count(userEntries ?? 0)} of ${entriesLabel(prize.totalEntries)})`;
  const mine =
    !isPlayer(user) || userEntries === undefined
      ? null
      : userEntries === 0
        ? closed
          ? null
          : 'You have no entries in this prize yet.'
        : winners === 1
          ? `Your chance: ${share}.`
          : `Your share of the entries: ${share}. With ${winners} winners, your chance of winning one is higher.`;
  const soFar =
    prize.totalEntries === 0
      ? closed
        ? 'Nobody entered this prize.'
        : 'No entries yet: be the first.'
      : `${entriesLabel(prize.totalEntries)} from ${counted(prize.participantCount, 'person', 'people')}${closed ? '' : ' so far'}.`;
  return (
    <div className="flex gap-3 rounded-xl bg-brand-50 p-4 text-sm text-slate-800" data-testid="your-chance">
      <Percent aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <div>
        {mine && <p className="font-semibold">{mine}</p>}
        <p>
          {soFar} {counted(winners, 'winner', 'winners')} will be drawn
          {winners > 1 && ', each a different person'}.
        </p>
      </div>
    </div>
  );
}
