import { Clock, Star, Ticket } from 'lucide-react';
import type { Prize } from '../../../../contract/prizes';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { count, pounds, timeLeft } from '../../../lib/format';
import { statusLabel, typeLabel } from '../../../lib/prize-labels';
import { PrizeImage } from './prize-image';

export function PrizeCard({ prize }: { prize: Prize }) {
  return (
    <Card className="flex flex-col overflow-hidden">
      <div className="relative">
        <PrizeImage prize={prize} className="h-44 w-full" />
        {prize.featured && (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-gold-400 px-2.5 py-1 text-xs font-bold text-brand-950">
            <Star aria-hidden className="h-3.5 w-3.5" /> Featured
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800">{typeLabel(prize.type)}</span>
          {prize.drawFrequency && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
              {prize.drawFrequency.toUpperCase()} DRAW
            </span>
          )}
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-800">
            {statusLabel(prize.status)}
          </span>
        </div>
        <h3 className="mt-3 text-lg font-bold text-slate-900">{prize.title}</h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{prize.description}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-600">Prize Value</dt>
            <dd className="text-xl font-extrabold text-brand-800">{pounds(prize.value)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Entries</dt>
            <dd className="text-xl font-extrabold text-slate-900">{count(prize.totalEntries)}</dd>
          </div>
          <div className="flex items-center gap-1.5 text-slate-700">
            <Clock aria-hidden className="h-4 w-4" />
            <dt className="sr-only">Time left</dt>
            <dd>{timeLeft(prize.endDate)}</dd>
          </div>
          <div className="flex items-center gap-1.5 text-slate-700">
            <Ticket aria-hidden className="h-4 w-4" />
            <dt className="sr-only">Cost</dt>
            <dd>{prize.entryCost} entry cost</dd>
          </div>
        </dl>
        <ButtonLink
          to={paths.prize(prize._id)}
          className="mt-5 w-full"
          aria-label={`View details: ${prize.title}`}
        >
          View Details
        </ButtonLink>
      </div>
    </Card>
  );
}
