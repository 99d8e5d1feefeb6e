import { api } from '../../../lib/api-client';

export const getPushKey = () => api<{ publicKey: string }>('/push/key').then((r) => r.publicKey);

export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  api<{ message: string }>('/users/me/push-subscriptions', {
    method: 'POST',
    body: { endpoint: subscription.endpoint, keys: subscription.keys },
  });

export const deletePushSubscription = (endpoint: string) =>
  api<{ message: string }>('/users/me/push-subscriptions', { method: 'DELETE', body: { endpoint } });
