import { describe, expect, it } from 'vitest';
import {
  addDays,
  londonDay,
  londonHour,
  londonMidnight,
  londonWeekday,
  nextLondonTime,
  periodStarts,
} from './london';

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

describe('UK calendar days and leaderboard periods', () => {
  it('counts the London day, which after 11 PM UTC in summer is already tomorrow', () => {
    expect(londonDay(new Date('2026-07-03T22:59:00Z'))).toBe('2026-07-03');
    expect(londonDay(new Date('2026-07-03T23:00:00Z'))).toBe('2026-07-04');
    expect(londonDay(new Date('2026-11-27T23:59:00Z'))).toBe('2026-11-27');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('starts weeks on Monday and months on the 1st, in UK time', () => {
    // Sunday 29 November 2026 at 23:30 GMT is still that Sunday: the week began Monday the 23rd.
    expect(periodStarts(new Date('2026-11-29T23:30:00Z'))).toEqual({
      weekly: '2026-11-23',
      monthly: '2026-11-01',
      alltime: '1970-01-01',
    });
    // 23:30 UTC on Sunday 31 May 2026 is 00:30 BST on Monday 1 June: a new week and a new month.
    expect(periodStarts(new Date('2026-05-31T23:30:00Z'))).toMatchObject({
      weekly: '2026-06-01',
      monthly: '2026-06-01',
    });
    // A week that spans two months belongs to the month of each day.
    expect(periodStarts(new Date('2026-12-31T12:00:00Z'))).toMatchObject({
      weekly: '2026-12-28',
      monthly: '2026-12-01',
    });
  });

  it('finds the instant a UK day began, in winter and in summer', () => {
    expect(londonMidnight(new Date('2026-11-20T12:00:00Z')).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(londonMidnight(new Date('2026-07-03T23:30:00Z')).toISOString()).toBe('2026-07-03T23:00:00.000Z');
    expect(londonMidnight(new Date('2026-07-04T10:00:00Z')).toISOString()).toBe('2026-07-03T23:00:00.000Z');
    // The days the clocks change.
    expect(londonMidnight(new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonMidnight(new Date('2026-10-25T12:00:00Z')).toISOString()).toBe('2026-10-24T23:00:00.000Z');
  });
});
