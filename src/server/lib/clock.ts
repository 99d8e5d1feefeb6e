/** Injected everywhere time matters, so tests can stand on any day without waiting for it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
