import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';
import { empresaPayload } from '../../support/network-payloads';
import { auditLog, users } from '../../../src/server/db/schema';
import { CHAVE_PIX_MESSAGES } from '../../../src/shared/schemas/chave-pix';
import { LANCAMENTO_MESSAGES } from '../../../src/shared/schemas/comissao';

/**
 * Issue 44, ADR 088: the network's "a franquia closes its own months" flag (GET/PUT /api/comissoes/configuracao) --
 * read by the franqueador and its franquias, set by the franqueador alone, audited; and the PIX key on the franquia's
 * and micro-franquia's records, for the roles that edit them, checked by the shared PIX-key schema.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// A CPF with valid check digits and a CNPJ likewise: keys the Banco Central's directory would hold.
const CPF_CHAVE = '52998224725';

describe('GET/PUT /api/comissoes/configuracao', () => {
  it('starts closed to franquias; the franqueador opens it, audited, and its franquia reads the change', async () => {
    const inicial = await as(ctx.app, 'franquia').get('/api/comissoes/configuracao');
    expect(inicial.statusCode, inicial.body).toBe(200);
    expect(inicial.json()).toEqual({ franquiaFecha: false });

    const put = await as(ctx.app, 'franqueador').put('/api/comissoes/configuracao', { franquiaFecha: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ franquiaFecha: true });
    expect((await as(ctx.app, 'franquia').get('/api/comissoes/configuracao')).json()).toEqual({ franquiaFecha: true });
    expect((await as(ctx.app, 'franqueador').get('/api/comissoes/configuracao')).json()).toEqual({
      franquiaFecha: true,
    });

    const [row] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.acao, 'rede.configurar_comissoes'))
      .orderBy(desc(auditLog.em))
      .limit(1);
    expect(row).toMatchObject({ alteracoes: { franquiaFecha: [false, true] } });

    // Back as it was: the other cases read the network's default.
    await as(ctx.app, 'franqueador').put('/api/comissoes/configuracao', { franquiaFecha: false });
  });

  it('refuses the franquia and the roles outside the ledger; a bad body is a pt-BR 400', async () => {
    expect((await as(ctx.app, 'franquia').put('/api/comissoes/configuracao', { franquiaFecha: true })).statusCode).toBe(
      403,
    );
    for (const role of ['micro_franquia', 'vendedor', 'cliente'] as const)
      expect((await as(ctx.app, role).get('/api/comissoes/configuracao')).statusCode).toBe(403);
    const bad = await as(ctx.app, 'franqueador').put('/api/comissoes/configuracao', { franquiaFecha: 'sim' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ franquiaFecha: LANCAMENTO_MESSAGES.franquiaFecha });
    const extra = await as(ctx.app, 'franqueador').put('/api/comissoes/configuracao', {
      franquiaFecha: true,
      franqueadorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(extra.statusCode).toBe(400);
    expect((await as(ctx.app, 'franquia').get('/api/comissoes/configuracao')).json()).toEqual({ franquiaFecha: false });
  });

  it('a franquia closes a month only once the network allows it', async () => {
    const periodo = '2020-01';
    const antes = await as(ctx.app, 'franquia').post('/api/comissoes/fechamentos', { periodo });
    expect(antes.statusCode).toBe(403);
    expect(antes.json().message).toBe(LANCAMENTO_MESSAGES.franquiaNaoFecha);
    await as(ctx.app, 'franqueador').put('/api/comissoes/configuracao', { franquiaFecha: true });
    const depois = await as(ctx.app, 'franquia').post('/api/comissoes/fechamentos', { periodo });
    expect(depois.statusCode, depois.body).toBe(201);
    await as(ctx.app, 'franqueador').put('/api/comissoes/configuracao', { franquiaFecha: false });
  });
});

describe('chavePix on the franquia and micro-franquia records', () => {
  it('the franqueador sets a franquia key (stored as the directory keeps it), clears it, and a bad one is refused', async () => {
    const { password: _p, ...payload } = empresaPayload();
    const created = await as(ctx.app, 'franqueador').post('/api/franquias', { ...payload, password: 'segredo123' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().user.chavePix).toBeNull();

    const set = await as(ctx.app, 'franqueador').patch(`/api/franquias/${id}`, {
      ...payload,
      chavePix: '529.982.247-25',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user.chavePix).toBe(CPF_CHAVE);
    const [user] = await ctx.handle.db
      .select({ chavePix: users.chavePix })
      .from(users)
      .where(eq(users.email, payload.email));
    expect(user?.chavePix).toBe(CPF_CHAVE);

    // An edit that does not name the key keeps it.
    const kept = await as(ctx.app, 'franqueador').patch(`/api/franquias/${id}`, { ...payload, cidade: 'Campinas' });
    expect(kept.json().user.chavePix).toBe(CPF_CHAVE);

    const bad = await as(ctx.app, 'franqueador').patch(`/api/franquias/${id}`, {
      ...payload,
      chavePix: '529.982.247-26',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ chavePix: CHAVE_PIX_MESSAGES.cpf });

    const cleared = await as(ctx.app, 'franqueador').patch(`/api/franquias/${id}`, { ...payload, chavePix: '' });
    expect(cleared.json().user.chavePix).toBeNull();

    const [audited] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'franquia.editar'), eq(auditLog.entidadeId, id)))
      .orderBy(desc(auditLog.em))
      .limit(1);
    expect(JSON.stringify(audited?.alteracoes)).toContain('chavePix');
  });

  it('the franquia sets its micro-franquia key at creation and on edit', async () => {
    const { password: _p, ...payload } = empresaPayload();
    const created = await as(ctx.app, 'franquia').post('/api/micro-franquias', {
      ...payload,
      password: 'segredo123',
      chavePix: 'Pagamentos@Micro.com.br',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user.chavePix).toBe('pagamentos@micro.com.br');
    const edited = await as(ctx.app, 'franquia').patch(`/api/micro-franquias/${created.json().id}`, {
      ...payload,
      chavePix: '+55 11 98765-4321',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().user.chavePix).toBe('+5511987654321');
    const bad = await as(ctx.app, 'franquia').patch(`/api/micro-franquias/${created.json().id}`, {
      ...payload,
      chavePix: 'pix do micro',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ chavePix: CHAVE_PIX_MESSAGES.invalida });
  });
});
