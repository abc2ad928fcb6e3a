import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { createTestApp, loginAs, readOutbox, resetLinkFrom, type TestContext } from '../../setup/test-app';
import { clientePayload, uniqueCnpj, uniqueCpf } from '../../support/network-payloads';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';
import { users } from '../../../src/server/db/schema';
import { ROLES } from '../../../src/shared/roles';

/**
 * Secrets and personal data in logs (TRUST.md): the app runs at the most verbose level, every /api route of the
 * access matrix is called as a visitor and as every role with bodies, queries and paths full of known personal
 * values, and the real flows that carry secrets (a reset link, a failed sign-in, a search, a duplicate, a NUL)
 * run too. Then every log line is searched for every value sent, masked or not.
 */

const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };

const SECRET = {
  nome: 'Quitéria Zebulona Tamandaré',
  email: 'quiteria.zebulona@segredo.com.br',
  telefone: '11976543210',
  cpf: uniqueCpf(),
  cnpj: uniqueCnpj(),
  password: 'SenhaSecreta#4711',
  search: 'Zebulona',
  token: 'tok_3f9a1c7e5b2d4a6c8e0f',
};

const matrix = JSON.parse(readFileSync(new URL('../access-matrix.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

const body = {
  nome: SECRET.nome,
  nomeFantasia: SECRET.nome,
  razaoSocial: SECRET.nome,
  repLegal: SECRET.nome,
  responsavel: SECRET.nome,
  email: SECRET.email,
  telefone: SECRET.telefone,
  cpf: SECRET.cpf,
  cnpj: SECRET.cnpj,
  password: SECRET.password,
  newPassword: SECRET.password,
  confirmPassword: SECRET.password,
  token: SECRET.token,
  descricao: SECRET.nome,
  observacao: SECRET.email,
};

/** Secrets the app itself made during the run: the reset token, the new password's hash. */
const SECRETS_SEEN: string[] = [];
let ctx: TestContext;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp(
    { LOG_LEVEL: 'trace', RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_FORGOT_PASSWORD: '1000', RATE_LIMIT_PUBLIC: '1000' },
    { logStream: stream },
  );
  for (const role of ROLES) cookies[role] = await loginAs(ctx.app, role);
});
afterAll(() => ctx.close());

/** A value as the log might carry it: as sent, lower-cased, digits only, or URL-encoded. */
function forms(value: string): string[] {
  const digits = value.replace(/\D/g, '');
  return [value, value.toLowerCase(), encodeURIComponent(value), ...(digits.length >= 8 ? [digits] : [])];
}

describe('the server log never holds a secret or a personal value', () => {
  it('while every route is called with personal values in its path, query and body, as everyone', async () => {
    const callers = ['anonymous', ...ROLES] as const;
    let calls = 0;
    for (const route of Object.keys(matrix)) {
      const [method, path] = route.split(' ') as [string, string];
      const url = `${path.replace(/:\w+/g, encodeURIComponent(SECRET.email))}?q=${encodeURIComponent(SECRET.search)}&token=${SECRET.token}&email=${encodeURIComponent(SECRET.email)}&page=1`;
      for (const caller of callers) {
        await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: caller === 'anonymous' ? {} : { cookie: cookies[caller]! },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body }),
        });
        calls += 1;
      }
    }
    expect(calls).toBe(Object.keys(matrix).length * 7);
    // Every route of the matrix times seven callers: past 600 calls, longer than one request's default.
  }, 60_000);

  it('while the flows that carry secrets run: reset link, failed sign-in, search, duplicate, bad JSON, NUL', async () => {
    const { app } = ctx;
    // The run above signed every role out (POST /api/logout).
    for (const role of ROLES) cookies[role] = await loginAs(app, role);
    // A reset link (its token in the URL) requested, opened and used.
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: DEMO_ACCOUNTS.cliente } });
    await app.background.drain(); // the mail is written in the background
    const link = resetLinkFrom(readOutbox(ctx.dataDir).at(-1)!);
    const token = new URL(link).searchParams.get('token')!;
    SECRETS_SEEN.push(token);
    await app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: SECRET.password, confirmPassword: SECRET.password },
    });
    const [stored] = await ctx.handle.db
      .select({ hash: users.password })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.cliente));
    SECRETS_SEEN.push(stored!.hash!);
    // A sign-in with a wrong password and one with an unknown e-mail.
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNTS.franquia, password: SECRET.password },
    });
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: SECRET.email, password: SECRET.password },
    });
    // Searches with a name, an e-mail and a phone; a CSV export filtered by name.
    for (const q of [SECRET.search, SECRET.email, SECRET.telefone]) {
      await app.inject({
        method: 'GET',
        url: `/api/leads?q=${encodeURIComponent(q)}`,
        headers: { cookie: cookies.franqueador! },
      });
    }
    await app.inject({
      method: 'GET',
      url: `/api/leads/export.csv?q=${SECRET.search}`,
      headers: { cookie: cookies.franqueador! },
    });
    // A cliente created with the secret values, then again (409 on the taken e-mail and CNPJ).
    const payload = clientePayload({
      email: SECRET.email,
      cnpj: SECRET.cnpj,
      cpf: SECRET.cpf,
      repLegal: SECRET.nome,
      telefone: SECRET.telefone,
      password: SECRET.password,
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { cookie: cookies.micro_franquia! },
      payload,
    });
    expect(created.statusCode).toBe(201);
    const again = await app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { cookie: cookies.micro_franquia! },
      payload,
    });
    expect(again.statusCode).toBe(409);
    // A body that is not JSON, quoting a secret; a NUL in a name with the other values valid.
    await app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { cookie: cookies.micro_franquia!, 'content-type': 'application/json' },
      payload: `{"email": "${SECRET.email}", ${SECRET.cpf}`,
    });
    const nul = await app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { cookie: cookies.micro_franquia! },
      payload: clientePayload({
        nomeFantasia: `Escola\u0000${SECRET.nome}`,
        email: `outro.${SECRET.email}`,
        cpf: SECRET.cpf,
        telefone: SECRET.telefone,
        password: SECRET.password,
      }),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      message: 'Texto com caracteres inválidos',
      errors: { nomeFantasia: 'Texto com caracteres inválidos' },
    });
  });

  it('searched line by line: none holds a value it was sent', () => {
    const values = [...Object.values(SECRET), ...SECRETS_SEEN].flatMap(forms);
    const leaks = lines.filter((line) => values.some((value) => line.includes(value)));
    expect(lines.length).toBeGreaterThan(700);
    expect(leaks).toEqual([]);
    // The log still says what happened: method, path and status of each request.
    expect(lines.some((line) => line.includes('"url":"/api/leads?page=1"'))).toBe(true);
    expect(lines.some((line) => line.includes('"statusCode":409'))).toBe(true);
    console.info(`log hygiene: ${lines.length} lines scanned for ${values.length} value forms, 0 leaks`);
  });
});
