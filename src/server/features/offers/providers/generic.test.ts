import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generic } from './generic';

describe('generic postbacks', () => {
  it('check the HMAC-SHA256 of user_id:transaction_id:amount:status, as DESIGN §4 says', () => {
    const secret = 'wall-secret';
    const p = {
      user_id: '0f0e0d0c-0b0a-4908-8706-050403020100',
      transaction_id: 'tx-1',
      amount: '40',
      status: '1',
    };
    const signature = createHmac('sha256', secret).update(`${p.user_id}:tx-1:40:1`).digest('hex');
    const read = (params: Record<string, string>) => generic.read({ params, headers: {}, url: '' }, secret);
    expect(read({ ...p, signature, payout: '0.50' })).toEqual({
      userId: p.user_id,
      transactionId: 'tx-1',
      kind: 'credit',
      kindSigned: true,
      entries: 40,
      payout: { amount: 0.5, currency: 'GBP' },
    });
    expect(() => read({ ...p, amount: '41', signature })).toThrow('Invalid signature');
    expect(() => read({ ...p, amount: '-1', signature })).toThrow('amount must be a whole number');
    expect(() => read({ ...p, signature, payout: '1e9' })).toThrow('payout must be a decimal amount');
    expect(() => read({ ...p, signature, payout: '5000' })).toThrow('payout is larger than any offer pays');
  });
});
