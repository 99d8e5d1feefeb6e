import type { Prize } from '../../../../contract/prizes';
import { count, DRAW_TIME, drawDayAfter, entriesLabel, timeRemaining, ukDateTime } from '../../../lib/format';
import { typeLabel } from '../../../lib/prize-labels';

export function PrizeInfoGrid({ prize }: { prize: Prize }) {
  const items: Array<[string, string]> = [
    ['Type', typeLabel(prize.type)],
    ['Total entries', count(prize.totalEntries)],
    ['Winners', String(prize.totalWinners)],
    ['Entry cost', entriesLabel(prize.entryCost)],
    ['Time remaining', timeRemaining(prize.endDate)],
    ['End date', ukDateTime(prize.endDate)],
    // The Contest Rules send entrants here for when a prize is drawn: the date itself, as a prize may
    // close days before its draw day comes round.
    prize.drawnAt
      ? ['Drawn', ukDateTime(prize.drawnAt)]
      : ['Draw', `${drawDayAfter(prize.endDate, prize.drawDay)}, from ${DRAW_TIME} UK time`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-0.5 font-bold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
