import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FIRST_LOAD_BUDGET_KIB, firstLoadFiles } from '../../scripts/first-load';
import { CHROMIUM } from '../browser';
import { median } from '../measure';
import type { Line } from '../report';

/** The script the first page loads before anything else, gzipped, as the build's budget counts it (.size-limit.ts). */
function initialScriptKiB() {
  let bytes = 0;
  for (const file of firstLoadFiles()) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  return bytes / 1024;
}

/**
 * Lighthouse's mobile run (its default) on each page, in Debian's Chromium,
 * `runs` times: a page's scores vary by a few points from run to run, so
 * each is the median of its runs, as Lighthouse's own guidance on variability advises.
 */
export async function firstLoadScenario(opts: {
  url: string;
  pages: string[];
  runs: number;
  command: string;
}): Promise<Line[]> {
  const kib = initialScriptKiB();
  const lines: Line[] = [
    {
      goal: `initial JavaScript ≤ ${FIRST_LOAD_BUDGET_KIB} KiB gzipped`,
      baseline: `${FIRST_LOAD_BUDGET_KIB} KiB`,
      measured: `${kib.toFixed(1)} KiB`,
      ratio: kib / FIRST_LOAD_BUDGET_KIB,
      pass: kib <= FIRST_LOAD_BUDGET_KIB,
      command: opts.command,
    },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    for (const page of opts.pages) {
      const scores = [];
      for (let i = 0; i < opts.runs; i++) {
        const result = await lighthouse(`${opts.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const lhr = result!.lhr;
        scores.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 1),
        });
      }
      const performance = median(scores.map((r) => r.performance));
      const accessibility = median(scores.map((r) => r.accessibility));
      const cls = median(scores.map((r) => r.cls));
      const name = page.replace(/[0-9a-f-]{36}/, ':id');
      lines.push(
        {
          goal: `Lighthouse mobile performance ≥ 95 on ${name}`,
          baseline: '95',
          measured: String(performance),
          ratio: performance / 95,
          pass: performance >= 95,
          command: opts.command,
        },
        {
          goal: `Lighthouse accessibility 100 on ${name}`,
          baseline: '100',
          measured: String(accessibility),
          ratio: accessibility / 100,
          pass: accessibility === 100,
          command: opts.command,
        },
        {
          goal: `layout shift ≤ 0.05 on ${name}`,
          baseline: '0.05',
          measured: cls.toFixed(3),
          ratio: cls / 0.05,
          pass: cls <= 0.05,
          command: opts.command,
        },
      );
    }
  } finally {
    await chrome.kill();
  }
  return lines;
}
