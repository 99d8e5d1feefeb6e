import { describe, expect, it } from 'vitest';
import { entryShare } from './odds';

describe('entryShare', () => {
  it.each([
    [0, 0, '0%'],
    [0, 50, '0%'],
    [5, 5, '100%'],
    [1, 4, '25%'],
    [12, 480, '2.5%'],
    [1, 3, '33%'],
    [1, 999, '0.1%'],
    [1, 1500, '1 in 1,500'],
    [3, 20_000, '1 in 6,667'],
  ])('%i of %i entries reads %s', (mine, all, text) => {
    expect(entryShare(mine, all)).toBe(text);
  });
});
