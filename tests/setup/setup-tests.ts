import { afterEach, vi } from 'vitest';

/** A test that logs an unexpected console.error fails: errors are asserted, never ignored. */
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const logged = errors;
  errors = [];
  vi.useRealTimers();
  if (logged.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${logged.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
