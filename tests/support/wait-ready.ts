const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `path` until the instance answers 200; returns when it did, or throws after `timeoutMs`. */
export async function waitReady(url: string, timeoutMs: number, path = '/readyz') {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return Date.now();
    } catch {
      // Not listening yet, or the database is still away.
    }
    await sleep(100);
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}
