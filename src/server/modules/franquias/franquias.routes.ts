import type { FastifyInstance } from 'fastify';

/** The franquias API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the franquias work. */
export async function franquiasRoutes(_app: FastifyInstance) {}
