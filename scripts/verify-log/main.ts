/**
 * Checks a site's public log from outside, with no code of the site:
 *
 *   npm run verify-log -- --site https://example.org [--key <verifier key>] [--receipt N]… [--state file]
 *
 * Every checkpoint's signature (with the key given, or the site's own), the consistency of each
 * checkpoint with the one before, the newest served checkpoint's with the last one this verifier saw
 * (`--state`, kept between runs), and the inclusion of each receipt (a leaf index an entry answered)
 * in the newest checkpoint. Exits 1 saying what failed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { consistencyHolds, hashLeaf, inclusionHolds } from './rfc9162';
import { type Checkpoint, openNote, parseVerifierKey, readCheckpoint, type Verifier } from './signed-note';

const b64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

export async function verifyLog(
  site: string,
  opts: { key?: string; receipts?: number[]; state?: string } = {},
) {
  const base = site.replace(/\/$/, '');
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const json = async <T>(path: string) => (await (await get(path)).json()) as T;
  const report: string[] = [];

  const served = await json<{ verifierKey: string }>('/api/transparency/key');
  if (opts.key && opts.key !== served.verifierKey)
    throw new Error('the site signs with a key other than the one given');
  const verifier: Verifier = parseVerifierKey(opts.key ?? served.verifierKey);

  const open = (note: string): Checkpoint => {
    const checkpoint = readCheckpoint(openNote(note, verifier));
    if (checkpoint.origin !== verifier.name)
      throw new Error(`a checkpoint names ${checkpoint.origin}, not ${verifier.name}`);
    return checkpoint;
  };
  const consistent = async (a: Checkpoint, b: Checkpoint) => {
    if (b.size < a.size) throw new Error(`the log shrank from ${a.size} to ${b.size} leaves`);
    const { hashes } =
      a.size === b.size || a.size === 0
        ? { hashes: [] }
        : await json<{ hashes: string[] }>(`/api/transparency/proof/consistency?from=${a.size}&to=${b.size}`);
    if (!consistencyHolds(a.size, b.size, a.root, b.root, hashes.map(b64)))
      throw new Error(`the log of ${b.size} leaves does not extend the one of ${a.size}: it was rewritten`);
  };

  // Every checkpoint, oldest first.
  const notes: Array<{ size: number; note: string }> = [];
  for (let cursor: string | null = ''; cursor !== null; ) {
    const page: { checkpoints: Array<{ size: number; note: string }>; nextCursor: string | null } =
      await json(`/api/transparency/checkpoints${cursor ? `?cursor=${cursor}` : ''}`);
    notes.push(...page.checkpoints);
    cursor = page.nextCursor;
  }
  notes.reverse();
  let previous: Checkpoint | undefined;
  for (const { size, note } of notes) {
    const checkpoint = open(note);
    if (checkpoint.size !== size)
      throw new Error(`a checkpoint listed as ${size} leaves signs ${checkpoint.size}`);
    if (previous) await consistent(previous, checkpoint);
    previous = checkpoint;
  }
  report.push(
    `${notes.length} checkpoints signed by ${verifier.name} and each consistent with the one before`,
  );

  const newest = open(await (await get('/api/transparency/checkpoint')).text());
  if (previous) await consistent(previous, newest);

  if (opts.state) {
    if (existsSync(opts.state)) {
      const seen = JSON.parse(readFileSync(opts.state, 'utf8')) as { size: number; root: string };
      await consistent({ origin: verifier.name, size: seen.size, root: b64(seen.root) }, newest);
      report.push(`consistent with the ${seen.size} leaves seen before`);
    }
    writeFileSync(
      opts.state,
      JSON.stringify({ size: newest.size, root: Buffer.from(newest.root).toString('base64') }),
    );
  }

  for (const index of opts.receipts ?? []) {
    const { leaves } = await json<{ leaves: Array<{ index: number; data: string }> }>(
      `/api/transparency/leaves?start=${index}&end=${index + 1}`,
    );
    const leaf = leaves.find((l) => l.index === index);
    if (!leaf) throw new Error(`the log has no leaf ${index}`);
    const { hashes } = await json<{ hashes: string[] }>(
      `/api/transparency/proof/inclusion?index=${index}&size=${newest.size}`,
    );
    if (!inclusionHolds(index, newest.size, hashLeaf(b64(leaf.data)), hashes.map(b64), newest.root))
      throw new Error(`receipt ${index} is not in the log of ${newest.size} leaves`);
    report.push(`receipt ${index} is in the log: ${Buffer.from(leaf.data, 'base64').toString('utf8')}`);
  }
  report.push(`the newest checkpoint covers ${newest.size} leaves`);
  return report;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').slice(-2).join('/'))) {
  const { values } = parseArgs({
    options: {
      site: { type: 'string' },
      key: { type: 'string' },
      receipt: { type: 'string', multiple: true },
      state: { type: 'string' },
    },
  });
  if (!values.site) {
    console.error(
      'usage: npm run verify-log -- --site URL [--key VERIFIER_KEY] [--receipt N]… [--state FILE]',
    );
    process.exit(2);
  }
  const receipts = (values.receipt ?? []).map(Number);
  verifyLog(values.site, { key: values.key, receipts, state: values.state }).then(
    (report) => {
      for (const line of report) console.log(`ok: ${line}`);
    },
    (err: Error) => {
      console.error(`FAILED: ${err.message}`);
      process.exit(1);
    },
  );
}
