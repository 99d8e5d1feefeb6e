import type { HTMLAttributes } from 'react';

export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`} {...props} />;
}

/** A card whose content (a wide table) may scroll sideways on a phone; keyboard users can focus it to scroll. */
export function ScrollCard({ label, ...props }: { label: string } & HTMLAttributes<HTMLDivElement>) {
  // relative: visually hidden (absolute) text inside stays inside the scroller instead of widening the page.
  return (
    <Card className="relative overflow-x-auto" role="region" aria-label={label} tabIndex={0} {...props} />
  );
}
