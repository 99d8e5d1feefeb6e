import type { HTMLAttributes, ReactNode } from 'react';

export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`} {...props} />;
}

/** A card whose content (a wide table) may scroll sideways on a phone; keyboard users can focus it to scroll. */
export function ScrollCard({
  label,
  className = '',
  ...props
}: { label: string } & HTMLAttributes<HTMLDivElement>) {
  // relative: visually hidden (absolute) text inside stays inside the scroller instead of widening the page.
  return (
    <Card
      className={`relative overflow-x-auto ${className}`}
      role="region"
      aria-label={label}
      tabIndex={0}
      {...props}
    />
  );
}

/** A titled block of a page: a heading (with an optional link or button beside it) over a card. `fill` stretches the card to its row's height. */
export function SectionCard({
  title,
  action,
  fill = false,
  children,
}: {
  title: string;
  action?: ReactNode;
  fill?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={fill ? 'flex flex-col' : undefined}>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-bold">{title}</h2>
        {action}
      </div>
      <Card className={fill ? 'flex-1' : undefined}>{children}</Card>
    </section>
  );
}
