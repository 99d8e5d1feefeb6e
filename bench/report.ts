import { existsSync, readFileSync, writeFileSync } from 'node:fs';

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
const HEADER = '| Goal | Baseline | Measured | Ratio | Result | When | Rerun |';

const row = (l: Line, when: string) =>
  `| ${l.goal} | ${l.baseline} | ${l.measured} | ${fmt(l.ratio)} | ${l.pass ? 'pass' : '**fail**'} | ${when} | \`${l.command}\` |`;

const OLD_HEADER = '| Goal | Baseline | Measured | Ratio | Result | Rerun |';

/** The rows a report already holds, by their rerun command, in their order. */
function previousRows(path: string) {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  // A report from before rows had their own date takes the date of its one run.
  const old = text.includes(OLD_HEADER);
  const runDate = text.match(/Measured (\d{4}-\d\d-\d\d)T(\d\d:\d\d)/);
  const oldWhen = runDate ? `${runDate[1]} ${runDate[2]}` : '–';
  return text
    .split('\n')
    .filter((l) => l.startsWith('| ') && l !== HEADER && l !== OLD_HEADER)
    .map((l) => {
      const command = l.match(/`([^`]+)` \|$/)?.[1] ?? '';
      return { text: old ? l.replace(/ \| `[^`]+` \|$/, ` | ${oldWhen} | \`${command}\` |`) : l, command };
    });
}

/**
 * bench/REPORT.md: one row per goal with its same-run baseline, when it was
 * measured, and how to run that line again. A run of part of the bench
 * (`merge`) replaces the rows of the commands it ran and keeps the others.
 */
export function writeReport(path: string, lines: Line[], notes: string[], { merge = false } = {}) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const fresh = lines.map((l) => ({ text: row(l, when), command: l.command }));
  const ran = new Set(lines.map((l) => l.command));
  const kept = merge ? previousRows(path).filter((r) => !ran.has(r.command)) : [];
  // Rows keep their places: the fresh ones of a command where its old ones were, or at the end.
  const ordered: string[] = [];
  const placed = new Set<string>();
  for (const r of merge ? previousRows(path) : []) {
    if (!ran.has(r.command)) ordered.push(r.text);
    else if (!placed.has(r.command)) {
      placed.add(r.command);
      ordered.push(...fresh.filter((f) => f.command === r.command).map((f) => f.text));
    }
  }
  ordered.push(...fresh.filter((f) => !placed.has(f.command)).map((f) => f.text));
  const text = [
    '# Benchmark report',
    '',
    `Last run ${when} UTC on this machine (${notes.join('; ')})${kept.length ? '; the other rows come from earlier runs, as their dates say' : ''}.`,
    'Each ratio is against a baseline measured in the same run, baseline and subject taking turns; medians of the rounds.',
    '',
    HEADER,
    '|---|---|---|---|---|---|---|',
    ...ordered,
    '',
  ].join('\n');
  writeFileSync(path, text);
  return text;
}
