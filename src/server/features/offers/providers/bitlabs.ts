import { createHmac } from 'node:crypto';
import { badRequest } from '../../../lib/app-error';
import {
  badSignature,
  type OfferWallProvider,
  payoutOf,
  required,
  sameSignature,
  transactionIdOf,
  uniqueParams,
} from './provider';

const HASH = '&hash=';

/**
 * BitLabs (https://developer.bitlabs.ai/docs/callbacks). Every callback is a GET
 * of the address set in its dashboard, its `[%…%]` placeholders filled in, with
 * `&hash=` appended: the hex HMAC-SHA1, keyed with the app's secret, of the whole
 * address before `&hash=`, exactly as sent, not decoded
 * (https://developer.bitlabs.ai/docs/securing-callbacks-through-hashing). So
 * every value is read from that signed part alone: no body, no key twice, and
 * nothing but the hash after it.
 *
 * A survey taken back is a callback of type RECONCILIATION naming the original
 * in `[%REF%]`; an offer taken back without stateful callbacks has its
 * transaction id prefixed `or` instead of `o`
 * (https://developer.bitlabs.ai/docs/callback-parameters). With stateful offer
 * callbacks one transaction id moves through `[%OFFER_STATE%]` PENDING (not to
 * be paid yet), COMPLETED (paid) and RECONCILED (taken back, with an empty
 * `ref`) (https://developer.bitlabs.ai/docs/stateful-offer-callbacks,
 * https://developer.bitlabs.ai/docs/offer-callbacks). The docs name no answer,
 * so we answer 200 `OK`.
 */
export const bitlabs: OfferWallProvider = {
  docs: [
    'https://developer.bitlabs.ai/docs/callbacks',
    'https://developer.bitlabs.ai/docs/callback-parameters',
    'https://developer.bitlabs.ai/docs/securing-callbacks-through-hashing',
    'https://developer.bitlabs.ai/docs/stateful-offer-callbacks',
    'https://developer.bitlabs.ai/docs/offer-callbacks',
  ],
  sends: 'query',
  postbackTemplate: (base) =>
    `${base}?uid=[%USER:UID%]&tx=[%TX%]&usd=[%VALUE:USD%]&type=[%TYPE%]&ref=[%REF%]&state=[%OFFER_STATE%]`,
  read({ url }, secret) {
    const at = url.indexOf(HASH);
    const hash = at < 0 ? '' : url.slice(at + HASH.length);
    if (!/^[0-9a-f]{40}$/i.test(hash)) throw badSignature();
    const signed = url.slice(0, at);
    const expected = createHmac('sha1', secret).update(signed).digest('hex');
    if (!sameSignature(hash, expected)) throw badSignature();
    const query = signed.indexOf('?');
    const params = uniqueParams(query < 0 ? '' : signed.slice(query + 1));
    if ('hash' in params) throw badRequest('hash is given more than once', 'bad_postback');

    const tx = transactionIdOf(required(params, 'tx'), 'tx');
    const ref = params.ref ? transactionIdOf(params.ref, 'ref') : undefined;
    const state = params.state ?? 'NONE';
    const reversal = params.type === 'RECONCILIATION' || state === 'RECONCILED' || tx.startsWith('or');
    const original = ref ?? (tx.startsWith('or') ? `o${tx.slice(2)}` : tx);
    return {
      userId: required(params, 'uid'),
      transactionId: reversal ? original : tx,
      kind: reversal ? 'reversal' : state === 'PENDING' ? 'pending' : 'credit',
      kindSigned: true,
      payout: payoutOf(required(params, 'usd'), 'USD', 'usd'),
    };
  },
  received: { status: 200, body: 'OK' },
};
