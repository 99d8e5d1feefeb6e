import { createHmac } from 'node:crypto';
import { postbackParams } from '../../../../contract/offers';
import { badRequest } from '../../../lib/app-error';
import { badSignature, type OfferWallProvider, payoutOf, sameSignature } from './provider';

/**
 * The site's own scheme (DESIGN §4): `user_id`, `transaction_id`, `amount`
 * (entries), `status` (1 credit, 2 reversal) and `signature`, the hex
 * HMAC-SHA256 of `user_id:transaction_id:amount:status` keyed with the wall's
 * secret; walls may add `payout` (pounds) for the revenue, which is not signed
 * and so gives no entries. In the address or in a body. Answers `1`.
 */
export const generic: OfferWallProvider = {
  docs: ['DESIGN.md §4 and §10 (the site’s own scheme)'],
  sends: 'query-or-body',
  postbackTemplate: (base) =>
    `${base}?user_id={user_id}&transaction_id={transaction_id}&amount={amount}&status={status}&payout={payout}&signature={signature}`,
  read({ params }, secret) {
    const parsed = postbackParams.safeParse(params);
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid postback', 'bad_postback');
    const p = parsed.data;
    const expected = createHmac('sha256', secret)
      .update(`${p.user_id}:${p.transaction_id}:${p.amount}:${p.status}`)
      .digest('hex');
    if (!sameSignature(p.signature, expected)) throw badSignature();
    return {
      userId: p.user_id,
      transactionId: p.transaction_id,
      kind: p.status === '1' ? 'credit' : 'reversal',
      kindSigned: true,
      entries: Number(p.amount),
      payout: payoutOf(params.payout, 'GBP', 'payout'),
    };
  },
  received: { status: 200, body: '1' },
};
