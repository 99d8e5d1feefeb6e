import type { TestApp } from '../../../../tests/helpers/app';
import { credit } from '../../lib/ledger';

// What the leaderboard tests share: entries earned at a given moment, as the ledger records them.

let n = 0;
export const earn = (t: TestApp, userId: string, amount: number, at: string) =>
  credit(t.db, {
    userId,
    amount,
    reason: 'admin_adjustment',
    idempotencyKey: `earn:${n++}`,
    at: new Date(at),
  });
