import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectEmbedded } from '../../../src/server/db/pglite';
import { CLUSTER_SHUT_DOWN, clusterState, removeDir, startServer } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    demoDataDir: string;
  }
}

/** Leads added to the demo network, so that a CSV export is still running when SIGTERM arrives. */
export const EXTRA_LEADS = 6_000;

/**
 * One embedded data directory with the demo network, made by the production server itself (its first start
 * loads the network), then grown by EXTRA_LEADS leads. Every test copies it.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'faults-template-'));
  const server = await startServer({
    env: { NODE_ENV: 'development', DEMO_DATA: '1', DATA_DIR: dir, LOG_LEVEL: 'warn' },
    readyTimeoutMs: 180_000,
  });
  const code = await server.stop('SIGTERM');
  if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.stderr.join('\n')}`);

  const handle = await connectEmbedded(dir);
  try {
    await handle.db.execute(`
      insert into leads (evento_id, nome_aluno, nome_responsavel, email, telefone)
      select e.id, 'Aluno Carga ' || g, 'Responsável Carga ' || g, 'carga' || g || '@exemplo.com.br', '19988887777'
      from generate_series(1, ${EXTRA_LEADS}) g
      cross join lateral (select id from eventos order by created_at, id limit 1) e
    `);
    await handle.db.execute('analyze');
  } finally {
    await handle.close();
  }
  if (clusterState(dir) !== CLUSTER_SHUT_DOWN) throw new Error('the template was not shut down cleanly');
  project.provide('demoDataDir', dir);
  return () => removeDir(dir);
}
