import { createHmac } from 'node:crypto';
import {
  badSignature,
  type OfferWallProvider,
  payoutOf,
  required,
  sameSignature,
  transactionIdOf,
} from './provider';

/**
 * A value encoded as PHP's urlencode does, which http_build_query uses: only
 * letters, digits and `-_.` are left as they are, and a space is `+`.
 * encodeURIComponent also leaves `!'()*~`, so those are encoded here.
 */
const phpUrlencode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');

/**
 * ayeT-Studios (https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callbacks/offerwall-callbacks).
 * A GET of the address set for the placement, its `{…}` macros filled in. Every
 * callback carries the header X-Ayetstudios-Security-Hash: the hex HMAC-SHA256,
 * keyed with the publisher API key, of all the request's parameters ordered
 * alphabetically and joined as its PHP reference joins them
 * (`ksort`, then `http_build_query`: `*` is `%2A`, a space `+`;
 * https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callback-verification/hmac-security-hash-optional).
 * Every parameter is signed, so every one may be read; a body is refused.
 * A chargeback has `is_chargeback=1` and the original transaction id prefixed
 * `r-`. Answered with anything but 200, ayeT sends it again 12 times within the hour.
 */
export const ayetstudios: OfferWallProvider = {
  docs: [
    'https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callbacks/offerwall-callbacks',
    'https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callback-verification/hmac-security-hash-optional',
    'https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callbacks/ip-whitelist',
  ],
  sends: 'query',
  postbackTemplate: (base) =>
    `${base}?transaction_id={transaction_id}&user_id={external_identifier}&payout={payout_usd}&amount={currency_amount}&is_chargeback={is_chargeback}`,
  read({ params, headers }, secret) {
    const sorted = Object.entries(params)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${phpUrlencode(k)}=${phpUrlencode(v)}`)
      .join('&');
    const expected = createHmac('sha256', secret).update(sorted).digest('hex');
    const given = headers['x-ayetstudios-security-hash'];
    if (!sameSignature(Array.isArray(given) ? given[0] : given, expected)) throw badSignature();
    const id = transactionIdOf(required(params, 'transaction_id'), 'transaction_id');
    const chargeback = params.is_chargeback === '1';
    return {
      userId: required(params, 'user_id'),
      transactionId: chargeback && id.startsWith('r-') ? id.slice(2) : id,
      kind: chargeback ? 'reversal' : 'credit',
      kindSigned: true,
      payout: payoutOf(required(params, 'payout'), 'USD', 'payout'),
    };
  },
  received: { status: 200, body: 'OK' },
};
