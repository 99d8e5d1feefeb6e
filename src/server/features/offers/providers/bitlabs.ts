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
 * BitLabs (https://developer.bitlabs.ai/docs/callbacks). Every callback is a GET
 * of the address set in its dashboard, its `[%…%]` placeholders filled in, with
 * `&hash=` appended: the hex HMAC-SHA1, keyed with the app's secret, of the whole
 * address before `&hash=`, exactly as sent, not decoded
 * (https://developer.bitlabs.ai/docs/securing-callbacks-through-hashing).
 * A survey taken back is a callback of type RECONCILIATION; an offer taken back
 * (without stateful callbacks) has its transaction id prefixed `or` instead of
 * `o`; either names the original in `[%REF%]`
 * (https://developer.bitlabs.ai/docs/callback-parameters,
 * https://developer.bitlabs.ai/docs/stateful-offer-callbacks). The docs name no
 * answer, so we answer 200 `OK`.
 */
export const bitlabs: OfferWallProvider = {
  docs: [
    'https://developer.bitlabs.ai/docs/callbacks',
    'https://developer.bitlabs.ai/docs/callback-parameters',
    'https://developer.bitlabs.ai/docs/securing-callbacks-through-hashing',
    'https://developer.bitlabs.ai/docs/stateful-offer-callbacks',
  ],
  postbackTemplate: (base) =>
    `${base}?uid=[%USER:UID%]&tx=[%TX%]&usd=[%VALUE:USD%]&type=[%TYPE%]&ref=[%REF%]`,
  read({ params, url }, secret) {
    const at = url.lastIndexOf('&hash=');
    if (at < 0) throw badSignature();
    const expected = createHmac('sha1', secret).update(url.slice(0, at)).digest('hex');
    if (!sameSignature(params.hash, expected)) throw badSignature();
    const tx = transactionIdOf(required(params, 'tx'), 'tx');
    const ref = params.ref ? transactionIdOf(params.ref, 'ref') : undefined;
    const reversal = params.type === 'RECONCILIATION' || tx.startsWith('or');
    return {
      userId: required(params, 'uid'),
      transactionId: reversal ? (ref ?? `o${tx.slice(2)}`) : tx,
      kind: reversal ? 'reversal' : 'credit',
      payout: payoutOf(required(params, 'usd'), 'USD', 'usd'),
    };
  },
  received: { status: 200, body: 'OK' },
};
