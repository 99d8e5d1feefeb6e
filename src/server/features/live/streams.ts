import type { ServerResponse } from 'node:http';
import {
  EVENTS_HEARTBEAT_MS,
  EVENTS_RETRY_MS,
  LIVE_STREAMS_PER_MEMBER,
} from '../../../contract/notifications';
import type { LiveHub, MemberEvent } from './hub';

/** One member's open events connection on this instance. */
interface Stream {
  res: ServerResponse;
  /** Gives the member's place back (reserve). */
  release: () => void;
  sessionId: string;
  expiresAt: Date;
  unsubscribe: () => void;
  /** Events heard before the first frames were written, sent after them. */
  held?: MemberEvent[];
}

/**
 * A server-sent event: its name and its JSON data, one frame. A notification
 * carries its id, which the browser sends back as Last-Event-ID when it
 * reconnects, so what it missed can be sent again (routes.ts).
 */
export const frame = (event: string, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A notification's frame, with its id. */
export const notificationFrame = (data: { notification: { _id: string }; unread: number }) =>
  frame('notification', data, data.notification._id);

/**
 * The open event streams of this instance (DESIGN §9). One timer for all of
 * them sends the heartbeat, which keeps proxies from closing a quiet
 * connection, and closes any whose session has run out; a session ended early
 * (signed out, suspended) closes its streams the moment the database says so.
 */
export class EventStreams {
  private readonly open = new Set<Stream>();
  /** Places each member holds (reserve). */
  private readonly places = new Map<string, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly hub: LiveHub,
    private readonly now: () => Date,
    private readonly heartbeatMs = EVENTS_HEARTBEAT_MS,
  ) {
    hub.onGap(() => {
      // Whatever was announced while the database was out of reach is lost: each page reads afresh.
      for (const s of this.open) s.res.write(frame('resync', {}));
    });
  }

  get size() {
    return this.open.size;
  }

  /**
   * Takes one of a member's LIVE_STREAMS_PER_MEMBER places on this instance,
   * before anything is awaited, so requests at the same moment cannot all pass:
   * answers the function that gives it back (once, however often called), or
   * null when the member has no place left.
   */
  reserve(userId: string): (() => void) | null {
    const held = this.places.get(userId) ?? 0;
    if (held >= LIVE_STREAMS_PER_MEMBER) return null;
    this.places.set(userId, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.places.get(userId) ?? 1) - 1;
      if (left > 0) this.places.set(userId, left);
      else this.places.delete(userId);
    };
  }

  /**
   * Starts a stream on `res` for a member's session. It listens first and then
   * reads `hello`, the frames that bring the page up to date, so nothing
   * committed in between is missed; what is heard meanwhile follows them.
   */
  async add(
    res: ServerResponse,
    member: { userId: string; sessionId: string; expiresAt: Date; release: () => void },
    hello: () => Promise<string[]>,
  ) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    const stream: Stream = {
      res,
      release: member.release,
      sessionId: member.sessionId,
      expiresAt: member.expiresAt,
      unsubscribe: this.hub.subscribe(member.userId, (event) => this.forward(stream, event)),
      held: [],
    };
    this.open.add(stream);
    res.on('close', () => this.remove(stream));
    // Gone before it got here (the page closed while the session was read): its 'close' has passed.
    if (res.destroyed || !res.socket || res.socket.destroyed) {
      this.remove(stream);
      return;
    }
    this.timer ??= setInterval(() => this.beat(), this.heartbeatMs).unref();
    try {
      res.write(`retry: ${EVENTS_RETRY_MS}\n\n${(await hello()).join('')}`);
    } catch (err) {
      this.end(stream);
      throw err;
    }
    const held = stream.held!;
    stream.held = undefined;
    for (const event of held) this.forward(stream, event);
  }

  /** Ends every stream (the server is closing). */
  closeAll() {
    for (const s of [...this.open]) this.end(s);
  }

  private forward(stream: Stream, event: MemberEvent) {
    if (stream.held && event.e !== 'session_end') {
      stream.held.push(event);
      return;
    }
    if (event.e === 'session_end') {
      if (event.s === stream.sessionId) this.end(stream, frame('session_end', {}));
      return;
    }
    stream.res.write(
      event.e === 'notification'
        ? notificationFrame(event.d as Parameters<typeof notificationFrame>[0])
        : frame(event.e, event.d),
    );
  }

  private beat() {
    const now = this.now();
    for (const s of [...this.open]) {
      if (s.expiresAt <= now) this.end(s, frame('session_end', {}));
      else s.res.write(': heartbeat\n\n');
    }
  }

  private end(stream: Stream, last?: string) {
    this.remove(stream);
    stream.res.end(last);
  }

  private remove(stream: Stream) {
    if (!this.open.delete(stream)) return;
    stream.unsubscribe();
    stream.release();
    if (this.open.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
