/** Past this many answers the expired ones go, and if that is not enough, all of them. */
export const MAX_ENTRIES = 1_000;

interface Entry<T> {
  value: T;
  storedAt: number;
}

/** A key's kind: its part before the first colon (`prizes` of `prizes:list`). */
const kindOf = (key: string) => key.split(':', 1)[0]!;

/**
 * Values kept for a few seconds by key. Readers arriving while a value loads
 * share that one load. `clear` forgets everything, or every value of one kind,
 * and a load that was running across it is not kept, so it cannot put the old
 * value back. With `staleMs`, a
 * value past its time (never a cleared one) keeps serving, for at most that
 * much longer, while one load replaces it: a busy read never waits for its
 * refresh.
 */
export class Memo<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loading = new Map<string, Promise<T>>();
  private readonly cleared = new Set<() => void>();
  /** Clears so far, of everything and of each kind: a load keeps its value only if none came meanwhile. */
  private generation = 0;
  private readonly kindGenerations = new Map<string, number>();
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly staleMs: number;

  constructor(
    private readonly ttlMs: number,
    {
      now = Date.now,
      maxEntries = MAX_ENTRIES,
      staleMs = 0,
    }: { now?: () => number; maxEntries?: number; staleMs?: number } = {},
  ) {
    this.now = now;
    this.maxEntries = maxEntries;
    this.staleMs = staleMs;
  }

  private isFresh(entry: Entry<T>, now: number, extraMs = 0) {
    return entry.storedAt <= now && now - entry.storedAt < this.ttlMs + extraMs;
  }

  /** The value kept under `key` while it is within its time, without loading anything. */
  fresh(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry && this.isFresh(entry, this.now()) ? entry.value : undefined;
  }

  /**
   * The value a reader is given now without waiting, without loading
   * anything: one within its time, or one past it (within the stale window)
   * while its successor loads.
   */
  serving(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (this.isFresh(entry, now)) return entry.value;
    return this.loading.has(key) && this.isFresh(entry, now, this.staleMs) ? entry.value : undefined;
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && this.isFresh(hit, now)) return Promise.resolve(hit.value);
    const pending = this.loading.get(key) ?? this.load(key, load);
    if (hit && this.isFresh(hit, now, this.staleMs)) {
      // Its successor's failure is the next reader's to see; this one has a value.
      pending.catch(() => {});
      return Promise.resolve(hit.value);
    }
    return pending;
  }

  private generationOf(key: string) {
    return `${this.generation}:${this.kindGenerations.get(kindOf(key)) ?? 0}`;
  }

  private load(key: string, load: () => Promise<T>) {
    const generation = this.generationOf(key);
    const loaded = load().then((value) => {
      if (this.ttlMs > 0 && generation === this.generationOf(key)) this.store(key, value);
      return value;
    });
    this.loading.set(key, loaded);
    loaded
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      })
      .catch(() => {});
    return loaded;
  }

  private store(key: string, value: T) {
    const storedAt = this.now();
    if (this.entries.size >= this.maxEntries) {
      for (const [k, e] of this.entries) if (!this.isFresh(e, storedAt)) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    this.entries.set(key, { value, storedAt });
  }

  clear(kind?: string) {
    if (kind === undefined) {
      this.generation++;
      this.entries.clear();
      this.loading.clear();
      for (const listener of this.cleared) listener();
      return;
    }
    this.kindGenerations.set(kind, (this.kindGenerations.get(kind) ?? 0) + 1);
    for (const map of [this.entries, this.loading])
      for (const key of map.keys()) if (kindOf(key) === kind) map.delete(key);
  }

  /** Told after every clear of everything, so what was built from these values goes with them. */
  onClear(listener: () => void) {
    this.cleared.add(listener);
  }
}
