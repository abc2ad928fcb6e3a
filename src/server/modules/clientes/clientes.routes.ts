import type { FastifyInstance } from 'fastify';

/** The clientes API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the clientes work. */
export async function clientesRoutes(_app: FastifyInstance) {}
