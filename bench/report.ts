import { writeFileSync } from 'node:fs';

export interface Line {
  goal: string;
  baseline: string;
  measured: string;
  /** subject ÷ baseline, as the goal states it. */
  ratio: number | null;
  pass: boolean;
  command: string;
}

const fmt = (n: number | null) => (n === null ? '–' : n.toFixed(2));

/** bench/REPORT.md: one row per goal with its same-run baseline, and how to run that line again. */
export function writeReport(path: string, lines: Line[], notes: string[]) {
  const rows = lines.map(
    (l) =>
      `| ${l.goal} | ${l.baseline} | ${l.measured} | ${fmt(l.ratio)} | ${l.pass ? 'pass' : '**fail**'} | \`${l.command}\` |`,
  );
  const text = [
    '# Benchmark report',
    '',
    `Measured ${new Date().toISOString()} on this machine (${notes.join('; ')}).`,
    'Each ratio is against a baseline measured in the same run, baseline and subject taking turns; medians of the rounds.',
    '',
    '| Goal | Baseline | Measured | Ratio | Result | Rerun |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(path, text);
  return text;
}
