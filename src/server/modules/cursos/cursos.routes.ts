import type { FastifyInstance } from 'fastify';

/** The cursos API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the cursos work. */
export async function cursosRoutes(_app: FastifyInstance) {}
