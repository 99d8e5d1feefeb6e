import type { LucideIcon } from 'lucide-react';
import { Card } from './card';

export function StatCard({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: LucideIcon;
  label: string;
  value: string | number;
  /** What the number counts, where the label alone could be read two ways. */
  hint?: string;
}) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
        <Icon aria-hidden className="h-5 w-5" />
      </span>
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-extrabold text-slate-900">{value}</p>
        {hint && <p className="text-xs text-slate-600">{hint}</p>}
      </div>
    </Card>
  );
}
