import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { connectPostgres } from '../../src/server/db/postgres';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../../src/server/plugins/error-handler';
import { APP_URL } from '../setup/test-app';

/**
 * While the database cannot be reached, every call answers 503 with the pt-BR message and Retry-After, never a
 * 500 (issue 9, Faults). tests/faults/process/postgres-restart.test.ts proves it against a real restart; this
 * file pins down which failures count as "unreachable" and checks the answer shape in-process.
 */

describe('which failures mean the database is unreachable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
  const sqlState = (code: string) => Object.assign(new Error('server message'), { code });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'a refused connection on every address',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
    ],
    [
      'a reset connection, wrapped by the query builder',
      wrapped(Object.assign(new Error('read'), { code: 'ECONNRESET' })),
    ],
    ['admin_shutdown (57P01)', wrapped(sqlState('57P01'))],
    ['crash_shutdown (57P02)', wrapped(sqlState('57P02'))],
    ['cannot_connect_now, starting up (57P03)', sqlState('57P03')],
    ['connection_failure (08006)', wrapped(sqlState('08006'))],
    ['a connection ended mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', wrapped(sqlState('23505'))],
    ['an invalid value (22P02)', wrapped(sqlState('22P02'))],
    ['a raised exception (P0001)', wrapped(sqlState('P0001'))],
    ['a programming error', new TypeError('x is undefined')],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the answers while PostgreSQL refuses connections', () => {
  let app: FastifyInstance;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused at once.
    handle = await connectPostgres('postgres://postgres@127.0.0.1:1/rede', 2);
    const config = loadConfig({ NODE_ENV: 'test', APP_URL, DEMO_DATA: '0', DATA_DIR: '/tmp/app-test-unreachable' });
    app = await buildApp(config, { db: handle.db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it.each([
    ['the health check', { method: 'GET' as const, url: '/api/health' }],
    ['a public list', { method: 'GET' as const, url: '/api/public/cidades' }],
    [
      'a public sign-up',
      {
        method: 'POST' as const,
        url: '/api/leads',
        payload: {
          eventoId: '0b4f3a52-3f0e-4c7b-9a7e-1f2d3c4b5a69',
          nomeAluno: 'Aluno',
          nomeResponsavel: 'Responsável',
          email: 'aluno@exemplo.com.br',
          telefone: '(19) 98888-7777',
          consentimento: true,
        },
      },
    ],
    [
      'a sign-in',
      { method: 'POST' as const, url: '/api/login', payload: { email: 'a@b.com.br', password: 'x1234567' } },
    ],
    ['a signed-in read', { method: 'GET' as const, url: '/api/leads', headers: { cookie: `sid=${'a'.repeat(43)}` } }],
  ])('%s answers 503 with the pt-BR message and Retry-After', async (_name, request) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  });
});
