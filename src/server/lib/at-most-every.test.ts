import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atMostEvery } from './at-most-every';

describe('atMostEvery', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs at once, then batches what is asked within the next second into one run after it', async () => {
    const runs: number[] = [];
    const batch = atMostEvery(1000, async () => void runs.push(Date.now()));
    const start = Date.now();
    batch.run();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([start]);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(100);
      batch.run();
    }
    await vi.advanceTimersByTimeAsync(499);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([start, start + 1000]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(2);
  });

  it('runs once more after a run that was asked for again while it ran, and flush runs what waits at once', async () => {
    let release = () => {};
    let runs = 0;
    const batch = atMostEvery(1000, () => {
      runs++;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    batch.run();
    await vi.advanceTimersByTimeAsync(0);
    batch.run();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    const flushed = batch.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    release();
    await flushed;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });
});
