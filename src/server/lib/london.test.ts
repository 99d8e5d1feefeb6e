import { describe, expect, it } from 'vitest';
import { londonHour, londonWeekday, nextLondonTime } from './london';

describe('UK time', () => {
  it('knows the UK weekday and hour in winter (GMT) and summer (BST)', () => {
    // 20:00 GMT on Friday 27 November 2026 is 20:00 in London.
    expect(londonWeekday(new Date('2026-11-27T20:00:00Z'))).toBe('Friday');
    expect(londonHour(new Date('2026-11-27T20:00:00Z'))).toBe(20);
    // 19:30 UTC on Friday 3 July 2026 is 20:30 BST; 23:30 UTC that Friday is already Saturday in London.
    expect(londonHour(new Date('2026-07-03T19:30:00Z'))).toBe(20);
    expect(londonWeekday(new Date('2026-07-03T23:30:00Z'))).toBe('Saturday');
    // Midnight: the hour is 0, not 24.
    expect(londonHour(new Date('2026-11-28T00:00:00Z'))).toBe(0);
  });

  it('finds the next Friday at 8 PM UK time, in either season', () => {
    expect(nextLondonTime(new Date('2026-11-21T10:00:00Z'), 'Friday', 20).toISOString()).toBe(
      '2026-11-27T20:00:00.000Z',
    );
    expect(nextLondonTime(new Date('2026-07-01T10:00:00Z'), 'Friday', 20).toISOString()).toBe(
      '2026-07-03T19:00:00.000Z',
    );
    // At 8 PM on a Friday the next one is a week away.
    expect(nextLondonTime(new Date('2026-11-27T20:00:00Z'), 'Friday', 20).toISOString()).toBe(
      '2026-12-04T20:00:00.000Z',
    );
  });
});
