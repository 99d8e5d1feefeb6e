import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESIGN_VECTOR, QUICKNET_ROUND_123 } from '../../../../tests/helpers/draw-vectors';
import { type Participant, pickWinners as shared } from '../../../shared/draw-keys';
import { WinnerPicker } from './pick-winners';

const { seed: vectorSeed, participants: vector } = DESIGN_VECTOR;

/** Snapshot lines of these participants, as the database writes them. */
const linesOf = (people: Participant[]) => people.map((p) => `${p._id}:${p.entries}\n`).join('');

function pickWinners(key: string, snapshot: string, people: Participant[], count: number) {
  const picker = new WinnerPicker(key, snapshot, count);
  picker.addLines(linesOf(people));
  return picker.winners();
}

describe('the server’s draw', () => {
  it('gives DESIGN’s test vector and the beacon vector', () => {
    expect(pickWinners(vectorSeed, 'abc', vector, 2)).toEqual(['u2', 'u3']);
    expect(pickWinners(QUICKNET_ROUND_123.drawKey, 'abc', vector, 2)).toEqual(['u1', 'u2']);
  });

  it('picks exactly what the browser’s code picks, whatever the participants, entries and count', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            _id: fc.stringMatching(/^[0-9a-f]{1,32}$/),
            entries: fc.integer({ min: 0, max: 500 }),
          }),
          {
            selector: (p) => p._id,
            maxLength: 60,
          },
        ),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 70 }),
        async (people, count, pageSize) => {
          const key = randomBytes(32).toString('hex');
          const snapshot = randomBytes(32).toString('hex');
          const expected = await shared(key, snapshot, people, count);
          expect(pickWinners(key, snapshot, people, count)).toEqual(expected);
          // Read from snapshot lines a slice at a time, every other slice by a second picker.
          const [picker, second] = [1, 2].map(() => new WinnerPicker(key, snapshot, count)) as [
            WinnerPicker,
            WinnerPicker,
          ];
          for (let i = 0; i < people.length; i += pageSize) {
            (i % (2 * pageSize) ? second : picker).addLines(linesOf(people.slice(i, i + pageSize)));
          }
          picker.offer(second.ranked());
          expect(picker.winners()).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
