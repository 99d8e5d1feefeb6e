import { urlOf } from '../../src/contract/endpoint';
import { liveApi } from '../../src/contract/live';

/** One server-sent event as a page receives it; `comment` for a heartbeat line. */
export interface ReceivedEvent {
  event: string;
  data: unknown;
  /** The event's `id:`, which a browser sends back as Last-Event-ID when it reconnects. */
  id?: string;
}

/**
 * Reads a member's live events (liveApi.events) over real HTTP, as the web app does (fetch
 * streaming, so the bearer header goes with it), keeping every event. `next`
 * waits for the next event of a name; `ended` resolves when the server closes it.
 */
export async function openEvents(baseUrl: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${urlOf(liveApi.events)}`, { headers, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  const waiting: Array<{ name: string; from: number; resolve: (e: ReceivedEvent) => void }> = [];
  let read = 0;
  const settle = () => {
    for (const w of [...waiting]) {
      const found = events.slice(w.from).findIndex((e) => e.event === w.name);
      if (found >= 0) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(events[w.from + found]!);
      }
    }
  };
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const retry = block.match(/^retry: (\d+)$/)?.[1];
          if (block.startsWith(':')) events.push({ event: 'comment', data: block.slice(1).trim() });
          else if (retry) events.push({ event: 'retry', data: Number(retry) });
          else {
            const name = block.match(/^event: (.*)$/m)?.[1] ?? 'message';
            const data = block.match(/^data: (.*)$/m)?.[1];
            const id = block.match(/^id: (.*)$/m)?.[1];
            events.push({
              event: name,
              data: data === undefined ? undefined : JSON.parse(data),
              ...(id !== undefined && { id }),
            });
          }
          end = buffer.indexOf('\n\n');
        }
        settle();
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    /** The next event called `name` after those already taken, waiting up to `ms`. */
    next(name: string, ms = 5_000) {
      return new Promise<ReceivedEvent>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${name} event within ${ms} ms`)), ms);
        waiting.push({
          name,
          from: read,
          resolve: (e) => {
            clearTimeout(timer);
            read = events.indexOf(e) + 1;
            resolve(e);
          },
        });
        settle();
      });
    },
    ended,
    close: () => controller.abort(),
  };
}
