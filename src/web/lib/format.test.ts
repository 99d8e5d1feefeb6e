import { describe, expect, it } from 'vitest';
import { entriesLabel, pounds, relativeTime, timeLeft, timeRemaining, ukDateTime } from './format';

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
  });

  it('writes a date and time in UK time with am or pm', () => {
    expect(ukDateTime('2026-11-27T20:00:00Z')).toBe('Fri, 27 Nov 2026, 8:00 pm');
    expect(ukDateTime('2026-06-01T08:05:00Z')).toBe('Mon, 1 Jun 2026, 9:05 am');
  });
});
