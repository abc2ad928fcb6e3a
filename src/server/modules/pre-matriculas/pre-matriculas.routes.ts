import type { FastifyInstance } from 'fastify';

/** The pre-matriculas API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the pre-matriculas work. */
export async function preMatriculasRoutes(_app: FastifyInstance) {}
