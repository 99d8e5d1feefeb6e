import type { WheelConfig } from '../../../../contract/wheel';
import { percent } from '../../../lib/format';

/** Each slice's fill, and a text colour readable on it. */
export const WHEEL_COLOURS = [
  { fill: '#6d28d9', text: '#ffffff' },
  { fill: '#fbbf24', text: '#2e1065' },
  { fill: '#4c1d95', text: '#ffffff' },
  { fill: '#10b981', text: '#052e16' },
  { fill: '#7c3aed', text: '#ffffff' },
  { fill: '#f59e0b', text: '#2e1065' },
];

/** The chance of each of the wheel's prizes as it is set now, keyed to the slices' colours. */
export function WheelOdds({ prizes, className = '' }: { prizes: WheelConfig; className?: string }) {
  return (
    <dl
      aria-label="The wheel's odds"
      className={`grid w-full max-w-xs grid-cols-2 gap-x-4 gap-y-1 text-left text-sm ${className}`}
    >
      {prizes.map((p, i) => (
        <div key={p.id} className="flex items-center justify-between gap-2">
          <dt className="flex items-center gap-1.5 text-slate-700">
            <span
              aria-hidden
              className="h-3 w-3 shrink-0 rounded-sm"
              style={{ background: WHEEL_COLOURS[i % WHEEL_COLOURS.length]!.fill }}
            />
            {p.name}
          </dt>
          <dd className="font-semibold text-slate-900">{percent(p.probability)}</dd>
        </div>
      ))}
    </dl>
  );
}
