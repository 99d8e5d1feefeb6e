import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { urlOf } from '../../../../contract/endpoint';
import { offersApi } from '../../../../contract/offer-walls';
import { ayetstudios } from './ayetstudios';

/** A wall's postback address on the site, as its dashboard was given it. */
const WALL_ADDRESS = `https://prizedraw.example${urlOf(offersApi.wallPostbackGet, { params: { id: 'w' } })}`;

/** The docs' steps: every parameter, ordered alphabetically, joined as a query string, HMAC-SHA256 with the API key. */
const securityHash = (url: string, apiKey: string) => {
  const ordered = [...new URL(url).searchParams].sort(([a], [b]) => (a < b ? -1 : 1));
  return createHmac('sha256', apiKey).update(new URLSearchParams(ordered).toString()).digest('hex');
};
const request = (url: string, hash: string) => ({
  url,
  params: Object.fromEntries(new URL(url).searchParams),
  headers: { 'x-ayetstudios-security-hash': hash },
});

describe('ayeT-Studios callbacks', () => {
  it('check the security hash of the docs’ example callback as the docs compute it', () => {
    // https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callback-verification/hmac-security-hash-optional
    const sent =
      'https://your-site.com/postback/?transaction_id=8ee08f32ae611231b0a49d1bd66e9bf193132561&amount=0.10&payout=1.50&user_id=testuser123456&click_id=1234abcd5678021';
    const apiKey = '9f2228fea0d8e7ce10b2ac36053db14c';
    const ordered =
      'amount=0.10&click_id=1234abcd5678021&payout=1.50&transaction_id=8ee08f32ae611231b0a49d1bd66e9bf193132561&user_id=testuser123456';
    const hash = createHmac('sha256', apiKey).update(ordered).digest('hex');
    expect(securityHash(sent, apiKey)).toBe(hash);
    expect(ayetstudios.read(request(sent, hash), apiKey)).toEqual({
      userId: 'testuser123456',
      transactionId: '8ee08f32ae611231b0a49d1bd66e9bf193132561',
      kind: 'credit',
      kindSigned: true,
      payout: { amount: 1.5, currency: 'USD' },
    });
    expect(() => ayetstudios.read(request(sent.replace('payout=1.50', 'payout=9.50'), hash), apiKey)).toThrow(
      'Invalid signature',
    );
    expect(() => ayetstudios.read({ ...request(sent, hash), headers: {} }, apiKey)).toThrow(
      'Invalid signature',
    );
  });

  it('read a chargeback: is_chargeback=1 and the original id after r-, the amount negative', () => {
    const apiKey = 'publisher-api-key';
    const url = `${WALL_ADDRESS}?transaction_id=r-381f99333613b41392b15183d69a7240308e8461&user_id=m-1&payout=-0.36&amount=-360&is_chargeback=1`;
    expect(ayetstudios.read(request(url, securityHash(url, apiKey)), apiKey)).toEqual({
      userId: 'm-1',
      transactionId: '381f99333613b41392b15183d69a7240308e8461',
      kind: 'reversal',
      kindSigned: true,
      payout: { amount: -0.36, currency: 'USD' },
    });
  });

  it('sign values as PHP’s http_build_query writes them: `*` as %2A, a space as +', () => {
    const apiKey = 'publisher-api-key';
    const url = `${WALL_ADDRESS}?transaction_id=t1&user_id=m-1&payout=0.50&amount=10&offer_name=Win%2A+big%21+%28today%29~`;
    // What PHP's ksort and http_build_query make of those parameters, written out by hand.
    const php = 'amount=10&offer_name=Win%2A+big%21+%28today%29%7E&payout=0.50&transaction_id=t1&user_id=m-1';
    const hash = createHmac('sha256', apiKey).update(php).digest('hex');
    expect(ayetstudios.read(request(url, hash), apiKey)).toMatchObject({
      transactionId: 't1',
      kind: 'credit',
    });
    // The encoding of the site's own URLSearchParams leaves `*` and differs: refused.
    expect(() => ayetstudios.read(request(url, securityHash(url, apiKey)), apiKey)).toThrow(
      'Invalid signature',
    );
  });
});
