import { notificationsApi } from '../../../../contract/notifications-api';
import { call } from '../../../lib/call';

export const getPushKey = () => call(notificationsApi.pushKey).then((r) => r.publicKey);

/** `subscription` is a live one's toJSON(), which always has its endpoint and both keys. */
export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  call(notificationsApi.subscribePush, {
    body: { endpoint: subscription.endpoint!, keys: subscription.keys as { p256dh: string; auth: string } },
  });

export const deletePushSubscription = (endpoint: string) =>
  call(notificationsApi.unsubscribePush, { body: { endpoint } });
