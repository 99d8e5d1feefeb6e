import { md5SubIdProvider } from './md5-subid';

/**
 * Revlum (https://revlum.com/documentation/postback): a POST of subId, transId,
 * reward, payout (dollars), status ("1" add, "2" subtract) and signature, the MD5
 * of subId, transId, reward and the secret key
 * (https://developer.revlum.com/docs/postback-security-1); its example answers
 * `ok` and accepts only 209.159.156.198 (https://revlum.com/documentation/postback-example).
 */
export const revlum = md5SubIdProvider({
  docs: [
    'https://revlum.com/documentation/postback',
    'https://developer.revlum.com/docs/postback-security-1',
    'https://revlum.com/documentation/postback-example',
  ],
  sends: 'query-or-body',
  postbackTemplate: (base) => base,
});
