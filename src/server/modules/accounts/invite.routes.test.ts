import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import { PASSWORD_MESSAGES, FIELD_MESSAGES } from '../../../shared/schemas/fields';
import { createTestApp, readOutbox, resetLinkFrom, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { clientePayload, empresaPayload, vendedorPayload } from '../../../../tests/support/network-payloads';

/**
 * 'Enviar convite' (issue 14, finding 1): a new franquia, micro-franquia, cliente or vendedor account may start
 * without a password typed by its creator; the person gets a set-password link and nobody else knows it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const cases: { what: string; creator: Role; url: string; payload: () => Record<string, unknown> }[] = [
  { what: 'a franquia', creator: 'franqueador', url: '/api/franquias', payload: () => empresaPayload() },
  { what: 'a micro-franquia', creator: 'franquia', url: '/api/micro-franquias', payload: () => empresaPayload() },
  { what: 'a cliente', creator: 'vendedor', url: '/api/clientes', payload: () => clientePayload() },
  { what: 'a vendedor', creator: 'micro_franquia', url: '/api/vendedores', payload: () => vendedorPayload() },
];

async function signIn(email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

describe.each(cases)('Enviar convite for $what', ({ creator, url, payload }) => {
  it('creates the account without a password and e-mails the person a set-password link that works', async () => {
    const { password: _typed, ...body } = payload();
    const email = String(body.email);
    const created = await as(ctx.app, creator).post(url, { ...body, enviarConvite: true });
    expect(created.statusCode).toBe(201);
    await ctx.app.background.drain();

    const invite = readOutbox(ctx.dataDir).findLast((eml) => eml.includes(`To: ${email}`));
    expect(invite).toMatch(/Subject: Convite: defina sua senha de acesso/);
    // Nobody can sign in before the person sets a password: not with the SPEC payload's, not with an empty one.
    expect((await signIn(email, 'segredo123')).statusCode).toBe(401);

    const token = new URL(resetLinkFrom(invite!)).searchParams.get('token')!;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'minha-senha-propria-42' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, 'minha-senha-propria-42')).statusCode).toBe(200);
  });

  it('refuses the invite with a typed password, and neither, with pt-BR messages, creating nothing', async () => {
    const both = await as(ctx.app, creator).post(url, { ...payload(), enviarConvite: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toMatchObject({ password: PASSWORD_MESSAGES.inviteWithPassword });

    const { password: _typed, ...body } = payload();
    const neither = await as(ctx.app, creator).post(url, body);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toMatchObject({ password: FIELD_MESSAGES.password });
    expect((await signIn(String(body.email), 'segredo123')).statusCode).toBe(401);
  });
});

it('still takes the SPEC payload with a typed password, and sends no invite for it', async () => {
  const body = empresaPayload();
  await ctx.app.background.drain();
  const before = readOutbox(ctx.dataDir).length;
  const created = await as(ctx.app, 'franqueador').post('/api/franquias', body);
  expect(created.statusCode).toBe(201);
  await ctx.app.background.drain();
  expect(
    readOutbox(ctx.dataDir)
      .slice(before)
      .filter((eml) => eml.includes(`To: ${body.email}`)),
  ).toEqual([]);
  expect((await signIn(body.email, body.password)).statusCode).toBe(200);
});
