import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/helpers/app';

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('transactions', () => {
  it('run again after a deadlock or serialisation failure, and give the second run’s answer', async () => {
    const { db } = await buildTestApp();
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const answer = await db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`select 1`);
        if (runs === 1) throw failure(code);
        return 'done';
      });
      expect(answer).toBe('done');
      expect(runs).toBe(2);
    }
  });

  it('do not run again for any other failure, nor forever', async () => {
    const { db } = await buildTestApp();
    let runs = 0;
    await expect(
      db.transaction(async () => {
        runs++;
        throw failure('23505');
      }),
    ).rejects.toThrow('failed with 23505');
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      db.transaction(async () => {
        runs++;
        throw failure('40P01');
      }),
    ).rejects.toThrow('failed with 40P01');
    expect(runs).toBe(5);
  });
});

describe('a chain of queries', () => {
  it('lets the process serve other work between its queries', async () => {
    const { db } = await buildTestApp();
    let done = 0;
    const chain = (async () => {
      for (let i = 0; i < 50; i++) {
        await db.execute(sql`select 1`);
        done++;
      }
    })();
    // Due at the next turn of the event loop, as a request arriving meanwhile would be.
    const doneWhenServed = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await chain;
    expect(doneWhenServed).toBeLessThan(5);
  });
});
