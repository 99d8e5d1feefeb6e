/**
 * npm run bench: every speed goal of issue 10 against a baseline measured in
 * the same run, on the compiled site (npm run build) with realistic data, on
 * PGlite and on PostgreSQL; writes bench/REPORT.md and exits 1 when a goal
 * fails. `--smoke` runs each scenario briefly on small data, only to show the
 * harness works (CI); `--only=api,spend,operator,live,growth,heavy,draw,first-load,verify,signin` and `--db=pglite|postgres`
 * pick what to run.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBrowser } from './browser';
import { type Line, writeReport } from './report';
import { apiScenario } from './scenarios/api';
import { bigDrawScenario } from './scenarios/big-draw';
import { drawScenario } from './scenarios/draws';
import { firstLoadScenario } from './scenarios/first-load';
import { growthScenario } from './scenarios/growth';
import { heavyScenario } from './scenarios/heavy';
import { liveScenario } from './scenarios/live';
import { operatorScenario } from './scenarios/operator';
import { signInScenario, signInScenarioEnv } from './scenarios/sign-in';
import { spendScenario } from './scenarios/spend';
import { verifyScenario } from './scenarios/verify';
import { settings, smoke } from './settings';
import { type DatabaseKind, startSite } from './site';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = arg('only')?.split(',') ?? [
  'api',
  'spend',
  'live',
  'bigdraw',
  'operator',
  'growth',
  'heavy',
  'draw',
  'first-load',
  'verify',
  'signin',
];
const kinds = (arg('db')?.split(',') ?? ['pglite', 'postgres']) as DatabaseKind[];

/** Resident memory goals after the load, per database (issue 10, item 7). */
const MEMORY_GOAL_MB: Record<DatabaseKind, number> = { postgres: 250, pglite: 600 };

const started = performance.now();
/** Each line says when it came, in seconds since the start, so a slow scenario shows in any run's output. */
const log = (text: string) =>
  console.log(`[bench ${Math.round((performance.now() - started) / 1000)} s] ${text}`);

