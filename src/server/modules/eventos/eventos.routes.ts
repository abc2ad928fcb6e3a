import type { FastifyInstance } from 'fastify';

/** The eventos API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the eventos work. */
export async function eventosRoutes(_app: FastifyInstance) {}
