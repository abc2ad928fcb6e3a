import type { FastifyInstance } from 'fastify';

/** The sac API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the sac work. */
export async function sacRoutes(_app: FastifyInstance) {}
