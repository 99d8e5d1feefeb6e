/**
 * Work that may run at most `atOnce` at a time; the rest wait their turn in order, those marked
 * `first` ahead of the others. A finished one hands its place straight to the next in line.
 */
export class Turns {
  private readonly waiting = { first: [] as Array<() => void>, rest: [] as Array<() => void> };
  private running = 0;

  constructor(readonly atOnce: number) {}

  /** How many are waiting for a turn. */
  get queued() {
    return this.waiting.first.length + this.waiting.rest.length;
  }

  async run<T>(work: () => Promise<T>, { first = false } = {}): Promise<T> {
    if (this.running < this.atOnce) this.running++;
    else await new Promise<void>((resolve) => (first ? this.waiting.first : this.waiting.rest).push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.first.shift() ?? this.waiting.rest.shift();
      if (next) next();
      else this.running--;
    }
  }
}
