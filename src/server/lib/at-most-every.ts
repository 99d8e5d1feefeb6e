/**
 * `task`, run when asked but at most once every `ms`: asked again while it waits or runs, it runs once
 * more when the time has passed, however many times it was asked meanwhile. `flush` runs what is
 * waiting at once and waits for it, for a process about to stop. The task handles its own failures.
 */
export function atMostEvery(ms: number, task: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let asked = false;
  let lastStart = Number.NEGATIVE_INFINITY;

  const start = () => {
    timer = undefined;
    asked = false;
    lastStart = Date.now();
    running = task().finally(() => {
      running = undefined;
      if (asked) schedule();
    });
  };
  const schedule = () => {
    if (timer || running) return;
    timer = setTimeout(start, Math.max(0, lastStart + ms - Date.now()));
  };

  return {
    run() {
      asked = true;
      schedule();
    },
    async flush() {
      while (timer || running) {
        if (timer) {
          clearTimeout(timer);
          start();
        }
        await running;
      }
    },
  };
}
