import type { FastifyInstance } from 'fastify';
import { entregarWebhook } from './entrega';

/** Webhooks (issue 22, ADR 028): other modules emit their events through `emitirEvento`, in their transaction. */
export { assinatura, emitirEvento } from './entrega';
export { entregasInsert } from './entregas.repository';
export { webhooksRoutes } from './webhooks.routes';

export function registerWebhookJobs(app: FastifyInstance): void {
  app.jobs.register('webhook', entregarWebhook, { aoMesmoTempo: 8 });
}
