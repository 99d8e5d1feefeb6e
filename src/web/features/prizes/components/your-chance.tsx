import { Percent } from 'lucide-react';
import type { Prize } from '../../../../contract/prizes';
import { entriesLabel } from '../../../lib/format';
import { useSession } from '../../../lib/session/session';
import { entryShare } from '../odds';

const people = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'person' : 'people'}`;

/** The odds in plain words: the signed-in user's share of the entries, and everyone's entries so far. */
export function YourChance({ prize }: { prize: Prize }) {
  const { user } = useSession();
  const winners = `${prize.totalWinners} ${prize.totalWinners === 1 ? 'winner' : 'winners'} will be drawn`;
  const soFar =
    prize.totalEntries === 0
      ? 'No entries yet: be the first.'
      : `${entriesLabel(prize.totalEntries)} from ${people(prize.participantCount)} so far.`;
  return (
    <div className="flex gap-3 rounded-xl bg-brand-50 p-4 text-sm text-slate-800" data-testid="your-chance">
      <Percent aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <div>
        {user && prize.userEntries > 0 ? (
          <p>
            <span className="font-semibold">
              Your chance: {entryShare(prize.userEntries, prize.totalEntries)}
            </span>{' '}
            ({prize.userEntries.toLocaleString('en-GB')} of {entriesLabel(prize.totalEntries)}).
          </p>
        ) : (
          user && <p className="font-semibold">You have no entries in this prize yet.</p>
        )}
        <p>
          {soFar} {winners}
          {prize.totalWinners > 1 && ', so each entry has more than one chance'}.
        </p>
      </div>
    </div>
  );
}
