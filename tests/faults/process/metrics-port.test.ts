import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyDataDir, freePort, removeDir, startServer, type ServerProcess } from '../support/server-process';

/**
 * /metrics as the production server runs it (issue 22): server.ts opens METRICS_PORT beside the app's port and
 * closes it on SIGTERM; on the app's port /metrics needs METRICS_TOKEN.
 */

const TOKEN = 'metricas-token-de-producao-0123456789';
let server: ServerProcess;
let metricsPort: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = copyDataDir(inject('demoDataDir'));
  metricsPort = await freePort();
  server = await startServer({
    env: { DATA_DIR: dataDir, METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN },
  });
});
afterAll(async () => {
  await server.stop('SIGTERM');
  removeDir(dataDir);
});

describe('the production server with METRICS_PORT and METRICS_TOKEN', () => {
  it('serves /metrics on its own port without a token, and on the app port only with the token', async () => {
    await fetch(`${server.baseUrl}/api/health`);
    const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(own.status).toBe(200);
    const text = await own.text();
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} \d+$/m,
    );
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);

    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
    const withToken = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('# TYPE http_request_duration_seconds histogram');
    expect(server.stdout.some((line) => line.includes(`metrics on port ${metricsPort}`))).toBe(true);
  });

  it('closes the metrics port with the app on SIGTERM and exits 0', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});
