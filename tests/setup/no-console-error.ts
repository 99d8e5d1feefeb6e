import { afterEach, vi } from 'vitest';

// An unexpected console.error in a test is a failure we would otherwise scroll past.
// This file runs before every test file, in a worker that may keep its modules between them: one spy.
const spy = vi.isMockFunction(console.error) ? vi.mocked(console.error) : vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length > 0)
    throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
