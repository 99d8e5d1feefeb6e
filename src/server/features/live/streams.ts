import type { ServerResponse } from 'node:http';
import { EVENTS_HEARTBEAT_MS } from '../../../contract/notifications';
import type { LiveHub, MemberEvent } from './hub';

/** One member's open events connection on this instance. */
interface Stream {
  res: ServerResponse;
  sessionId: string;
  expiresAt: Date;
  unsubscribe: () => void;
  /** Events heard before the first frames were written, sent after them. */
  held?: MemberEvent[];
}

/** A server-sent event: its name and its JSON data, one frame. */
export const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The open event streams of this instance (DESIGN §9). One timer for all of
 * them sends the heartbeat, which keeps proxies from closing a quiet
 * connection, and closes any whose session has run out; a session ended early
 * (signed out, suspended) closes its streams the moment the database says so.
 */
export class EventStreams {
  private readonly open = new Set<Stream>();
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
   * Starts a stream on `res` for a member's session. It listens first and then
   * reads `hello`, the frames that bring the page up to date, so nothing
   * committed in between is missed; what is heard meanwhile follows them.
   */
  async add(
    res: ServerResponse,
    member: { userId: string; sessionId: string; expiresAt: Date },
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
      sessionId: member.sessionId,
      expiresAt: member.expiresAt,
      unsubscribe: this.hub.subscribe(member.userId, (event) => this.forward(stream, event)),
      held: [],
    };
    this.open.add(stream);
    res.on('close', () => this.remove(stream));
    this.timer ??= setInterval(() => this.beat(), this.heartbeatMs).unref();
    try {
      res.write((await hello()).join(''));
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
    stream.res.write(frame(event.e, event.d));
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
    if (this.open.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
