import type { FastifyInstance } from 'fastify';

/** The micro-franquias API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the micro-franquias work. */
export async function microFranquiasRoutes(_app: FastifyInstance) {}
