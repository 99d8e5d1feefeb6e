import type { Clock } from '../../src/server/lib/clock';

/** A clock that stands still until a test moves it. */
export class TestClock implements Clock {
  private current: Date;
  constructor(start = '2026-11-20T12:00:00Z') {
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