async function main() {
  if (only.includes('first-load') || only.includes('verify')) assertBrowser();
  const lines: Line[] = [];
  const rerun = (what: string, db?: DatabaseKind) =>
    `npm run bench -- --only=${what}${db ? ` --db=${db}` : ''}`;

  for (const kind of kinds) {
    const needed =
      only.includes('api') ||
      only.includes('spend') ||
      (only.includes('operator') && kind === 'postgres') ||
      (only.includes('live') && kind === 'postgres') ||
      (only.includes('bigdraw') && kind === 'postgres') ||
      (only.includes('first-load') && kind === 'pglite');
    if (!needed) continue;
    log(`filling ${kind} with ${settings.users.toLocaleString('en-GB')} members`);
    const site = await startSite(kind, { users: settings.users });
    try {
      if (only.includes('api')) {
        log(`public reads and leaderboards on ${kind}`);
        lines.push(...(await apiScenario(site, { kind, ...settings, command: rerun('api', kind) })));
        const rss = site.rssMb();
        lines.push({
          goal: `compiled server's resident memory after the load ≤ ${MEMORY_GOAL_MB[kind]} MB, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
          baseline: `${MEMORY_GOAL_MB[kind]} MB`,
          measured: `${Math.round(rss)} MB`,
          ratio: rss / MEMORY_GOAL_MB[kind],
          pass: rss <= MEMORY_GOAL_MB[kind],
          command: rerun('api', kind),
        });
      }
      if (only.includes('spend')) {
        log(`entering a prize on ${kind}`);
        lines.push(...(await spendScenario(site, { kind, ...settings, command: rerun('spend', kind) })));
      }
      if (only.includes('live') && kind === 'postgres') {
        log('live events: open streams, and credits across two instances');
        lines.push(...(await liveScenario(site, { ...settings, command: rerun('live', 'postgres') })));
      }
      if (only.includes('bigdraw') && kind === 'postgres') {
        const n = settings.bigDrawParticipants.toLocaleString('en-GB');
        log(`a prize of ${n} participants frozen, drawn and checked`);
        lines.push(
          ...(await bigDrawScenario(site, {
            participants: settings.bigDrawParticipants,
            rounds: settings.rounds,
            command: rerun('bigdraw', 'postgres'),
          })),
        );
      }
      // Last on this site: its history of twenty million ledger rows is added for it.
      if (only.includes('operator') && kind === 'postgres') {
        log(`the operator's reads on ${settings.ledgerRows.toLocaleString('en-GB')} ledger rows`);
        lines.push(
          ...(await operatorScenario(site, { ...settings, command: rerun('operator', 'postgres') })),
        );
      }
      if (only.includes('first-load') && kind === 'pglite') {
        log('first load: script size and Lighthouse');
        const { prizes } = (await (await fetch(`${site.url}/api/prizes`)).json()) as {
          prizes: Array<{ _id: string }>;
        };
        const pages = settings.pages.map((p) => (p === 'prize' ? `/prizes/${prizes[0]!._id}` : p));
        lines.push(
          ...(await firstLoadScenario({
            url: site.url,
            pages,
            runs: settings.lighthouseRuns,
            command: rerun('first-load', 'pglite'),
          })),
        );
      }
    } finally {
      await site.stop();
    }
  }

  if (only.includes('growth') && kinds.includes('postgres')) {
    log('growth: the same requests on a small site and a large one');
    lines.push(...(await growthScenario({ ...settings.growth, command: rerun('growth', 'postgres') }, log)));
  }

  if (only.includes('heavy') && kinds.includes('postgres')) {
    log('heavy members: the same requests for members with long histories and for new ones');
    lines.push(...(await heavyScenario({ ...settings.heavy, command: rerun('heavy', 'postgres') }, log)));
  }

  if (only.includes('draw')) {
    log(`draws of ${settings.participants.toLocaleString('en-GB')} participants`);
    lines.push(...(await drawScenario({ ...settings, command: rerun('draw') })));
  }

  if (only.includes('verify')) {
    const n = settings.checkedParticipants;
    log(`the browser's check of a draw of ${n.toLocaleString('en-GB')} participants`);
    // Only the page and its scripts are used, so a small site will do.
    const site = await startSite('pglite', { users: 100 });
    try {
      lines.push(
        ...(await verifyScenario({ ...settings, participants: n, url: site.url, command: rerun('verify') })),
      );
    } finally {
      await site.stop();
    }
  }

  if (only.includes('signin')) {
    for (const kind of kinds) {
      log(`a member's sign-in beside ${settings.signIn.crowd} from rotating addresses on ${kind}`);
      const site = await startSite(kind, { users: settings.signIn.members, env: signInScenarioEnv });
      try {
        lines.push(
          ...(await signInScenario(site, { kind, ...settings.signIn, command: rerun('signin', kind) })),
        );
      } finally {
        await site.stop();
      }
    }
  }

  const notes = [
    `${settings.users.toLocaleString('en-GB')} members`,
    `${settings.rounds} rounds of ${settings.seconds} s`,
    `Lighthouse ${settings.lighthouseRuns} times a page`,
  ];
  const path = smoke ? join(tmpdir(), 'bench-smoke-REPORT.md') : 'bench/REPORT.md';
  // A run of part of the bench updates its own rows of the report and keeps the rest.
  const partial = Boolean(arg('only') || arg('db'));
  console.log(
    writeReport(path, lines, smoke ? ['smoke run, not a measurement', ...notes] : notes, {
      merge: partial && !smoke,
    }),
  );
  const failed = lines.filter((l) => !l.pass);
  log(`${lines.length - failed.length} of ${lines.length} goals met; report in ${path}`);
  // A smoke run shows the harness works; only a full run judges the goals.
  if (!smoke && failed.length) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
