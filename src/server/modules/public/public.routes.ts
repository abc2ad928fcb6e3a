import type { FastifyInstance } from 'fastify';

/** The public API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the public work. */
export async function publicRoutes(_app: FastifyInstance) {}
