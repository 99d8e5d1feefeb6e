import { createHmac } from 'node:crypto';
import type { TestApp } from './app';

export const OFFER_SECRET = 'offer-secret';
/** The environment's offer wall (DESIGN §4), for buildTestApp({ env }). */
export const offerWallEnv = {
  OFFERWALL_SECRET: OFFER_SECRET,
  OFFERWALL_URL: 'https://offers.example.com/wall?pub={publisherId}&uid={userId}',
  OFFERWALL_PUBLISHER_ID: 'pub-42',
};

/** A postback's parameters signed as the provider signs them. */
export function signedPostback(
  p: { user_id: string; transaction_id: string; amount: string; status: string },
  secret = OFFER_SECRET,
) {
  const signature = createHmac('sha256', secret)
    .update(`${p.user_id}:${p.transaction_id}:${p.amount}:${p.status}`)
    .digest('hex');
  return { ...p, signature };
}

export const postback = (
  t: Pick<TestApp, 'app'>,
  params: Record<string, string>,
  method: 'GET' | 'POST' = 'GET',
) => t.app.inject({ method, url: `/api/offers/postback?${new URLSearchParams(params)}` });
