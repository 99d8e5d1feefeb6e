import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { urlOf } from '../../../contract/endpoint';
import { liveApi } from '../../../contract/live';
import type { BalanceEvent, NotificationEvent } from '../../../contract/notifications';
import { tokenStore } from '../../lib/api-client';
import { meQueryOptions } from '../../lib/session/get-me';
import { useSession } from '../../lib/session/session';
import { NOTIFICATIONS_KEY, UNREAD_KEY } from './api/get-notifications';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/**
 * How long an ended session waits before the page checks it and signs out. When this page ended it
 * (signing out, deleting the account, taking a break) the event arrives before the call's own answer,
 * and the page must be left to finish that itself, with its own words.
 */
const SESSION_END_GRACE_MS = 1_500;

/**
 * Splits a text/event-stream body into its events, calling `onEvent` with each
 * one's name, data and id (a notification's, sent back as Last-Event-ID on
 * reconnecting so the ones missed meanwhile come too), and `onRetry` with the
 * server's `retry:`.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string, data: unknown, id: string | undefined) => void,
  onRetry: (ms: number) => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = block.match(/^event: (.*)$/m)?.[1];
      const data = block.match(/^data: (.*)$/m)?.[1];
      const retry = block.match(/^retry: (\d+)$/m)?.[1];
      if (retry) onRetry(Number(retry));
      // Comment lines are the server's heartbeat.
      if (name)
        onEvent(name, data === undefined ? undefined : JSON.parse(data), block.match(/^id: (.*)$/m)?.[1]);
      end = buffer.indexOf('\n\n');
    }
  }
}

/**
 * Keeps the signed-in member's page current (DESIGN §9): the navbar balance and
 * the bell follow GET /api/users/me/events, read with fetch streaming so the
 * bearer header goes with it. A dropped connection is opened again, waiting
 * longer each time; a refused one (the session has ended) is left to the
 * session, which finds out and signs out.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  const { patchUser } = useSession();
  // The session's functions change with the user they show; the connection stays open across them.
  const patch = useRef(patchUser);
  patch.current = patchUser;

  useEffect(() => {
    const controller = new AbortController();
    let ended = false;
    let lastId: string | undefined;
    let retryMin = RETRY_MIN_MS;
    const checkSession = () => void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    const onEvent = (name: string, data: unknown, id: string | undefined) => {
      if (id) lastId = id;
      if (name === 'balance') {
        const b = data as BalanceEvent;
        patch.current({
          availableEntries: b.availableEntries,
          totalEntries: b.totalEntries,
          cashBalance: b.cash,
        });
      } else if (name === 'notification' || name === 'unread') {
        queryClient.setQueryData(UNREAD_KEY, (data as Pick<NotificationEvent, 'unread'>).unread);
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, exact: true });
      } else if (name === 'resync') {
        void queryClient.invalidateQueries({ queryKey: ['me'] });
        checkSession();
      } else if (name === 'session_end') ended = true;
    };

    void (async () => {
      let wait = retryMin;
      while (!controller.signal.aborted) {
        const token = tokenStore.get();
        if (!token) return;
        try {
          const res = await fetch(urlOf(liveApi.events), {
            headers: {
              authorization: `Bearer ${token}`,
              accept: 'text/event-stream',
              ...(lastId && { 'last-event-id': lastId }),
            },
            signal: controller.signal,
            cache: 'no-store',
          });
          if (res.status === 401 || res.status === 403) return checkSession();
          if (res.ok && res.body) {
            wait = retryMin;
            await readEvents(res.body, onEvent, (ms) => {
              retryMin = Math.max(ms, RETRY_MIN_MS);
              wait = retryMin;
            });
          }
          if (ended) {
            // Not opened again: the session is over. Whoever ended it, the page finds out shortly.
            const check = setTimeout(checkSession, SESSION_END_GRACE_MS);
            controller.signal.addEventListener('abort', () => clearTimeout(check));
            return;
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      }
    })();
    return () => controller.abort();
  }, [queryClient]);
}
