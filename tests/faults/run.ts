/**
 * npm run test:faults: three instances of the real server on a PostgreSQL of
 * the run's own, loaded by members and an admin, while one instance is killed
 * with SIGKILL and the database is restarted. Afterwards the database must
 * hold every invariant and every acknowledged write. Exits 1 when any fails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { authApi } from '../../src/contract/auth';
import { urlOf } from '../../src/contract/endpoint';
import { prizesApi } from '../../src/contract/prizes-api';
import { tasksApi } from '../../src/contract/tasks';
import { twoFactorApi } from '../../src/contract/two-factor';
import { addDays, periodStarts } from '../../src/server/lib/london';
import { defaultRateLimits, rateLimitVariable } from '../../src/server/rate-limits';
import { codeAt } from '../support/totp';
import { waitReady } from '../support/wait-ready';
import { type Check, coverageCheck, databaseChecks, serverErrorCheck } from './checks';
import { ok, Recorder } from './client';
import { Instance } from './instances';
import { startPostgres } from './postgres';
import { AD_SECONDS, admin, Ledger, member, register, type Site } from './workload';

const LOAD_SECONDS = Number(process.env.FAULTS_SECONDS ?? 50);
const MEMBERS = Number(process.env.FAULTS_MEMBERS ?? 24);
const RECOVERY_LIMIT_MS = 10_000;
const ADMIN = { email: 'admin@faults.test', password: 'faults-admin-password' };
const OFFER_SECRET = 'faults-offer-secret';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text: string) => console.log(`[faults] ${text}`);

/** The first moment the instance answers a real read again. */
const servingAgain = (url: string) =>
  waitReady(url, 60_000, urlOf(prizesApi.list)).catch(() => Number.POSITIVE_INFINITY);

