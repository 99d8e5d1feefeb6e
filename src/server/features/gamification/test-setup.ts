import type { TestApp } from '../../../../tests/helpers/app';
import { clearReads } from '../../context';
import { credit } from '../../lib/ledger';

// What the leaderboard tests share: entries earned at a given moment, as the ledger records them.

let n = 0;
export async function earn(
  t: TestApp,
  userId: string,
  amount: number,
  at: string,
  { keepReads = false } = {},
) {
  await credit(t.db, {
    userId,
    amount,
    reason: 'admin_adjustment',
    idempotencyKey: `earn:${n++}`,
    at: new Date(at),
  });
  // Written behind the app's back, as another instance would: its kept reads catch up at once here,
  // unless the test is of what they keep.
  if (!keepReads) clearReads(t.ctx);
}
