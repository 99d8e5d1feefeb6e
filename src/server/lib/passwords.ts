import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { Counter, Gauge } from 'prom-client';
import { registry } from './metrics';

// OWASP's minimum for argon2id: 19 MiB of memory, 2 passes.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Argon2 runs on libuv's threads, beside the event loop that answers requests, and at most this many
 * at once: as many as the cores, and always one of libuv's four threads (UV_THREADPOOL_SIZE) left for
 * the files and lookups that share them. The rest wait their turn in order (DESIGN §16).
 */
export const HASHES_AT_ONCE = Math.max(1, Math.min(availableParallelism(), 3));

const hashes = new Counter({
  name: 'password_hashes_total',
  help: 'Passwords hashed or checked (argon2id)',
  registers: [registry],
});

const waiting: Array<() => void> = [];
let running = 0;

new Gauge({
  name: 'password_hashes_waiting',
  help: 'Passwords waiting for a hashing thread',
  registers: [registry],
  collect() {
    this.set(waiting.length);
  },
});

/** Runs one hashing at its turn: a finished one hands its place straight to the next in line. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASHES_AT_ONCE) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  hashes.inc();
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export const hashPassword = (password: string) => inTurn(() => hash(password, OPTIONS));

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; with no stored hash it still does the same work, so an
 * unknown email takes as long to refuse as a wrong password.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password', OPTIONS);
    const stand = await dummyHash;
    await inTurn(() => verify(stand, password)).catch(() => false);
    return false;
  }
  return inTurn(() => verify(storedHash, password)).catch(() => false);
}
