import pg from 'pg';

/** How long a lost listening connection waits before it connects again, at most. */
const RELISTEN_MAX_MS = 5_000;

/**
 * A connection of its own that LISTENs (a pooled one would be handed to other
 * queries). When it is lost it connects again, backing off to RELISTEN_MAX_MS,
 * and says there was a gap, since whatever was announced meanwhile is gone.
 */
export async function listenOn(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let wait = 100;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    c.on('notification', (m) => m.channel === channel && m.payload !== undefined && onMessage(m.payload));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    c.on('end', () => {
      client = undefined;
      if (!stopped) later();
    });
    client = c;
  };
  const later = () =>
    setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => {
          wait = 100;
          onGap?.();
        },
        () => {
          wait = Math.min(wait * 2, RELISTEN_MAX_MS);
          later();
        },
      );
    }, wait).unref();
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
