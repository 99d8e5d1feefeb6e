import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { urlOf } from '../../../../contract/endpoint';
import { offersApi } from '../../../../contract/offer-walls';
import { bitlabs } from './bitlabs';

/** BitLabs reads only the address: what the route would hand it for a GET of `url`. */
const fromUrl = (url: string) => ({ url, params: {}, headers: {} });

describe('BitLabs postbacks', () => {
  it('check the hash as the docs’ worked example computes it: HMAC-SHA1 of the address before &hash=', () => {
    // https://developer.bitlabs.ai/docs/securing-callbacks-through-hashing, its example, character for character.
    const sent =
      'https://publisher.com/complete?uid=8cc877ee-af19-488d-b28d-216fb866b996&val=500&hash=dbcd6bb8ca677344592842a52b4fca9bec36cd4b';
    const secret = 'JLOIAUNMHFli7ZJOQVEzm98rzqnm9';
    // The hash holds; what stops it is that this example has no transaction id.
    expect(() => bitlabs.read(fromUrl(sent), secret)).toThrow('tx is required');
    expect(() => bitlabs.read(fromUrl(sent.replace('val=500', 'val=900')), secret)).toThrow(
      'Invalid signature',
    );
    expect(() => bitlabs.read(fromUrl(sent), 'another secret')).toThrow('Invalid signature');
  });

  const secret = 'app-secret-123';
  const sign = (url: string) => `${url}&hash=${createHmac('sha1', secret).update(url).digest('hex')}`;
  const base = `https://prizedraw.example${urlOf(offersApi.wallPostbackGet, { params: { id: '0f0e0d0c-0b0a-4908-8706-050403020100' } })}`;

  it('read a completion and its reconciliation, signed the same way, from the address the dashboard was given', () => {
    const done = sign(`${base}?uid=member-1&tx=o123&usd=0.75&type=COMPLETE&ref=`);
    expect(bitlabs.read(fromUrl(done), secret)).toEqual({
      userId: 'member-1',
      transactionId: 'o123',
      kind: 'credit',
      kindSigned: true,
      payout: { amount: 0.75, currency: 'USD' },
    });
    const taken = sign(`${base}?uid=member-1&tx=or123&usd=-0.75&type=COMPLETE&ref=o123`);
    expect(bitlabs.read(fromUrl(taken), secret)).toMatchObject({ transactionId: 'o123', kind: 'reversal' });
    const survey = sign(`${base}?uid=member-1&tx=s9&usd=1.2&type=RECONCILIATION&ref=s8`);
    expect(bitlabs.read(fromUrl(survey), secret)).toMatchObject({ transactionId: 's8', kind: 'reversal' });
    expect(() => bitlabs.read(fromUrl(`${base}?uid=member-1&tx=o1&usd=1`), secret)).toThrow(
      'Invalid signature',
    );
  });

  it('follow one stateful transaction id: PENDING pays nothing, COMPLETED pays, RECONCILED with no ref takes it back', () => {
    // https://developer.bitlabs.ai/docs/stateful-offer-callbacks: tx and the values stay the same in every state.
    const at = (type: string, state: string) =>
      bitlabs.read(
        fromUrl(sign(`${base}?uid=member-1&tx=o77&usd=2.5&type=${type}&ref=&state=${state}`)),
        secret,
      );
    expect(at('COMPLETE', 'PENDING')).toMatchObject({ transactionId: 'o77', kind: 'pending' });
    expect(at('COMPLETE', 'COMPLETED')).toMatchObject({ transactionId: 'o77', kind: 'credit' });
    expect(at('RECONCILIATION', 'RECONCILED')).toMatchObject({ transactionId: 'o77', kind: 'reversal' });
  });

  it('read nothing but the signed address: nothing after the hash, no key twice', () => {
    const signed = sign(`${base}?uid=member-1&tx=o5&usd=1&type=COMPLETE&ref=`);
    expect(bitlabs.read(fromUrl(signed), secret)).toMatchObject({ userId: 'member-1' });
    for (const tail of ['&uid=member-2', '&usd=999', '&hash=00']) {
      expect(() => bitlabs.read(fromUrl(`${signed}${tail}`), secret)).toThrow('Invalid signature');
    }
    // A key twice in what is signed: one reader could take the first and another the last.
    expect(() =>
      bitlabs.read(fromUrl(sign(`${base}?uid=member-1&tx=o6&usd=1&usd=900&type=COMPLETE`)), secret),
    ).toThrow('usd is given more than once');
    expect(() =>
      bitlabs.read(fromUrl(sign(`${base}?hash=x&uid=member-1&tx=o6&usd=1&type=COMPLETE`)), secret),
    ).toThrow('hash is given more than once');
  });
});
