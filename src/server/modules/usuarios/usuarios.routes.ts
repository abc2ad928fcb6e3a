import type { FastifyInstance } from 'fastify';

/** The usuarios API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the usuarios work. */
export async function usuariosRoutes(_app: FastifyInstance) {}
