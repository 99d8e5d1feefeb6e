import { offersApi } from '../../src/contract/offer-walls';
import { type PostbackFields, signedPostback as signed } from '../support/offer-postback';
import type { TestApp } from './app';
import { rawInject } from './inject';

export const OFFER_SECRET = 'offer-secret';
/** The environment's offer wall (DESIGN §4), for buildTestApp({ env }). */
export const offerWallEnv = {
  OFFERWALL_SECRET: OFFER_SECRET,
  OFFERWALL_URL: 'https://offers.example.com/wall?pub={publisherId}&uid={userId}',
  OFFERWALL_PUBLISHER_ID: 'pub-42',
};

/** A postback's parameters signed as the provider signs them, with the test site's secret unless given another. */
export const signedPostback = (p: PostbackFields, secret = OFFER_SECRET) => signed(p, secret);

/** The environment's wall's postback as its provider sends it, its parameters in the query either way. */
export const postback = (
  t: Pick<TestApp, 'app'>,
  params: Record<string, string>,
  method: 'GET' | 'POST' = 'GET',
) => rawInject(t, method === 'GET' ? offersApi.postbackGet : offersApi.postbackPost, { query: params });
