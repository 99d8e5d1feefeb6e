import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "28 Oct" for a day's timestamp (seconds, midnight UTC of the UK day's date). */
const ukShortDay = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
};

export interface Series {
  label: string;
  color: string;
  values: number[];
  /** Drawn dashed, to tell it apart from lines of similar colour. */
  dashed?: boolean;
}

/**
 * A line chart of daily figures, drawn by uPlot on a canvas that follows its
 * box's width. The canvas is hidden from screen readers: every chart comes
 * with its figures as a table (chart-card.tsx).
 */
export default function LineChart({
  days,
  series,
  format,
}: {
  days: string[];
  series: Series[];
  format?: (n: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Each day at midnight UTC, with the time axis in UTC: a day's point sits on its own label.
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        // The legend names the lines; figures on hover would leave it blank on a phone (the table has them).
        legend: { live: false },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => ukShortDay(t)) },
          { values: (_u, ticks) => ticks.map((t) => (format ? format(t) : String(t))), size: 60 },
        ],
        series: [
          {
            label: 'Day',
            value: (_u, v) => (v == null ? '' : ukShortDay(v)),
          },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            dash: s.dashed ? [8, 5] : undefined,
            points: { show: days.length <= 45 },
            value: (_u: uPlot, v: number | null) => (v == null ? '' : format ? format(v) : String(v)),
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, format]);
  return <div ref={box} aria-hidden className="w-full overflow-hidden" />;
}
