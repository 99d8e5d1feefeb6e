import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bitlabs } from './bitlabs';

const fromUrl = (url: string) => ({
  url,
  params: Object.fromEntries(new URL(url).searchParams),
  headers: {},
});

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

  it('read a completion and its reconciliation, signed the same way, from the address the dashboard was given', () => {
    const secret = 'app-secret-123';
    const sign = (url: string) => `${url}&hash=${createHmac('sha1', secret).update(url).digest('hex')}`;
    const base = 'https://prizedraw.example/api/offers/postback/0f0e0d0c-0b0a-4908-8706-050403020100';
    const done = sign(`${base}?uid=member-1&tx=o123&usd=0.75&type=COMPLETE&ref=`);
    expect(bitlabs.read(fromUrl(done), secret)).toEqual({
      userId: 'member-1',
      transactionId: 'o123',
      kind: 'credit',
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
});
