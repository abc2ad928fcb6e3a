import type { Config } from './config';
import type { Database } from './db/connect';
import type { Listen } from './db/notifications';
import type { Mailer } from './mail/mailer';
import type { Actor } from './access/actor';
import type { Role } from '../shared/roles';
import type { Clock } from './lib/clock';
import type { BackgroundTasks } from './lib/background-tasks';
import type { PublicCache } from './modules/public/public-cache';
import type { JobWorker } from './jobs/worker';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    clock: Clock;
    /** LISTEN/NOTIFY on the database, when the app was given one (the server always is; some tests not). */
    dbListen: Listen | null;
    background: BackgroundTasks;
    /** The public pages' cities and events, emptied when an event or course changes (issue 21). */
    publicCache: PublicCache;
    /** The durable jobs' worker (ADR 028). */
    jobs: JobWorker;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    actor: Actor | null;
    /** The digest of the presented session token, when it named a live session. */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route: 'public' or the roles allowed. Every /api route must say (deny by default);
     * the access matrix test reads the same declarations. 'token' (issue 43): no session, a secret the caller
     * shares with the server in a header, which the route checks itself before anything else (a gateway's
     * webhook); without it every caller gets 401.
     */
    access?: 'public' | 'token' | 'authenticated' | readonly Role[];
    /**
     * The content types of a route whose success answer is a file rather than a JSON view (an attachment, an
     * export's CSV, the OpenAPI document itself): it declares no response schema, and the OpenAPI document lists
     * these types for its answer (ADR 018). A route ending in `.csv` needs none: its ending says it.
     */
    produces?: readonly string[];
  }
}
