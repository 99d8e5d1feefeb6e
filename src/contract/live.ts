import { api, endpoint } from './endpoint';

/** A member's live connection (DESIGN §9): their balance and notifications as they change, as server-sent events. */
export const liveApi = api('live', {
  events: endpoint({
    summary: "The member's balance and notifications as they happen (server-sent events)",
    method: 'GET',
    path: '/api/users/me/events',
    auth: 'member',
    tags: ['notifications'],
    description:
      '`balance` { availableEntries, totalEntries, cash }, `notification` { notification, unread } with its id as `id:` (a reconnect sending it back as Last-Event-ID first gets the notifications it missed in the last day), `unread` { unread }, `resync` (read everything afresh), `session_end`; `retry:` first, and a comment line as heartbeat. 429 when the member has 5 open already.',
    responses: {
      200: { raw: 'text/event-stream', description: 'Events until the session ends or the page closes' },
    },
    errors: [429],
  }),
});
