import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  count,
  counted,
  drawDayAfter,
  entriesLabel,
  percent,
  pounds,
  relativeTime,
  timeLeft,
  timeRemaining,
  ukDateTime,
  ukToday,
} from './format';

const now = new Date('2026-11-20T20:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const ahead = (ms: number) => new Date(now.getTime() + ms).toISOString();
const M = 60_000;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [M, '1m ago'],
    [59 * M, '59m ago'],
    [H, '1h ago'],
    [23 * H + 59 * M, '23h ago'],
    [D, 'Yesterday'],
    [2 * D - 1, 'Yesterday'],
    [2 * D, '2d ago'],
    [6 * D + 23 * H, '6d ago'],
    [7 * D, '13 Nov'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });
});

describe('timeLeft and timeRemaining', () => {
  it.each([
    [-1, 'Ended', 'Ended'],
    [0, 'Ended', 'Ended'],
    [30 * M, '0h', '30m'],
    [5 * H + 10 * M, '5h', '5h 10m'],
    [3 * D + 4 * H + 5 * M, '3d 4h', '3d 4h 5m'],
  ])('%i ms left reads %s / %s', (ms, card, detail) => {
    expect(timeLeft(ahead(ms), now)).toBe(card);
    expect(timeRemaining(ahead(ms), now)).toBe(detail);
  });
});

describe('pounds and entries', () => {
  it('writes money and counts as UK readers expect', () => {
    expect(pounds(500)).toBe('£500');
    expect(pounds(1000)).toBe('£1,000');
    expect(pounds(479.99)).toBe('£479.99');
    expect(entriesLabel(1)).toBe('1 entry');
    expect(entriesLabel(1250)).toBe('1,250 entries');
    expect(counted(1, 'person', 'people')).toBe('1 person');
    expect(counted(2500, 'person', 'people')).toBe('2,500 people');
  });

  it('writes what Intl writes for en-GB, without its first-use cost', () => {
    const gbp = (digits: number) =>
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: digits });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(count(n)).toBe(n.toLocaleString('en-GB'));
        expect(pounds(n)).toBe(gbp(0).format(n));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), (pence) => {
        fc.pre(pence % 100 !== 0);
        expect(pounds(pence / 100)).toBe(gbp(2).format(pence / 100));
      }),
    );
  });

  it('writes a date and time in UK time with am or pm', () => {
    expect(ukDateTime('2026-11-27T20:00:00Z')).toBe('Fri, 27 Nov 2026, 8:00 pm');
    expect(ukDateTime('2026-06-01T08:05:00Z')).toBe('Mon, 1 Jun 2026, 9:05 am');
    expect(ukDateTime('2026-06-01T23:30:00Z')).toBe('Tue, 2 Jun 2026, 12:30 am');
    expect(ukDateTime('2026-09-03T11:59:00Z')).toBe('Thu, 3 Sept 2026, 12:59 pm');
    // Clocks go forward at 01:00 UTC on the last Sunday of March, and back on the last Sunday of October.
    expect(ukDateTime('2026-03-29T00:59:00Z')).toBe('Sun, 29 Mar 2026, 12:59 am');
    expect(ukDateTime('2026-03-29T01:00:00Z')).toBe('Sun, 29 Mar 2026, 2:00 am');
    expect(ukDateTime('2026-10-25T00:59:00Z')).toBe('Sun, 25 Oct 2026, 1:59 am');
    expect(ukDateTime('2026-10-25T01:00:00Z')).toBe('Sun, 25 Oct 2026, 1:00 am');
  });

  it('keeps UK time as the time zone database does, through every clock change', () => {
    const long = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZone: 'Europe/London',
    });
    const short = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'Europe/London',
    });
    const instants = fc.date({
      min: new Date('1997-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, (date) => {
        expect(ukDateTime(date.toISOString())).toBe(long.format(date));
        const later = new Date(date.getTime() + 30 * D);
        expect(relativeTime(date.toISOString(), later)).toBe(short.format(date));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('ukToday', () => {
  it('is the date on a UK calendar, an hour ahead of UTC in summer', () => {
    expect(ukToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(ukToday(new Date('2026-12-07T23:30:00Z'))).toBe('2026-12-07');
  });
});

describe('drawDayAfter', () => {
  it('names the first draw day at or after a prize closes, in UK time', () => {
    // Tuesday 8 December 2026 closes days before Friday's draw.
    expect(drawDayAfter('2026-12-08T12:00:00Z', 'Friday')).toBe('Fri, 11 Dec 2026');
    // Closing on the draw day itself, it is drawn that evening.
    expect(drawDayAfter('2026-12-11T19:00:00Z', 'Friday')).toBe('Fri, 11 Dec 2026');
    // 23:30 UTC on Saturday 27 June is already Sunday in UK summer time: drawn the Sunday after.
    expect(drawDayAfter('2026-06-27T23:30:00Z', 'Saturday')).toBe('Sat, 4 Jul 2026');
    expect(drawDayAfter('2026-06-27T23:30:00Z', 'Sunday')).toBe('Sun, 28 Jun 2026');
  });
});

describe('percent', () => {
  it('writes a chance to the hundredth the odds are kept at', () => {
    expect([0.75, 0.2, 0.04, 0.01, 0.0025, 1].map(percent)).toEqual([
      '75%',
      '20%',
      '4%',
      '1%',
      '0.25%',
      '100%',
    ]);
  });
});

describe('the rules in words', () => {
  it('say the weekly prizes, the wheel prizes and the spin rule from their constants', async () => {
    const words = await import('./rules-words');
    expect(words.WEEKLY_PRIZES_TEXT).toBe(
      '£20 for 1st, £15 for 2nd, £10 for 3rd and £5 each for 4th to 10th',
    );
    expect(words.WHEEL_PRIZE_NAMES).toBe('10 entries, 50 entries, £1 cash or £5 cash');
    expect(words.SPIN_RULE).toBe(
      'Every 5 video ads you watch unlock one spin, with at most one spin an hour.',
    );
    expect(words.MIN_WITHDRAWAL).toBe('£5');
  });
});
