import type { WheelConfig } from '../../../../contract/wheel';

/** Each slice's start and width in degrees, in proportion to its chance, the first at the top going clockwise. */
export function sliceAngles(prizes: WheelConfig) {
  const total = prizes.reduce((sum, p) => sum + p.probability, 0) || 1;
  let start = 0;
  return prizes.map((p) => {
    const width = (360 * p.probability) / total;
    const slice = { id: p.id, start, width };
    start += width;
    return slice;
  });
}
