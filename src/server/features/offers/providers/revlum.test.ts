import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { revlum } from './revlum';

describe('Revlum postbacks', () => {
  it('check the signature as the docs compute it: md5(subId . transId . reward . secret)', () => {
    // https://developer.revlum.com/docs/postback-security-1, with the example values of revlum.com/documentation/postback.
    const secret = 'revlum-secret-key';
    const params = {
      subId: 'revlum1',
      transId: 'REV-351',
      offerName: 'Revlum - Sign up and Earn',
      reward: '25.0',
      reward_name: 'Coins',
      payout: '0.100000',
      userIp: '192.168.1.1',
      country: 'US',
      status: '2',
      debug: '0',
    };
    const signature = createHash('md5').update(`revlum1REV-35125.0${secret}`).digest('hex');
    expect(revlum.read({ params: { ...params, signature }, headers: {}, url: '' }, secret)).toEqual({
      userId: 'revlum1',
      transactionId: 'REV-351',
      kind: 'reversal',
      kindSigned: false,
      entries: 25,
      signature,
      payout: { amount: 0.1, currency: 'USD' },
    });
    expect(() =>
      revlum.read({ params: { ...params, transId: 'REV-352', signature }, headers: {}, url: '' }, secret),
    ).toThrow('Invalid signature');
    expect(revlum.received).toEqual({ status: 200, body: 'ok' });
  });
});
