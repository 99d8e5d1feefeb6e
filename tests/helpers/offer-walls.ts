import { createHash, createHmac } from 'node:crypto';
import { urlOf } from '../../src/contract/endpoint';
import { type OfferProvider, offersApi } from '../../src/contract/offer-walls';
import type { TestApp } from './app';

export interface PostbackFor {
  wallId: string;
  secret: string;
  userId: string;
  transactionId: string;
  /** Dollars, or pounds for the generic wall. */
  payout: string;
  /** Entries, for the walls that state them in what they sign (generic, Revtoo, Revlum). */
  entries?: number;
  reversal?: boolean;
  /** The site's address as the provider calls it (SITE_URL), which BitLabs' hash covers. */
  site?: string;
}

export interface SignedRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

const TEST_SITE = 'http://localhost:3000';

/** Sends a postback as its provider made it, from `remoteAddress` when given. */
export const sendPostback = (t: Pick<TestApp, 'app'>, r: SignedRequest, remoteAddress?: string) =>
  t.app.inject({ method: r.method, url: r.url, headers: r.headers, payload: r.payload, remoteAddress });

/**
 * A postback as each provider sends it, signed as its documentation says
 * (the adapters' own files cite the pages): what a test sends to a wall's postback address.
 */
export function postbackFor(provider: OfferProvider, p: PostbackFor): SignedRequest {
  const path = urlOf(offersApi.wallPostbackGet, { params: { id: p.wallId } });
  const query = (params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;
  switch (provider) {
    case 'generic': {
      const status = p.reversal ? '2' : '1';
      const amount = String(p.entries ?? 10);
      const signature = createHmac('sha256', p.secret)
        .update(`${p.userId}:${p.transactionId}:${amount}:${status}`)
        .digest('hex');
      return {
        method: 'GET',
        url: query({
          user_id: p.userId,
          transaction_id: p.transactionId,
          amount,
          status,
          payout: p.payout,
          signature,
        }),
      };
    }
    case 'bitlabs': {
      const tx = p.reversal ? `or${p.transactionId.slice(1)}` : p.transactionId;
      const url = query({
        uid: p.userId,
        tx,
        usd: p.reversal ? `-${p.payout}` : p.payout,
        type: 'COMPLETE',
        ref: p.reversal ? p.transactionId : '',
      });
      return {
        method: 'GET',
        url: `${url}&hash=${createHmac('sha1', p.secret)
          .update(`${p.site ?? TEST_SITE}${url}`)
          .digest('hex')}`,
      };
    }
    case 'ayetstudios': {
      const params = {
        transaction_id: p.reversal ? `r-${p.transactionId}` : p.transactionId,
        user_id: p.userId,
        payout: p.reversal ? `-${p.payout}` : p.payout,
        amount: '100',
        is_chargeback: p.reversal ? '1' : '0',
      };
      const ordered = new URLSearchParams(
        Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)),
      ).toString();
      return {
        method: 'GET',
        url: query(params),
        headers: {
          'x-ayetstudios-security-hash': createHmac('sha256', p.secret).update(ordered).digest('hex'),
        },
      };
    }
    case 'revtoo':
    case 'revlum': {
      const reward = String(p.entries ?? 100);
      const params = {
        subId: p.userId,
        transId: p.transactionId,
        reward,
        payout: p.payout,
        status: p.reversal ? '2' : '1',
        signature: createHash('md5')
          .update(`${p.userId}${p.transactionId}${reward}${p.secret}`)
          .digest('hex'),
      };
      // Revlum posts its parameters; Revtoo is given a GET address here.
      return provider === 'revlum'
        ? {
            method: 'POST',
            url: path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(params).toString(),
          }
        : { method: 'GET', url: query(params) };
    }
  }
}
