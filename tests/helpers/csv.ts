import { expect } from 'vitest';

/** A CSV download's lines, once it is checked to start with UTF-8's byte-order mark, so spreadsheets read "£" as it is. */
export function csvLines(res: { rawPayload: Buffer }) {
  expect([...res.rawPayload.subarray(0, 3)], 'the byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
  return res.rawPayload.subarray(3).toString('utf8').split('\r\n');
}
