import type { TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { notificationsApi } from '../../../contract/notifications-api';

// What the notification tests share: reading a member's notifications.

export type Headers = Record<string, string>;

export const listOf = async (t: TestApp, headers: Headers, cursor?: string) =>
  (await inject(t, notificationsApi.list, { query: { cursor }, headers })).data();
export const typesOf = async (t: TestApp, headers: Headers) =>
  (await listOf(t, headers)).notifications.map((n: { type: string }) => n.type).sort();
