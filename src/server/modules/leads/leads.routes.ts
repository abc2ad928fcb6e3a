import type { FastifyInstance } from 'fastify';

/** The leads API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the leads work. */
export async function leadsRoutes(_app: FastifyInstance) {}
