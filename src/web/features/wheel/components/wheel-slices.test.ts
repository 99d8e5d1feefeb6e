import { describe, expect, it } from 'vitest';
import { WHEEL_PRIZES } from '../../../../contract/gamification-rules';
import { sliceAngles } from './wheel-slices';

const config = WHEEL_PRIZES.map(({ id, name, type, amount, probability }) => ({
  id,
  name,
  type,
  amount,
  probability,
}));

describe('the wheel’s slices', () => {
  it('are as wide as their odds: 75/20/4/1 is 270°, 72°, 14.4° and 3.6°, one after another', () => {
    const slices = sliceAngles(config);
    expect(slices.map((s) => +s.width.toFixed(6))).toEqual([270, 72, 14.4, 3.6]);
    expect(slices.map((s) => +s.start.toFixed(6))).toEqual([0, 270, 342, 356.4]);
  });

  it('give a prize that cannot be won no width', () => {
    const slices = sliceAngles(config.map((p) => ({ ...p, probability: p.id === 'cash_5' ? 1 : 0 })));
    expect(slices.map((s) => s.width)).toEqual([0, 0, 0, 360]);
  });
});
