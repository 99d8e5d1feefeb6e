import { type KeyboardEvent, useId } from 'react';

/** Accessible tab list: arrow keys move between tabs, the panel is labelled by its tab. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  children,
}: {
  tabs: ReadonlyArray<{ value: T; label: string }>;
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  label: string;
  children: React.ReactNode;
}) {
  const id = useId();
  const index = tabs.findIndex((t) => t.value === value);

  function onKeyDown(e: KeyboardEvent) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    onChange(next.value);
    document.getElementById(`${id}-tab-${next.value}`)?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((t) => (
          <button
            key={t.value}
            id={`${id}-tab-${t.value}`}
            type="button"
            role="tab"
            aria-selected={t.value === value}
            aria-controls={`${id}-panel`}
            tabIndex={t.value === value ? 0 : -1}
            onKeyDown={onKeyDown}
            onClick={() => onChange(t.value)}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold ${
              t.value === value
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${value}`} className="pt-6">
        {children}
      </div>
    </div>
  );
}
