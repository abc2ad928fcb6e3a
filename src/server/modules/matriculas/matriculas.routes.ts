import type { FastifyInstance } from 'fastify';

/** The matriculas API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the matriculas work. */
export async function matriculasRoutes(_app: FastifyInstance) {}
