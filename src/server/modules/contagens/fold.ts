import type { FastifyInstance } from 'fastify';
import { foldContagensRound } from './fold.repository';

/**
 * The worker's rounds fold (ADRs 042 and 043): every round, and every second of a long one (`app.jobs.eachRound`),
 * the sign-ups' and check-ins' pending counts reach the counters.
 */
export function foldEachRound(app: FastifyInstance): void {
  app.jobs.eachRound(() => foldContagensRound(app.db));
}
