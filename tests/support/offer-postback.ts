import { createHmac } from 'node:crypto';

/** What the environment's offer wall sends when a member completes an offer, or has it taken back (status 2). */
export interface PostbackFields {
  user_id: string;
  transaction_id: string;
  amount: string;
  status: string;
}

/** A postback's parameters signed as the environment's offer wall signs them (DESIGN §4). */
export function signedPostback(p: PostbackFields, secret: string) {
  const signature = createHmac('sha256', secret)
    .update(`${p.user_id}:${p.transaction_id}:${p.amount}:${p.status}`)
    .digest('hex');
  return { ...p, signature };
}
