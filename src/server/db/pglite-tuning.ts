import { setImmediate as turn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

// What the embedded database's client is given before Drizzle wraps it (fromPglite in client.ts).

const tunedClients = new WeakSet<PGlite>();

/**
 * Both changes below, once per client: a client opened again (a test's database given to the
 * next test) would otherwise wait one more turn, and copy its options once more, on every query.
 */
export function tunePglite(client: PGlite) {
  if (!tunedClients.has(client)) {
    takingTurns(readingAsText(client));
    tunedClients.add(client);
  }
  return client;
}

/**
 * PGlite answers a query without any I/O: a chain of queries (a draw's pages, the rank marks)
 * would run within one turn of the event loop and hold every other request until it ended, five
 * seconds for the rank marks of a million members. So each query waits for the loop's next turn.
 */
function takingTurns(client: PGlite) {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  return client;
}

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * The types Drizzle asks PGlite to leave as text, on every query: timestamps,
 * dates, intervals, and arrays of those and of numerics. PGlite then copies
 * its 318 parsers into a new object for that query, about 140 µs each time, a
 * tenth of an entry into a prize. So the client reads them as text from the
 * start and the per-query request is dropped. Nothing here reads them as
 * anything else: pg-boss, the only other user of the client, does nothing with
 * the times it reads.
 */
const AS_TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

function readingAsText(client: PGlite) {
  for (const type of AS_TEXT) client.parsers[type] = asText;
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, withoutTextParsers(options))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((work) =>
    transaction((tx) => {
      const inside = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        inside(text, params, withoutTextParsers(options))) as typeof tx.query;
      return work(tx);
    })) as PGlite['transaction'];
  return client;
}

function withoutTextParsers(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers || !Object.keys(parsers).every((type) => AS_TEXT.includes(Number(type)))) return options;
  return { ...options, parsers: undefined };
}
