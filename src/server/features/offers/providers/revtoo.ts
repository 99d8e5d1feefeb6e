import { md5SubIdProvider } from './md5-subid';

/**
 * Revtoo (https://docs.revtoo.com/s2s-postback/postback-parameters): a GET with
 * the parameters in `{…}` placeholders, or a POST of them as multipart form
 * data; `signature` is the MD5 of subId, transId, reward and the placement's
 * secret (https://docs.revtoo.com/s2s-postback/postback-security); status 2 takes
 * the reward back; Revtoo expects the answer `ok`, and marks anything else failed.
 */
export const revtoo = md5SubIdProvider({
  docs: [
    'https://docs.revtoo.com/s2s-postback/postback-parameters',
    'https://docs.revtoo.com/s2s-postback/postback-security',
  ],
  sends: 'query-or-body',
  postbackTemplate: (base) =>
    `${base}?subId={subId}&transId={transId}&reward={reward}&payout={payout}&status={status}&signature={signature}`,
});
