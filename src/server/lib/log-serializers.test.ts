import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { EMAIL_MASK, loggablePath, maskEmails, serializeError } from './log-serializers';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { statementName } from '../db/statement-name';

const CPF = '52998224725';
const EMAIL = 'mae.da.aluna@exemplo.com.br';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

describe('serializeError', () => {
  it('logs a failed query by SQLSTATE and statement name, never its bound parameters or the offending value', () => {
    const pgError = Object.assign(new Error(`invalid byte sequence for encoding "UTF8": 0x00 (${EMAIL})`), {
      code: '22021',
      severity: 'ERROR',
      detail: `Key (email)=(${EMAIL}) already exists.`,
      table: 'users',
      constraint: 'users_email_unique',
    });
    const query = 'insert into "users" ("email", "password", "cpf") values ($1, $2, $3)';
    const error = new DrizzleQueryError(query, [EMAIL, HASH, CPF], pgError);
    const logged = JSON.stringify(serializeError(error));
    for (const secret of [EMAIL, HASH, CPF]) expect(logged).not.toContain(secret);
    expect(serializeError(error)).toMatchObject({
      message: `query failed (statement ${statementName(query)})`,
      statement: statementName(query),
      cause: { code: '22021', message: 'database error 22021', table: 'users', constraint: 'users_email_unique' },
    });
  });

  it("drops the message of a parser's error and of Fastify's, which quote the client's input", () => {
    let syntax: unknown;
    try {
      JSON.parse(`{"cpf": ${CPF}, "email": "${EMAIL}"`);
    } catch (error) {
      syntax = error;
    }
    const fastify = Object.assign(new Error(`'/api/x/${EMAIL}' is not a valid url component`), {
      code: 'FST_ERR_BAD_URL',
      statusCode: 400,
    });
    for (const error of [syntax, fastify]) {
      const logged = JSON.stringify(serializeError(error));
      expect(logged).not.toContain(EMAIL);
      expect(logged).not.toContain(CPF);
    }
    expect(serializeError(fastify)).toMatchObject({ code: 'FST_ERR_BAD_URL', statusCode: 400 });
  });

  it("keeps the app's own errors readable, with their stack", () => {
    const logged = serializeError(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(logged.stack).toMatch(/^\s+at /);
  });
});

describe('loggablePath', () => {
  it('keeps the route, its ids and the harmless query parameters only', () => {
    const id = '6f1c2a9e-3b7d-4c1e-9f20-8a5b6c7d8e9f';
    expect(loggablePath(`/api/clientes/${id}?page=2&q=Maria`, { url: '/api/clientes/:id', params: { id } })).toBe(
      `/api/clientes/${id}?page=2`,
    );
    expect(loggablePath('/api/cep/01310100', { url: '/api/cep/:cep', params: { cep: '01310100' } })).toBe(
      '/api/cep/:cep',
    );
    expect(loggablePath('/reset-password?token=abc123')).toBe('/reset-password');
    // A voucher's token in the page's path (issue 20), while a hashed asset keeps its name.
    expect(loggablePath('/voucher/kq3ZpX0-_9aBcDeFgHiJkLmNoPqRsTuVwXyZ012345')).toBe('/voucher/:value');
    // A declaration's code (issue 23) is short, yet it opens the declaration's page: never in the log either.
    expect(loggablePath('/declaracao/A1B2C3D4')).toBe('/declaracao/:value');
    // So is an accepted contract's verification code (ADR 066), and its link's token.
    expect(loggablePath('/contrato/verificar/3F2A9C1B7E4D')).toBe('/contrato/verificar/:value');
    expect(loggablePath('/contrato/R3WnzNGfqWFvwfi4t--C5VYn1dwzyf4KzBWVE52Mym4')).toBe('/contrato/:value');
    // And the responsável's link to its parcelas (ADR 078), whatever its length.
    expect(loggablePath('/parcelas/R3WnzNGfqWFvwfi4t--C5VYn1dwzyf4KzBWVE52Mym4')).toBe('/parcelas/:value');
    expect(loggablePath('/parcelas/abc')).toBe('/parcelas/:value');
    expect(loggablePath('/financeiro/parcelas')).toBe('/financeiro/parcelas');
    expect(loggablePath('/assets/lead-lists-D3f9aB1c.js')).toBe('/assets/lead-lists-D3f9aB1c.js');
    expect(loggablePath(`/x/${encodeURIComponent(EMAIL)}/${CPF}/assets`)).toBe('/x/:value/:value/assets');
    expect(loggablePath('/api/leads?status=ativos&pageSize=50&email=a%40b.c')).toBe(
      '/api/leads?status=ativos&pageSize=50',
    );
  });
});

describe('no e-mail address in any log line (issue 39, item 12)', () => {
  const ADDRESS = 'responsavel.financeiro@escola-exemplo.com.br';

  const lines: string[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => ctx.close());

  it('masks an address in a message, a field, an error and a nested object, and keeps the rest of the line', () => {
    ctx.app.log.info(`franqueador ${ADDRESS} created`);
    ctx.app.log.info({ para: ADDRESS, detalhe: { copia: `Cc: <${ADDRESS}>` } }, 'e-mail queued');
    ctx.app.log.warn({ err: new Error(`550 mailbox ${ADDRESS} unavailable`) }, 'send failed');
    ctx.app.log.info('%s signed in', ADDRESS);
    const ours = lines.filter((line) => /created|queued|send failed|signed in/.test(line));
    expect(ours).toHaveLength(4);
    for (const line of ours) {
      expect(line).not.toContain(ADDRESS);
      expect(line).not.toContain('@escola-exemplo');
      // Still one JSON line, with the rest of what was logged.
      expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
    expect(JSON.parse(ours[0]!)).toMatchObject({ msg: `franqueador ${EMAIL_MASK} created` });
    expect(JSON.parse(ours[1]!)).toMatchObject({ para: EMAIL_MASK, detalhe: { copia: `Cc: <${EMAIL_MASK}>` } });
    expect(JSON.parse(ours[2]!)).toMatchObject({ err: { message: `550 mailbox ${EMAIL_MASK} unavailable` } });
  });

  it('leaves alone what only looks like one: a scoped package in a stack frame, a bare @', () => {
    const frame = 'at run (/srv/app/node_modules/@fastify/rate-limit/index.js:10:3)';
    expect(maskEmails(frame)).toBe(frame);
    expect(maskEmails('preço @ 10.50')).toBe('preço @ 10.50');
    expect(maskEmails(`Para: ${EMAIL}; cópia: ${ADDRESS}.`)).toBe(`Para: ${EMAIL_MASK}; cópia: ${EMAIL_MASK}.`);
  });
});
