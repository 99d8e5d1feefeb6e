import { describe, expect, it } from 'vitest';
import { Memo } from './memo';

describe('kept reads', () => {
  it('never keeps an answer that was loading while a write cleared the cache', async () => {
    const cache = new Memo<unknown>(60_000);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise((resolve) => (release = () => resolve({ v: 'old' }))));
    cache.clear();
    release();
    expect(await slow).toEqual({ v: 'old' });
    expect(await cache.get('k', async () => ({ v: 'new' }))).toEqual({ v: 'new' });
    // Kept from then on, until it expires.
    expect(await cache.get('k', async () => ({ v: 'newer' }))).toEqual({ v: 'new' });
  });

  it('clears the answers of one kind, and never keeps one of that kind that was loading across the clear', async () => {
    const cache = new Memo<unknown>(60_000);
    await cache.get('prizes:list', async () => 'prizes');
    let release!: () => void;
    const slow = cache.get(
      'leaderboard:weekly',
      () => new Promise((resolve) => (release = () => resolve('old'))),
    );
    cache.clear('leaderboard');
    release();
    expect(await slow).toBe('old');
    expect(await cache.get('leaderboard:weekly', async () => 'new')).toBe('new');
    expect(await cache.get('prizes:list', async () => 'read again')).toBe('prizes');
  });

  it('lets readers who arrive while an answer loads share that one load', async () => {
    const cache = new Memo<unknown>(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { loads };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
    expect(new Set(answers)).toEqual(new Set([answers[0]]));
    expect(answers[0]).toEqual({ loads: 1 });
  });

  it('expires an answer after its time, and keeps nothing when turned off', async () => {
    let now = 1_000;
    const cache = new Memo<unknown>(5_000, { now: () => now });
    await cache.get('k', async () => 1);
    now += 4_999;
    expect(await cache.get('k', async () => 2)).toBe(1);
    now += 1;
    expect(await cache.get('k', async () => 3)).toBe(3);
    const off = new Memo<unknown>(0);
    await off.get('k', async () => 1);
    expect(await off.get('k', async () => 2)).toBe(2);
  });

  it('serves an answer past its time while one load replaces it, within the stale window, never after a clear', async () => {
    let now = 1_000;
    const cache = new Memo<unknown>(5_000, { now: () => now, staleMs: 30_000 });
    await cache.get('k', async () => 1);
    now += 6_000;
    let finish = (_: number) => {};
    const slow = new Promise<number>((resolve) => {
      finish = resolve;
    });
    let loads = 0;
    const refresh = async () => {
      loads++;
      return slow;
    };
    // Both readers get the old answer at once; only one load runs.
    expect(await cache.get('k', refresh)).toBe(1);
    expect(await cache.get('k', refresh)).toBe(1);
    expect(loads).toBe(1);
    finish(2);
    await slow;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', refresh)).toBe(2);
    // A failing refresh leaves the old answer serving, and the next reader tries again.
    now += 6_000;
    expect(await cache.get('k', async () => Promise.reject(new Error('down')))).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    // Past the stale window, or after a write cleared it, a reader waits for the fresh answer.
    now += 40_000;
    expect(await cache.get('k', async () => 3)).toBe(3);
    cache.clear();
    expect(await cache.get('k', async () => 4)).toBe(4);
  });

  it('tells what a reader would be given without waiting: a fresh answer, or a stale one only while its successor loads', async () => {
    let now = 1_000;
    const cache = new Memo<unknown>(5_000, { now: () => now, staleMs: 30_000 });
    expect(cache.serving('k')).toBeUndefined();
    await cache.get('k', async () => 1);
    expect(cache.serving('k')).toBe(1);
    now += 6_000;
    // Past its time with nothing loading: a reader must start the load.
    expect(cache.serving('k')).toBeUndefined();
    let finish = (_: number) => {};
    const refreshed = cache.get('k', () => new Promise<number>((resolve) => (finish = resolve)));
    expect(cache.serving('k')).toBe(1);
    finish(2);
    await refreshed;
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.serving('k')).toBe(2);
    // Loading past the stale window, or after a clear, serves nothing.
    now += 40_000;
    void cache.get('k', () => new Promise<number>(() => {}));
    expect(cache.serving('k')).toBeUndefined();
    cache.clear();
    expect(cache.serving('k')).toBeUndefined();
  });
});
