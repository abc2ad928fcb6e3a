import type { FastifyInstance } from 'fastify';

/** The cep API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the cep work. */
export async function cepRoutes(_app: FastifyInstance) {}
