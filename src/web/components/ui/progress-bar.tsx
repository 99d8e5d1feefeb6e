/** A labelled progress bar; screen readers hear the label and how far along it is. */
export function ProgressBar({
  value,
  max,
  label,
  className = '',
}: {
  value: number;
  max: number;
  label: string;
  className?: string;
}) {
  const shown = Math.max(0, Math.min(value, max));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={shown}
      className={`h-2 overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <div
        className="h-full rounded-full bg-brand-600"
        style={{ width: `${max > 0 ? (100 * shown) / max : 0}%` }}
      />
    </div>
  );
}
