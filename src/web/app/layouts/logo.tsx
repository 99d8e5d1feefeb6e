import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** The mark and the name; `compact` keeps only the mark on the narrowest phones, where the navbar needs the room. */
export function Logo({ light = false, compact = false }: { light?: boolean; compact?: boolean }) {
  return (
    <Link to={paths.home} className="flex items-center gap-2 rounded-lg" aria-label="PrizeDraw home">
      <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-800 shadow-sm">
        <Trophy aria-hidden className="h-5 w-5 text-gold-400" />
      </span>
      <span
        className={`text-xl font-extrabold tracking-tight ${light ? 'text-white' : 'text-brand-900'} ${compact ? 'max-[419px]:hidden' : ''}`}
      >
        Prize<span className={light ? 'text-gold-400' : 'text-brand-600'}>Draw</span>
      </span>
    </Link>
  );
}
