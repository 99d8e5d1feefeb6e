import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { type DrawProof, snapshotText } from '../../src/shared/draw';
import { pickWinners } from '../../src/shared/draw-keys';
import { CHROMIUM } from '../browser';
import { alternate } from '../measure';
import type { Line } from '../report';

const ASSETS = 'dist/web/assets';

/** The built file /draws/:id imports to check a draw (its own chunk, see get-draw-proof.ts), as the site serves it. */
function checkChunk() {
  const files = readdirSync(ASSETS).filter(
    (f) => f.endsWith('.js') && /export\{[^}]*\bverifyDraw\b/.test(readFileSync(join(ASSETS, f), 'utf8')),
  );
  if (files.length !== 1)
    throw new Error(`expected one built chunk exporting verifyDraw, found ${files.length}`);
  return `/assets/${files[0]}`;
}

/** An honest draw of `n` people with 1 to 20 entries each, its winners worked out here in Node. */
async function syntheticProof(n: number): Promise<DrawProof> {
  const seed = randomBytes(32).toString('hex');
  const participants = Array.from({ length: n }, (_, i) => ({
    _id: randomBytes(16).toString('hex'),
    username: `P***${i % 10}`,
    entries: 1 + (i % 20),
  })).sort((a, b) => (a._id < b._id ? -1 : 1));
  const snapshotHash = createHash('sha256').update(snapshotText(participants)).digest('hex');
  return {
    commitment: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
    seed,
    snapshotHash,
    participants,
    winners: await pickWinners(seed, snapshotHash, participants, 10),
    totalWinners: 10,
    snapshotAt: new Date().toISOString(),
    beacon: null,
  };
}

/**
 * What runs in the page, as plain JavaScript: the TypeScript loader adds
 * helpers of its own to functions handed to page.evaluate, which the page lacks.
 * Both sides import the key and encode each message the same way.
 */
const PAGE_SIDE = `
window.bench = {
  async bare() {
    const { proof, withSnapshot } = window.bench;
    const encoder = new TextEncoder();
    const start = performance.now();
    if (withSnapshot) {
      const text = proof.participants.map((p) => p._id + ':' + p.entries + '\\n').join('');
      await crypto.subtle.digest('SHA-256', encoder.encode(text));
    }
    const seed = new Uint8Array(proof.seed.match(/../g).map((h) => Number.parseInt(h, 16)));
    const key = await crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    await Promise.all(
      proof.participants.map((p) => crypto.subtle.sign('HMAC', key, encoder.encode(proof.snapshotHash + ':' + p._id))),
    );
    return performance.now() - start;
  },
  async check() {
    const { proof, chunk } = window.bench;
    const { verifyDraw } = await import(chunk);
    const progress = [];
    const start = performance.now();
    const result = await verifyDraw(proof, { onProgress: (f) => progress.push(f) });
    return { ms: performance.now() - start, verdict: result.verdict, progress };
  },
}
`;

/**
 * Times, taking turns in one page of Debian's Chromium at `url`, the check
 * /draws/:id runs on `proof` (the built chunk, with a progress callback)
 * against a bare loop of the hashing any check of it must do: one WebCrypto
 * HMAC-SHA256 per participant, all in flight at once, and with `withSnapshot`
 * the SHA-256 of its snapshot's bytes too.
 */
export async function timeBrowserCheck(opts: {
  url: string;
  proof: DrawProof;
  rounds: number;
  withSnapshot: boolean;
}) {
  const chunk = checkChunk();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    // A page of the site: its origin serves the chunk, and WebCrypto needs a secure origin such as localhost.
    await page.goto(`${opts.url}/`, { waitUntil: 'networkidle' });
    // Evaluated rather than added as a script tag, which the site's content security policy refuses.
    await page.evaluate(PAGE_SIDE);
    await page.evaluate(
      (side) => {
        Object.assign((globalThis as unknown as { bench: object }).bench, side);
      },
      { proof: opts.proof, chunk, withSnapshot: opts.withSnapshot },
    );

    const bare = () => page.evaluate<number>('window.bench.bare()');
    const check = async () => {
      const { ms, verdict, progress } = await page.evaluate<{
        ms: number;
        verdict: string;
        progress: number[];
      }>('window.bench.check()');
      const steady = progress.every((f, i) => i === 0 || f >= progress[i - 1]!);
      if (verdict !== 'verified' || progress.at(-1) !== 1 || !steady) {
        throw new Error(`the check went wrong: ${verdict}, progress ${progress.join(' ')}`);
      }
      return ms;
    };

    // One turn each first, unmeasured: the chunk loads and both paths warm up.
    await bare();
    await check();
    return await alternate(opts.rounds, bare, check);
  } finally {
    await browser.close();
  }
}

/**
 * The browser's check of a synthetic draw of `participants` people against a
 * bare loop of as many WebCrypto HMAC-SHA256 signs of the same messages (goal: ≤ 2×).
 */
export async function verifyScenario(opts: {
  participants: number;
  rounds: number;
  command: string;
  url: string;
}): Promise<Line[]> {
  const proof = await syntheticProof(opts.participants);
  const r = await timeBrowserCheck({ url: opts.url, proof, rounds: opts.rounds, withSnapshot: false });
  const n = opts.participants.toLocaleString('en-GB');
  const ratio = r.subject / r.baseline;
  return [
    {
      goal: `browser check of a draw of ${n} participants ≤ 2× a bare loop of ${n} WebCrypto HMAC-SHA256 in the same page`,
      baseline: `${Math.round(r.baseline)} ms`,
      measured: `${Math.round(r.subject)} ms`,
      ratio,
      pass: ratio <= 2,
      command: opts.command,
    },
  ];
}
