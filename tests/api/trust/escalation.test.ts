import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evento } from '../../../src/shared/schemas/evento';
import { EVENTO_MESSAGES } from '../../../src/shared/schemas/evento';
import { confirmLinkFrom, createTestApp, login, readOutbox, type TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';
import { AUTH_MESSAGES } from '../../../src/shared/schemas/auth';
import { USUARIO_MESSAGES } from '../../../src/shared/schemas/usuario';
import { clientePayload, empresaPayload } from '../../support/network-payloads';

/**
 * Privilege escalation by composing allowed calls (TRUST.md): each step is allowed, the sequence must not give
 * an account a read its role may not have (DESIGN §4.1). Reproduced as the attacker played it.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
});
afterAll(() => ctx.close());

function asUpdate(evento: Evento, clienteId: string) {
  return {
    clienteId,
    nomeEscola: evento.nomeEscola,
    tipoEscola: evento.tipoEscola,
    cep: evento.cep ?? '',
    cidade: evento.cidade,
    estado: evento.estado,
    dataDistribuicao: evento.dataDistribuicao,
    dataEvento: evento.dataEvento,
    horario: evento.horario,
    local: evento.local,
    qtdAlunos: evento.qtdAlunos,
    valorTotalDesconto: evento.valorTotalDesconto ?? 0,
    observacao: evento.observacao ?? '',
    cursoIds: [],
  };
}

describe('a vendedor cannot read matrículas through a cliente it creates', () => {
  it('moving one of its events to a cliente it just created is refused, so the new cliente reads none of them', async () => {
    // 1. A cliente with a password the vendedor chose.
    const payload = clientePayload();
    const created = await as(ctx.app, 'vendedor').post('/api/clientes', payload);
    expect(created.statusCode).toBe(201);
    // 2. One of the vendedor's events, with matrículas, moved to that cliente.
    const eventos: Evento[] = (await as(ctx.app, 'vendedor').get('/api/eventos?pageSize=500')).json();
    const withClient = eventos.filter((e) => e.clienteId && e.clienteId !== created.json().id);
    expect(withClient.length).toBeGreaterThan(0);
    for (const evento of withClient) {
      const moved = await as(ctx.app, 'vendedor').put(`/api/eventos/${evento.id}`, asUpdate(evento, created.json().id));
      expect(moved.statusCode).toBe(403);
      expect(moved.json()).toEqual({ message: EVENTO_MESSAGES.moveForbidden });
    }
    // 3. and 4. Signed in as that cliente, the matrículas list is empty.
    const school = await login(ctx.app, payload.email as string, payload.password as string);
    const matriculas = await as(ctx.app, { cookie: school }).get('/api/matriculas');
    expect(matriculas.statusCode).toBe(200);
    expect(matriculas.json()).toEqual([]);
  });

  it('a role that reads matrículas on both sides still moves an event between its clientes', async () => {
    const eventos: Evento[] = (await as(ctx.app, 'micro_franquia').get('/api/eventos?pageSize=500')).json();
    const clienteIds = [...new Set(eventos.map((e) => e.clienteId).filter(Boolean))] as string[];
    expect(clienteIds.length).toBeGreaterThan(1);
    const evento = eventos.find((e) => e.clienteId === clienteIds[0])!;
    const moved = await as(ctx.app, 'micro_franquia').put(
      `/api/eventos/${evento.id}`,
      asUpdate(evento, clienteIds[1]!),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().clienteId).toBe(clienteIds[1]);
  });
});

describe('a login e-mail is changed only by its owner or by the franqueador', () => {
  it("a vendedor or micro-franquia cannot point a school's login at another mailbox; a franquia cannot a micro-franquia's", async () => {
    const payload = clientePayload();
    const school = (await as(ctx.app, 'vendedor').post('/api/clientes', payload)).json();
    const { password: _p, ...edit } = { ...payload, email: 'caixa.do.vendedor@exemplo.com.br' };
    for (const role of ['vendedor', 'micro_franquia'] as const) {
      const response = await as(ctx.app, role).patch(`/api/clientes/${school.id}`, edit);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: USUARIO_MESSAGES.emailChangeForbidden,
        errors: { email: USUARIO_MESSAGES.emailChangeForbidden },
      });
    }
    const micro = empresaPayload();
    const created = (await as(ctx.app, 'franquia').post('/api/micro-franquias', micro)).json();
    const { password: _q, ...microEdit } = { ...micro, email: 'caixa.da.franquia@exemplo.com.br' };
    expect((await as(ctx.app, 'franquia').patch(`/api/micro-franquias/${created.id}`, microEdit)).statusCode).toBe(403);
    // Nothing changed: the accounts still sign in with their own e-mails.
    expect((await login(ctx.app, payload.email as string, payload.password as string)).length).toBeGreaterThan(0);
    expect((await login(ctx.app, micro.email as string, micro.password as string)).length).toBeGreaterThan(0);
  });

  it('the franqueador changes a franquia login e-mail on its edit', async () => {
    const payload = empresaPayload();
    const created = (await as(ctx.app, 'franqueador').post('/api/franquias', payload)).json();
    const { password: _p, ...edit } = { ...payload, email: `novo.${payload.email}` };
    const response = await as(ctx.app, 'franqueador').patch(`/api/franquias/${created.id}`, edit);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(edit.email);
  });

  it('the owner changes its own: current password, a link to the new mailbox, a notice to the old one', async () => {
    const payload = clientePayload();
    await as(ctx.app, 'vendedor').post('/api/clientes', payload);
    const session = await login(ctx.app, payload.email as string, payload.password as string);
    const newEmail = `nova.caixa.${payload.email}`;
    const wrong = await as(ctx.app, { cookie: session }).post('/api/user/email', {
      email: newEmail,
      password: 'errada123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: AUTH_MESSAGES.emailChangeWrongPassword,
      errors: { password: AUTH_MESSAGES.emailChangeWrongPassword },
    });
    const taken = await as(ctx.app, { cookie: session }).post('/api/user/email', {
      email: 'cliente@demo.com.br',
      password: payload.password,
    });
    expect(taken.statusCode).toBe(409);
    const asked = await as(ctx.app, { cookie: session }).post('/api/user/email', {
      email: newEmail,
      password: payload.password,
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: AUTH_MESSAGES.emailChangeSent });
    await ctx.app.background.drain();
    const mail = readOutbox(ctx.dataDir).at(-1)!;
    expect(mail).toContain(`To: ${newEmail}`);
    // Until confirmed, nothing changed.
    expect((await login(ctx.app, payload.email as string, payload.password as string)).length).toBeGreaterThan(0);
    const link = confirmLinkFrom(mail);
    const confirmed = await ctx.app.inject({ method: 'GET', url: link });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: AUTH_MESSAGES.emailChanged });
    await ctx.app.background.drain();
    expect(readOutbox(ctx.dataDir).at(-1)).toContain(`To: ${payload.email}`);
    const again = await ctx.app.inject({ method: 'GET', url: link });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.emailChangeLinkInvalid });
    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: payload.email, password: payload.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    expect((await login(ctx.app, newEmail, payload.password as string)).length).toBeGreaterThan(0);
  });

  it('an e-mail change link is never a password reset link', async () => {
    const payload = clientePayload();
    await as(ctx.app, 'vendedor').post('/api/clientes', payload);
    const session = await login(ctx.app, payload.email as string, payload.password as string);
    await as(ctx.app, { cookie: session }).post('/api/user/email', {
      email: `x.${payload.email}`,
      password: payload.password,
    });
    await ctx.app.background.drain();
    const token = new URLSearchParams(confirmLinkFrom(readOutbox(ctx.dataDir).at(-1)!).split('?')[1]).get('token')!;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'tomada123', confirmPassword: 'tomada123' },
    });
    expect(reset.statusCode).toBe(400);
  });
});
