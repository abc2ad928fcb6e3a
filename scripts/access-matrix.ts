// Prints the access matrix of every /api route as JSON (tests/api/access-matrix.json is this output).
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { newPglite, openPglite } from '../src/server/db/pglite';
import { buildAccessMatrix } from '../tests/setup/access-matrix';

const handle = await openPglite(newPglite());
const app = await buildApp(loadConfig({ NODE_ENV: 'test', DEMO_DATA: '0', LOG_LEVEL: 'silent' }), { db: handle.db });
await app.ready();
console.log(JSON.stringify(buildAccessMatrix(app.routeAccess), null, 2));
await app.close();
await handle.close();
