import { defaultRateLimits, rateLimitVariable } from '../../src/server/rate-limits';
import { alternate } from '../measure';
import type { Line } from '../report';
import { type DatabaseKind, type RunningSite, SPENDERS } from '../site';

/** The site behind one proxy that names the client's address, with the site's own rate limits. */
export const signInScenarioEnv = {
  TRUST_PROXY: '1',
  ...Object.fromEntries(
    Object.entries(defaultRateLimits).map(([name, l]) => [
      rateLimitVariable(name),
      `${l.max}/${l.timeWindow / 1000}s`,
    ]),
  ),
};

export interface SignInOptions {
  kind: DatabaseKind;
  /** The filled members' accounts the crowd guesses at. */
  members: number;
  /** Sign-ins running at once beside the member's, each from an address never seen before. */
  crowd: number;
  /** The member's sign-ins timed on each side (alone, and in the crowd). */
  samples: number;
  command: string;
}

const GOAL_MS = 2000;
/** The member's own address, the one they always sign in from. */
const HOME = '192.0.2.10';

let lastAddress = 0;
/** An address no sign-in came from before, as a crowd behind rotating proxies has. */
const freshAddress = () => {
  const n = ++lastAddress;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

const signIn = (url: string, body: { email: string; password: string }, address: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });

/** Milliseconds the member's sign-in takes, from sending to the session. */
async function timeMember(url: string) {
  const started = performance.now();
  const res = await signIn(url, { email: SPENDERS.email(0), password: SPENDERS.password }, HOME);
  if (!res.ok) throw new Error(`the member's sign-in answered ${res.status}: ${await res.text()}`);
  await res.json();
  return performance.now() - started;
}

/**
 * `size` sign-ins at once, each from a new address, until stopped: wrong passwords for the filled
 * members' accounts in turn, as guessing spread over many accounts and proxies would send.
 */
function startCrowd(url: string, size: number, members: number) {
  let running = true;
  let answered = 0;
  const workers = Array.from({ length: size }, async (_, i) => {
    while (running) {
      const email = `player${1 + ((answered * size + i) % members)}@bench.test`;
      const res = await signIn(url, { email, password: `guess ${answered}` }, freshAddress());
      await res.arrayBuffer();
      answered++;
    }
  });
  return {
    /** Once every worker has had an answer: the crowd is at full strength. */
    async full() {
      while (running && answered < size) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/**
 * Sign-in stays fair under a crowd (DESIGN §16): a member's sign-in from their usual address, alone and
 * while `crowd` sign-ins from rotating addresses run at once, taking turns; the built server behind one
 * proxy (TRUST_PROXY), with the site's own rate limits.
 */
export async function signInScenario(site: RunningSite, opts: SignInOptions): Promise<Line[]> {
  // The member has signed in from home before, as members have.
  await timeMember(site.url);
  const { baseline, subject } = await alternate(
    opts.samples,
    () => timeMember(site.url),
    async () => {
      const crowd = startCrowd(site.url, opts.crowd, opts.members);
      try {
        await crowd.full();
        return await timeMember(site.url);
      } finally {
        await crowd.stop();
      }
    },
  );
  const db = opts.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  return [
    {
      goal: `a member's sign-in while ${opts.crowd} sign-ins from rotating addresses run at once < ${GOAL_MS.toLocaleString('en-GB')} ms (baseline: the same sign-in alone), median of ${opts.samples}, ${db}`,
      baseline: `${Math.round(baseline)} ms`,
      measured: `${Math.round(subject)} ms`,
      ratio: subject / baseline,
      pass: subject < GOAL_MS,
      command: opts.command,
    },
  ];
}
