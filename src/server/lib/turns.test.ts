import { describe, expect, it } from 'vitest';
import { Turns } from './turns';

/** A piece of work that starts when its turn comes and ends when the test says. */
function held(name: string, started: string[]) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await ended;
      return name;
    },
    end,
  };
}

describe('Turns', () => {
  it('runs at most so many at once, and those marked first before others that waited longer', async () => {
    const turns = new Turns(2);
    const started: string[] = [];
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((n) => held(n, started));
    const done = [
      turns.run(a!.work),
      turns.run(b!.work),
      turns.run(c!.work),
      turns.run(d!.work),
      turns.run(e!.work, { first: true }),
    ];
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect(turns.queued).toBe(3);
    a!.end();
    await done[0];
    await expect.poll(() => started).toEqual(['a', 'b', 'e']);
    b!.end();
    await expect.poll(() => started).toEqual(['a', 'b', 'e', 'c']);
    for (const w of [c, d, e]) w!.end();
    expect(await Promise.all(done)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(turns.queued).toBe(0);
  });

  it('gives the turn back when the work fails', async () => {
    const turns = new Turns(1);
    await expect(turns.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await turns.run(async () => 'next')).toBe('next');
  });
});
