import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { RISK_SIGNALS } from '../../contract/operator-rules';
import type { Risk } from '../../contract/risk';
import { paths } from '../config/paths';

/** A member's risk score as a badge: none at all shows nothing. */
export function RiskBadge({ score }: { score: number }) {
  if (score <= 0) return null;
  const level = score >= 50 ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900';
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold ${level}`}>
      <ShieldAlert aria-hidden className="h-3.5 w-3.5" />
      Risk {score}
    </span>
  );
}

/** Each fraud signal with what it means, its detail, and the other accounts it names (links to their pages). */
export function RiskSignals({ signals }: { signals: Risk['signals'] }) {
  if (!signals.length) return <p className="text-sm text-slate-600">No fraud signals.</p>;
  return (
    <ul className="space-y-3">
      {signals.map((s) => (
        <li key={s.code} className="text-sm">
          <p className="font-semibold text-slate-900">{RISK_SIGNALS[s.code].label}</p>
          <p className="text-slate-700">{s.detail}</p>
          {s.accounts.length > 0 && (
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {s.accounts.map((a) => (
                <Link key={a._id} to={paths.adminMember(a._id)} className="text-brand-700 underline">
                  {a.username}
                </Link>
              ))}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
