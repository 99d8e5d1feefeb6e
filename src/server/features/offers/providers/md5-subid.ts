import { createHash } from 'node:crypto';
import { badRequest } from '../../../lib/app-error';
import {
  badSignature,
  entriesOf,
  type OfferWallProvider,
  payoutOf,
  required,
  sameSignature,
  transactionIdOf,
} from './provider';

/**
 * The scheme several walls share: `subId` (the member), `transId`, `reward`,
 * `payout` (dollars), `status` ("1" add, "2" subtract, the amounts always
 * positive) and `signature`, the MD5 of subId, transId, reward and the secret
 * written one after another. Each provider using it says where it documents it.
 *
 * Only subId, transId and reward are signed, so they alone decide: the entries
 * are the signed reward (set in the provider's dashboard as the site's
 * currency), `payout` is revenue only, and `status`, unsigned, can only take
 * back a credit of the same member and reward that is already here. The
 * fields are joined with nothing between them, so `TX-98765` and `50` sign as
 * `TX-9` and `876550` do: a signature credits once (service.ts), however its
 * fields are split.
 */
export function md5SubIdProvider(opts: {
  docs: string[];
  sends: OfferWallProvider['sends'];
  postbackTemplate(base: string): string;
}): OfferWallProvider {
  return {
    ...opts,
    read({ params }, secret) {
      const subId = required(params, 'subId');
      const transId = transactionIdOf(required(params, 'transId'), 'transId');
      const reward = required(params, 'reward');
      const expected = createHash('md5').update(`${subId}${transId}${reward}${secret}`).digest('hex');
      if (!sameSignature(params.signature, expected)) throw badSignature();
      const status = required(params, 'status');
      if (status !== '1' && status !== '2') throw badRequest('status must be 1 or 2', 'bad_postback');
      return {
        userId: subId,
        transactionId: transId,
        kind: status === '1' ? 'credit' : 'reversal',
        kindSigned: false,
        entries: entriesOf(reward, 'reward'),
        signature: expected,
        payout: payoutOf(required(params, 'payout'), 'USD', 'payout'),
      };
    },
    received: { status: 200, body: 'ok' },
  };
}
