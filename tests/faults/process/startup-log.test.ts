import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, startServer, type ServerProcess } from '../support/server-process';

/**
 * The production server's start-up log (issue 39, item 12): creating the bootstrap franqueador from
 * FRANQUEADOR_EMAIL used to print its address. No line of the log, start-up included, holds an e-mail address.
 */

const EMAIL = 'dona.da.rede@franqueador-exemplo.com.br';
const dataDir = mkdtempSync(join(tmpdir(), 'startup-log-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  removeDir(dataDir);
});

describe('the start-up log', () => {
  it('says the bootstrap franqueador was created without its e-mail, and no line holds an address', async () => {
    server = await startServer({
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        FRANQUEADOR_EMAIL: EMAIL,
        FRANQUEADOR_PASSWORD: 'senha-de-partida-123',
        FRANQUEADOR_NOME: 'Rede Exemplo',
      },
    });
    expect(await server.stop('SIGTERM')).toBe(0);
    const lines = [...server.stdout, ...server.stderr].filter((line) => line.trim() !== '');
    expect(lines.some((line) => /franqueador .*created/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes('ready in'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(EMAIL);
      expect(line).not.toMatch(/[\w.+-]+@[\w-]+(\.[\w-]+)+/);
    }
  });
});
