import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { Counter, Gauge } from 'prom-client';
import { registry } from './metrics';
import { Turns } from './turns';

// OWASP's minimum for argon2id: 19 MiB of memory, 2 passes.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Argon2 runs on libuv's threads, beside the event loop that answers requests, and at most this many
 * at once: as many as the cores, and always one of libuv's four threads (UV_THREADPOOL_SIZE) left for
 * the files and lookups that share them. The rest wait their turn, a sign-in from a place the
 * account knows ahead of the others (DESIGN §16).
 */
const HASHES_AT_ONCE = Math.max(1, Math.min(availableParallelism(), 3));

const hashes = new Counter({
  name: 'password_hashes_total',
  help: 'Passwords hashed or checked (argon2id)',
  registers: [registry],
});

const turns = new Turns(HASHES_AT_ONCE);

new Gauge({
  name: 'password_hashes_waiting',
  help: 'Passwords waiting for a hashing thread',
  registers: [registry],
  collect() {
    this.set(turns.queued);
  },
});

/** One hashing, at its turn. */
const inTurn = <T>(work: () => Promise<T>, first = false) =>
  turns.run(
    () => {
      hashes.inc();
      return work();
    },
    { first },
  );

export const hashPassword = (password: string) => inTurn(() => hash(password, OPTIONS));

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; with no stored hash it still does the same work, so an
 * unknown email takes as long to refuse as a wrong password. `first`: a
 * sign-in from a place the account knows, checked ahead of the others waiting.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
  { first = false } = {},
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password', OPTIONS);
    const stand = await dummyHash;
    await inTurn(() => verify(stand, password), first).catch(() => false);
    return false;
  }
  return inTurn(() => verify(storedHash, password), first).catch(() => false);
}
