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
 * ayeT-Studios (https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callbacks/offerwall-callbacks).
 * A GET of the address set for the placement, its `{…}` macros filled in. Every
 * callback carries the header X-Ayetstudios-Security-Hash: the hex HMAC-SHA256,
 * keyed with the publisher API key, of all the request's parameters ordered
 * alphabetically and joined as a query string
 * (https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callback-verification/hmac-security-hash-optional).
 * A chargeback has `is_chargeback=1` and the original transaction id prefixed
 * `r-`. Answered with anything but 200, ayeT sends it again 12 times within the hour.
 */
export const ayetstudios: OfferWallProvider = {
  docs: [
    'https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callbacks/offerwall-callbacks',
    'https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callback-verification/hmac-security-hash-optional',
    'https://docs.ayetstudios.com/v/product-docs/callbacks-and-testing/callbacks/ip-whitelist',
  ],
  postbackTemplate: (base) =>
    `${base}?transaction_id={transaction_id}&user_id={external_identifier}&payout={payout_usd}&amount={currency_amount}&is_chargeback={is_chargeback}`,
  read({ params, headers }, secret) {
    const sorted = new URLSearchParams(
      Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const expected = createHmac('sha256', secret).update(sorted.toString()).digest('hex');
    const given = headers['x-ayetstudios-security-hash'];
    if (!sameSignature(Array.isArray(given) ? given[0] : given, expected)) throw badSignature();
    const id = transactionIdOf(required(params, 'transaction_id'), 'transaction_id');
    const chargeback = params.is_chargeback === '1';
    return {
      userId: required(params, 'user_id'),
      transactionId: chargeback && id.startsWith('r-') ? id.slice(2) : id,
      kind: chargeback ? 'reversal' : 'credit',
      payout: payoutOf(required(params, 'payout'), 'USD', 'payout'),
    };
  },
  received: { status: 200, body: 'OK' },
};
