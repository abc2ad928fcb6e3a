import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The request an audit row is written for (issue 17): who is signed in, from which address and browser, and the
 * request id the log lines carry. Services write their audit rows deep in a transaction without every layer
 * passing the request along: the request is kept in async-local storage for the whole of its handling, work it
 * starts after its answer (app.background) included.
 */
const storage = new AsyncLocalStorage<FastifyRequest>();

/** The request being handled, or undefined outside one (the seed, scripts, a test calling a service). */
export function currentRequest(): FastifyRequest | undefined {
  return storage.getStore();
}

export const auditContextPlugin = fp(
  async (app: FastifyInstance) => {
    // First of the onRequest hooks, so the rest of the request's hooks and its handler run inside it.
    app.addHook('onRequest', (request, _reply, done) => storage.run(request, done));
  },
  { name: 'audit-context' },
);
