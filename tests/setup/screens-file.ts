import { afterAll, vi } from 'vitest';

/**
 * The screens' test files share their worker's modules (ADR 096): React, the testing library, Radix and zod load
 * once per worker. The app's own modules start fresh in each file, as they did in a file of their own: the toasts'
 * store, the public pages' caches and any module-level state of one file never reach the next.
 */
afterAll(() => {
  vi.resetModules();
});
