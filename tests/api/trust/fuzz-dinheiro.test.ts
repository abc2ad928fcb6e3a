import { vi } from 'vitest';
import { fuzzGroup } from './fuzz/harness';

vi.mock('fastify', async (importOriginal) => (await import('./fuzz/capture')).withRouteCapture(await importOriginal()));

await fuzzGroup('dinheiro');
