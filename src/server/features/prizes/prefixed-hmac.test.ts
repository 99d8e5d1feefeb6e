import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrefixedHmac } from './prefixed-hmac';

const bytesOf = (words: Int32Array) => {
  const out = Buffer.alloc(32);
  for (const [i, word] of words.entries()) out.writeInt32BE(word, 4 * i);
  return out.toString('hex');
};

describe('HMAC-SHA256 of messages sharing a key and a prefix', () => {
  it('is node:crypto’s HMAC for any key, prefix and message, across block edges and in any script', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 64 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.array(fc.string({ unit: fc.constantFrom('grapheme', 'binary-ascii'), maxLength: 150 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (key, prefix, messages) => {
          const hmac = new PrefixedHmac(key, prefix);
          const expected = (message: string) =>
            createHmac('sha256', key)
              .update(prefix + message)
              .digest('hex');
          // One instance, many messages: nothing of one message is left in the next.
          for (const message of messages) expect(bytesOf(hmac.sign(message))).toBe(expected(message));
          // Each message read where it stands in one text, as a draw reads a snapshot's lines.
          const text = messages.join('\n');
          let start = 0;
          for (const message of messages) {
            expect(bytesOf(hmac.sign(text, start, start + message.length))).toBe(expected(message));
            start += message.length + 1;
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('signs a draw’s messages: a 32-byte key, a snapshot hash and a pseudonym', () => {
    const key = randomBytes(32);
    const snapshot = randomBytes(32).toString('hex');
    const hmac = new PrefixedHmac(key, `${snapshot}:`);
    for (let i = 0; i < 2_000; i++) {
      const pid = randomBytes(1 + (i % 40)).toString('hex');
      expect(bytesOf(hmac.sign(pid))).toBe(
        createHmac('sha256', key).update(`${snapshot}:${pid}`).digest('hex'),
      );
    }
  });

  it('refuses a key longer than a block rather than sign with the wrong one', () => {
    expect(() => new PrefixedHmac(new Uint8Array(65), '')).toThrow(/longer than a block/);
  });
});
