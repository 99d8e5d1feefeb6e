import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { conflict } from './app-error';
import { canonicalJson } from './audit-log';

/**
 * Stripe's rule for a write sent with an `Idempotency-Key`: the same key with
 * the same request gets the same answer, and does nothing more; the same key
 * with a different request is refused. The key is claimed in the caller's
 * transaction, so a request that fails leaves it free for the retry, and a
 * second request with the key waits for the first to commit, then answers as it did.
 */
export async function once<T>(
  tx: Executor,
  claim: { actorId: string; key: string | undefined; request: unknown },
  run: () => Promise<T>,
): Promise<T> {
  const { actorId, key } = claim;
  if (!key) return run();
  const requestHash = createHash('sha256').update(canonicalJson(claim.request)).digest('hex');
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ actorId, key, requestHash, status: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [earlier] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key)));
    if (earlier?.requestHash !== requestHash)
      throw conflict(
        'This Idempotency-Key was already used for a different request',
        'idempotency_key_reused',
      );
    return earlier.response as T;
  }
  const answer = await run();
  await tx
    .update(idempotencyKeys)
    .set({ status: 200, response: answer })
    .where(and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key)));
  return answer;
}
