import { Readable } from 'node:stream';

/** A field's value, read when its turn comes: one value, or rows page after page, written as an array. */
export type StreamedField = () => Promise<unknown> | AsyncIterable<unknown>;

/** How much text is gathered before it is sent on: a few dozen rows, not one write each. */
const CHUNK_CHARS = 64 * 1024;

const isRows = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/**
 * One JSON object sent a field at a time, in the order given, each field read only once the one
 * before is written: a download as long as a member's whole history holds a page of it in memory,
 * and starts arriving at once. Read as the client takes it, so a slow client slows the reads.
 */
export function jsonObjectStream(fields: ReadonlyArray<readonly [string, StreamedField]>) {
  async function* text() {
    let out = '{';
    for (const [i, [name, read]] of fields.entries()) {
      out += `${i ? ',' : ''}${JSON.stringify(name)}:`;
      const value = read();
      if (!isRows(value)) {
        out += JSON.stringify((await value) ?? null);
        continue;
      }
      out += '[';
      let first = true;
      for await (const row of value) {
        out += (first ? '' : ',') + JSON.stringify(row);
        first = false;
        if (out.length >= CHUNK_CHARS) {
          yield out;
          out = '';
        }
      }
      out += ']';
    }
    yield `${out}}`;
  }
  return Readable.from(text());
}
