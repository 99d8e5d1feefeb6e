import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { pounds } from '../../../lib/format';

/** One winner, as Home's feed and the winners page both show them: masked name, prize, when and value. */
export function WinnerRow({
  name,
  prize,
  value,
  when,
  prizeId,
}: {
  name: string;
  prize: string;
  value: number;
  when: string;
  /** Links the row to the draw's public proof. */
  prizeId?: string;
}) {
  return (
    <li className="flex items-center gap-3 px-5 py-4">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gold-400/20 text-brand-800">
        <Trophy aria-hidden className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-slate-900">
          <span className="font-semibold">{name}</span> won <span className="font-semibold">{prize}</span>
        </p>
        <p className="text-xs text-slate-600">
          {when}
          {prizeId && (
            <>
              {' · '}
              <Link to={paths.draw(prizeId)} className="font-medium text-brand-700 underline">
                Check the draw
              </Link>
            </>
          )}
        </p>
      </div>
      <span className="text-sm font-bold text-emerald-700">{pounds(value)}</span>
    </li>
  );
}
