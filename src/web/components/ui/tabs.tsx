import { type KeyboardEvent, useEffect, useId, useRef } from 'react';

const STYLES = {
  // A page's sections: underlined, the selected one in the brand's colour.
  line: {
    // A phone scrolls them sideways; a wide screen shows every one, on a second row if need be.
    list: 'flex gap-1 overflow-x-auto border-b border-slate-200 lg:flex-wrap lg:overflow-x-visible',
    tab: '-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold',
    on: 'border-brand-700 text-brand-800',
    off: 'border-transparent text-slate-600 hover:text-slate-900',
  },
  // Choices within a section (a list's filter): rounded, so they do not read as another row of sections.
  pills: {
    list: 'flex flex-wrap gap-2',
    tab: 'whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-semibold',
    on: 'bg-brand-700 text-white',
    off: 'bg-slate-100 text-slate-700 hover:bg-slate-200',
  },
};

/**
 * Accessible tab list: arrow keys move between tabs, the panel is labelled by
 * its tab, and the selected tab is scrolled into view when the list is wider
 * than a phone (a wide screen wraps the list instead).
 */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  variant = 'line',
  children,
}: {
  tabs: ReadonlyArray<{ value: T; label: string }>;
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  label: string;
  variant?: keyof typeof STYLES;
  children: React.ReactNode;
}) {
  const id = useId();
  const index = tabs.findIndex((t) => t.value === value);
  const list = useRef<HTMLDivElement>(null);
  const style = STYLES[variant];

  // biome-ignore lint/correctness/useExhaustiveDependencies: the selected tab is found in the DOM, after each change of it.
  useEffect(() => {
    const box = list.current;
    const tab = box?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!box || !tab) return;
    // Within the list only: scrollIntoView would move the page too.
    if (
      tab.offsetLeft < box.scrollLeft ||
      tab.offsetLeft + tab.offsetWidth > box.scrollLeft + box.clientWidth
    )
      box.scrollLeft = tab.offsetLeft - (box.clientWidth - tab.offsetWidth) / 2;
  }, [value]);

  function onKeyDown(e: KeyboardEvent) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    onChange(next.value);
    document.getElementById(`${id}-tab-${next.value}`)?.focus();
  }

  return (
    <div>
      <div ref={list} role="tablist" aria-label={label} className={style.list}>
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
            className={`${style.tab} ${t.value === value ? style.on : style.off}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${value}`}
        className={variant === 'line' ? 'pt-6' : 'pt-4'}
      >
        {children}
      </div>
    </div>
  );
}
