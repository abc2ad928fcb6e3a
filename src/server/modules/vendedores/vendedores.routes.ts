import type { FastifyInstance } from 'fastify';

/** The vendedores API (SPEC §7, DESIGN §4). Registered by app.ts; its routes are added by the vendedores work. */
export async function vendedoresRoutes(_app: FastifyInstance) {}