async function main() {
  const logs = mkdtempSync(join(tmpdir(), 'faults-logs-'));
  const postgres = await startPostgres();
  // Interrupted (a CI timeout, Ctrl-C), it still stops what it started.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void Promise.all(instances.map((i) => i.stop()))
        .then(() => postgres.stop())
        .finally(() => process.exit(130));
    });
  }
  log(`PostgreSQL of our own at ${postgres.url}`);
  const env = {
    DATABASE_URL: postgres.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    OFFERWALL_SECRET: OFFER_SECRET,
    SCHEDULER: 'true',
    SAMPLE_DATA: 'true',
    LOG_LEVEL: 'warn',
    DRAW_BEACON: 'none',
    // The workload's flash prizes close seconds after they open.
    PRIZE_MIN_OPEN_HOURS: '0',
    // Every request comes from this one address: the limits are not what is under test.
    ...Object.fromEntries(
      Object.keys(defaultRateLimits).map((name) => [rateLimitVariable(name), '1000000/1m']),
    ),
  };
  const instances = await Promise.all(
    ['a', 'b', 'c'].map((name) => Instance.create(name, env, join(logs, `${name}.log`))),
  );
  const db = new pg.Pool({ connectionString: postgres.url, max: 4 });
  db.on('error', () => {});
  const checks: Check[] = [];
  const recorder = new Recorder();
  let running = true;

  try {
    // The first migrates and seeds; the others start against the ready schema, both at once.
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((i) => i.start()));
    log(`instances up: ${instances.map((i) => i.url).join(', ')}`);

    const urls = instances.map((i) => i.url);
    const login = await recorder.call(urls[0]!, 'login', authApi.login, { body: ADMIN });
    const adminToken = login.body.token as string;
    // Staff need a second factor: the admin sets up an authenticator, which counts for this session.
    const setup = await recorder.call(urls[0]!, 'two-factor setup', twoFactorApi.totpSetup, {
      token: adminToken,
      body: { password: ADMIN.password },
    });
    await recorder.call(urls[0]!, 'two-factor confirm', twoFactorApi.totpConfirm, {
      token: adminToken,
      body: { code: codeAt(setup.body.secret as string, new Date()) },
    });
    const video = await recorder.call(urls[0]!, 'admin task', tasksApi.create, {
      token: adminToken,
      body: {
        type: 'watch_video_ad',
        platform: 'admob',
        title: 'Short video',
        entriesReward: 2,
        isRepeatable: true,
        verificationData: { adDuration: AD_SECONDS },
      },
    });
    const site: Site = {
      instances: urls,
      recorder,
      ledger: new Ledger(),
      offerSecret: OFFER_SECRET,
      adminToken,
      running: () => running,
    };

    // Last week's leaderboard, so the weekly payout has places to pay.
    const lastWeek = addDays(periodStarts(new Date()).weekly, -7);
    for (let i = 0; i < 12; i++) {
      const user = await register(site);
      if (user)
        await db.query(
          `insert into entry_totals (period, period_start, user_id, entries, updated_at)
           values ('weekly', $1, $2, $3, now())`,
          [lastWeek, user.id, 500 - i],
        );
    }

    const anyone = await register(site);
    const listed = await recorder.call(urls[0]!, 'tasks', tasksApi.list, { token: anyone?.token });
    const tasks = (listed.body.tasks ?? []) as Array<{ _id: string; type: string }>;
    const social = tasks.filter((t) => t.type !== 'watch_video_ad').map((t) => t._id);
    if (!social.length || !ok(video)) throw new Error('the sample tasks or the video task are missing');

    const started = Date.now();
    const load = Promise.all([
      admin(site),
      ...Array.from({ length: MEMBERS }, (_, i) =>
        sleep(i * 1_500).then(() =>
          member(site, { social, video: (video.body.task as { _id: string })._id }),
        ),
      ),
    ]);

    await sleep(12_000);
    const killedAt = Date.now();
    instances[1]!.kill();
    log(`killed instance b with SIGKILL at +${killedAt - started} ms`);
    await sleep(4_000);
    const restartedAt = Date.now();
    const back = await instances[1]!.start();
    log(`instance b serving again ${back - restartedAt} ms after it was started again`);

    await sleep(10_000);
    const { downAt, upAt } = await postgres.restart(2_000);
    log(`PostgreSQL down at +${downAt - started} ms, back at +${upAt - started} ms`);
    const recoveredAt = new Map(
      await Promise.all(urls.map(async (url) => [url, await servingAgain(url)] as const)),
    );
    for (const [url, at] of recoveredAt) log(`${url} serving again ${at - upAt} ms after the database`);
    checks.push({
      name: `every instance serving within ${RECOVERY_LIMIT_MS / 1000} s of the database returning`,
      failures: [...recoveredAt]
        .filter(([, at]) => at - upAt > RECOVERY_LIMIT_MS)
        .map(([url, at]) => `${url} after ${at - upAt} ms`),
    });

    await sleep(Math.max(0, started + LOAD_SECONDS * 1000 - Date.now()));
    running = false;
    await load;
    await Promise.all(urls.map((url) => waitReady(url, 10_000)));
    checks.push(...(await databaseChecks(db, site.ledger)));
    checks.push(serverErrorCheck(recorder.outcomes, { downAt, recoveredAt }));
    checks.push(
      await coverageCheck(db, site.ledger, recorder.outcomes, { killedAt, restartedAt, downAt, upAt }),
    );
    summarise(recorder, site.ledger, checks);
  } catch (err) {
    checks.push({ name: 'the run completed', failures: [err instanceof Error ? err.message : String(err)] });
  } finally {
    running = false;
    await Promise.all(instances.map((i) => i.stop()));
    await db.end();
    await postgres.stop();
  }

  const failed = checks.filter((c) => c.failures.length > 0);
  if (failed.length) {
    for (const c of failed) log(`FAILED: ${c.name}\n  ${c.failures.slice(0, 10).join('\n  ')}`);
    for (const i of ['a', 'b', 'c']) {
      const tail = readFileSync(join(logs, `${i}.log`), 'utf8')
        .split('\n')
        .slice(-15)
        .join('\n');
      log(`last lines of instance ${i}:\n${tail}`);
    }
    process.exit(1);
  }
  rmSync(logs, { recursive: true, force: true });
  log('every invariant held');
}

function summarise(recorder: Recorder, ledger: Ledger, checks: Check[]) {
  const byRoute = new Map<string, Record<string, number>>();
  for (const o of recorder.outcomes) {
    const kind = o.status === 'network' ? 'no answer' : `${String(o.status)[0]}xx`;
    const counts = byRoute.get(o.route) ?? {};
    counts[kind] = (counts[kind] ?? 0) + 1;
    byRoute.set(o.route, counts);
  }
  const answered = recorder.outcomes.filter((o) => o.status !== 'network');
  log(
    `${recorder.outcomes.length} requests, ${answered.filter((o) => ok({ status: o.status, body: {} })).length} succeeded`,
  );
  console.table(Object.fromEntries([...byRoute].sort(([a], [b]) => a.localeCompare(b))));
  log(
    `${ledger.emails.size} sign-ups, ${ledger.offerCredits.size} offers credited, ` +
      `${[...ledger.draws.values()].filter((n) => n > 0).length} prizes drawn by pressing Draw on every instance at once`,
  );
  for (const c of checks) log(`${c.failures.length ? 'FAIL' : 'ok  '} ${c.name}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
