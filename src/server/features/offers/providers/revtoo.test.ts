import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { revtoo } from './revtoo';

describe('Revtoo postbacks', () => {
  it('check the signature as the docs compute it: md5(subId . transId . reward . secret)', () => {
    // https://docs.revtoo.com/s2s-postback/postback-security, with the parameters' examples from postback-parameters.
    const secret = 'SECRET_KEY';
    const params = {
      subId: 'user123',
      transId: 'XX-12345678',
      reward: '500',
      payout: '1.00',
      status: '1',
      userIp: '192.168.1.0',
      offer_name: 'Revtoo - Register and Earn',
      debug: '0',
    };
    const signature = createHash('md5').update(`user123XX-12345678500${secret}`).digest('hex');
    const read = (p: Record<string, string>) => revtoo.read({ params: p, headers: {}, url: '' }, secret);
    expect(read({ ...params, signature })).toEqual({
      userId: 'user123',
      transactionId: 'XX-12345678',
      kind: 'credit',
      kindSigned: false,
      // The entries are the signed reward; the unsigned payout is revenue only.
      entries: 500,
      signature,
      payout: { amount: 1, currency: 'USD' },
    });
    expect(read({ ...params, payout: '999', signature })).toMatchObject({ entries: 500 });
    expect(read({ ...params, status: '2', signature })).toMatchObject({
      kind: 'reversal',
      transactionId: 'XX-12345678',
    });
    expect(() => read({ ...params, reward: '5000', signature })).toThrow('Invalid signature');
    expect(() => read({ ...params })).toThrow('Invalid signature');
    expect(() => read({ ...params, status: '3', signature })).toThrow('status must be 1 or 2');
    expect(revtoo.received).toEqual({ status: 200, body: 'ok' });
  });
});
