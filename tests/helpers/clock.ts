import type { Clock } from '../../src/server/lib/clock';

/** Where every test clock starts: a Friday noon in November (GMT). */
export const TEST_START = '2026-11-20T12:00:00Z';

/** A clock that stands still until a test moves it. */
export class TestClock implements Clock {
  private current: Date;
  constructor(start = TEST_START) {
    this.current = new Date(start);
  }
  now() {
    return new Date(this.current);
  }
  set(iso: string) {
    this.current = new Date(iso);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
