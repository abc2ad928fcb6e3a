import type { FastifyInstance } from 'fastify';
import { isApiRequest } from '../lib/api-route';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { HttpError, MESSAGES } from '../lib/http-error';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers on every answer (success and failure alike), a refusal of cross-origin mutations, and
 * no-store on API answers, which carry personal data.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    // Built once: @fastify/helmet built helmet's middleware again on every request (its CSP parsed each time).
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The staff app's service worker and manifest (issue 49), from the site itself only.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(app.config.cookieSecure ? { upgradeInsecureRequests: [] } : { upgradeInsecureRequests: null }),
        },
      },
      strictTransportSecurity: app.config.cookieSecure ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // As strict as the CSP's frame-ancestors 'none', for browsers that only know the older header.
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, () => done()));

    app.addHook('onRequest', async (request, reply) => {
      if (isApiRequest(request)) reply.header('cache-control', 'no-store');
      if (!MUTATING.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin !== undefined && !app.config.allowedOrigins.has(origin)) {
        throw new HttpError(403, MESSAGES.originRefused);
      }
    });
  },
  { name: 'security', dependencies: ['error-handler'] },
);
