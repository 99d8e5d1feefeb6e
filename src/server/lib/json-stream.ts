import { Readable } from 'node:stream';
import type { z } from 'zod';

/** A field's value, read when its turn comes: one value, or rows page after page, written as an array. */
export type StreamedField = () => Promise<unknown> | AsyncIterable<unknown>;

/** How much text is gathered before it is sent on: a few dozen rows, not one write each. */
const CHUNK_CHARS = 64 * 1024;

const isRows = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/**
 * One JSON object sent a field at a time, in the order its contract schema lists them, each field read
 * only once the one before is written: a download as long as a member's whole history holds a page of
 * it in memory, and starts arriving at once. Read as the client takes it, so a slow client slows the
 * reads. A field read whole is shaped by its schema, as a serializer would (nothing the contract does
 * not name is sent); rows yielded page by page are written as selected.
 */
export function jsonObjectStream<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  fields: { [K in keyof Shape]: StreamedField },
) {
  const names = Object.keys(schema.shape) as Array<keyof Shape & string>;
  async function* text() {
    let out = '{';
    for (const [i, name] of names.entries()) {
      out += `${i ? ',' : ''}${JSON.stringify(name)}:`;
      const value = fields[name]();
      if (!isRows(value)) {
        out += JSON.stringify((schema.shape[name] as z.ZodType).parse((await value) ?? null));
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
