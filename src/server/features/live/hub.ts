import type { Database } from '../../db/client';

/** The channel the database's triggers announce members' changes on (migration 0018). */
export const MEMBER_EVENTS_CHANNEL = 'member_events';

/**
 * One announcement: what happened (`e`) to which member (`u`), with its data, or the session that ended
 * (`s`); `mail` and `audit` (for no member) say mail was queued, or an audit row written.
 */
export interface MemberEvent {
  u: string;
  e: 'balance' | 'notification' | 'unread' | 'session_end' | 'mail' | 'audit';
  d?: unknown;
  s?: string;
}

type Listener = (event: MemberEvent) => void;

/**
 * Every instance's one ear on the database: members' changes arrive here as
 * they commit, on whichever instance made them, and go to the connections of
 * that member open on this instance. One LISTEN for all of them, so 2,000 open
 * pages cost 2,000 small entries in a map, not 2,000 database connections.
 */
export class LiveHub {
  private readonly members = new Map<string, Set<Listener>>();
  private readonly everyone = new Set<Listener>();
  private readonly gaps = new Set<() => void>();
  private listening?: Promise<() => Promise<void>>;

  constructor(
    private readonly database: Pick<Database, 'listen'>,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** Listens from the first call on (an instance nobody connects to holds no connection for it). */
  start() {
    this.listening ??= this.database
      .listen(
        MEMBER_EVENTS_CHANNEL,
        (payload) => this.deliver(payload),
        () => {
          for (const gap of this.gaps) gap();
        },
      )
      .catch((err) => {
        this.listening = undefined;
        throw err;
      });
    return this.listening.then(() => undefined);
  }

  async stop() {
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening.catch(() => async () => {}))();
  }

  /** Hears one member's events; answers the function that stops it. */
  subscribe(userId: string, listener: Listener) {
    const set = this.members.get(userId) ?? new Set<Listener>();
    this.members.set(userId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.members.get(userId) === set) this.members.delete(userId);
    };
  }

  /** Hears every member's events (the dispatcher wakes on new notifications). */
  subscribeAll(listener: Listener) {
    this.everyone.add(listener);
    return () => void this.everyone.delete(listener);
  }

  /** Told when events may have been missed, so what shows them can read afresh. */
  onGap(listener: () => void) {
    this.gaps.add(listener);
    return () => void this.gaps.delete(listener);
  }

  /** Open connections on this instance, for the metrics. */
  get connections() {
    let n = 0;
    for (const set of this.members.values()) n += set.size;
    return n;
  }

  private deliver(payload: string) {
    let event: MemberEvent;
    try {
      event = JSON.parse(payload) as MemberEvent;
    } catch (err) {
      this.onError(err);
      return;
    }
    for (const listener of [...this.everyone, ...(this.members.get(event.u) ?? [])]) {
      try {
        listener(event);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
