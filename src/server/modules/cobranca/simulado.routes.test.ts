import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { auditLog, cobrancaEventos, matriculas, parcelas } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { loadConfig } from '../../config';
import { PARCELA_MESSAGES, type ParcelaItem } from '../../../shared/schemas/parcela';
import { criarPlano } from './plano.service';
import { fromCentavos } from '../../../shared/money/parcelas';

/**
 * Issue 43 (ADR 071): the simulated gateway, the default outside production -- the demo bills with no account
 * anywhere, and 'Simular pagamento' pays a parcela through the webhook's own code; the aluno reads its parcelas.
 */

let ctx: TestContext;
let marianaId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const [mariana] = await ctx.handle.db
    .select({ id: matriculas.id })
    .from(matriculas)
    .where(eq(matriculas.email, DEMO_ACCOUNTS.aluno));
  marianaId = mariana!.id;
});
afterAll(() => ctx.close());

const parcelasDe = (matriculaId: string) =>
  ctx.handle.db.select().from(parcelas).where(eq(parcelas.matriculaId, matriculaId)).orderBy(asc(parcelas.numero));

describe('COBRANCA_PROVEDOR', () => {
  it('is simulado by default outside production, off in production unless set, and never simulado in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).cobranca.provedor).toBe('simulado');
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://x@h/db' }).cobranca.provedor).toBe('simulado');
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '0' }).cobranca.provedor).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: '0', COBRANCA_PROVEDOR: 'simulado' })).toThrow(
      /COBRANCA_PROVEDOR/,
    );
    expect(() => loadConfig({ COBRANCA_PROVEDOR: 'asaas', ASAAS_API_KEY: 'k' })).toThrow(
      /ASAAS_API_URL: required[\s\S]*ASAAS_WEBHOOK_TOKEN: required/,
    );
    const asaas = loadConfig({
      COBRANCA_PROVEDOR: 'asaas',
      ASAAS_API_URL: 'https://api-sandbox.example.com/v3',
      ASAAS_API_KEY: 'chave',
      ASAAS_WEBHOOK_TOKEN: 'um-token-longo-o-bastante',
    }).cobranca;
    expect(asaas).toMatchObject({ provedor: 'asaas', asaas: { apiKey: 'chave' } });
  });
});

describe('the simulated gateway', () => {
  it("bills the demo aluno's accepted contract, and 'Simular pagamento' pays a parcela through the webhook path", async () => {
    await criarPlano(ctx.app, marianaId);
    const rows = await parcelasDe(marianaId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((p) => p.provedor === 'simulado' && p.gatewayId.startsWith('pay_sim_'))).toBe(true);
    const aberta = rows.find((p) => p.status === 'aberta')!;
    const response = await as(ctx.app, 'cliente').post(`/api/parcelas/${aberta.id}/simular-pagamento`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string; parcela: ParcelaItem }>()).toMatchObject({
      message: PARCELA_MESSAGES.pagamentoSimulado,
      parcela: { id: aberta.id, status: 'paga', valorLiquido: fromCentavos(aberta.valorCentavos) },
    });
    // The same path as the gateway's webhook: an event stored and applied, audited once, as the staff member's act.
    const eventos = await ctx.handle.db.select().from(cobrancaEventos).where(eq(cobrancaEventos.parcelaId, aberta.id));
    expect(eventos).toHaveLength(1);
    expect(eventos[0]).toMatchObject({ provedor: 'simulado', tipo: 'PAYMENT_RECEIVED', resultado: 'aplicado' });
    const acoes = (await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entidadeId, aberta.id))).map(
      (a) => a.acao,
    );
    expect(acoes).toEqual(['parcela.simular_pagamento']);
    const [staff] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, aberta.id), eq(auditLog.acao, 'parcela.simular_pagamento')));
    expect(staff!.usuarioId).not.toBeNull();
    expect(staff!.papel).toBe('cliente');
    expect(staff!.alteracoes).toMatchObject({ status: ['aberta', 'paga'] });
    // Paid already: a second simulation is refused.
    const again = await as(ctx.app, 'cliente').post(`/api/parcelas/${aberta.id}/simular-pagamento`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PARCELA_MESSAGES.simulacaoStatus });
  });

  it("shows the aluno its own parcelas at GET /api/user/parcelas, and the matrícula's, never another's", async () => {
    const mine = await as(ctx.app, 'aluno').get('/api/user/parcelas');
    expect(mine.statusCode, mine.body).toBe(200);
    const lista = mine.json<ParcelaItem[]>();
    expect(lista.length).toBeGreaterThan(0);
    expect(lista.every((p) => p.matriculaId === marianaId && p.aluno === 'Mariana Costa')).toBe(true);
    expect(lista.some((p) => p.status === 'paga')).toBe(true);
    expect(lista.every((p) => p.pixCopiaECola?.startsWith('PIX-SIMULADO-'))).toBe(true);
    expect((await as(ctx.app, 'aluno').get(`/api/matriculas/${marianaId}/parcelas`)).statusCode).toBe(200);
    const [alheia] = await ctx.handle.db
      .select({ id: matriculas.id })
      .from(matriculas)
      .where(eq(matriculas.nome, 'Helena Duarte'));
    expect((await as(ctx.app, 'aluno').get(`/api/matriculas/${alheia!.id}/parcelas`)).statusCode).toBe(404);
    expect((await as(ctx.app, 'franqueador').get('/api/user/parcelas')).statusCode).toBe(403);
    // The aluno never simulates, and another network's staff never reach the parcela.
    const [p] = await parcelasDe(marianaId);
    expect((await as(ctx.app, 'aluno').post(`/api/parcelas/${p!.id}/simular-pagamento`)).statusCode).toBe(403);
  });
});

describe('simular-pagamento in production', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      COBRANCA_PROVEDOR: 'asaas',
      ASAAS_API_URL: 'http://127.0.0.1:9/v3',
      ASAAS_API_KEY: 'chave-de-teste',
      ASAAS_WEBHOOK_TOKEN: 'token-do-webhook-de-producao',
    });
  });
  afterAll(() => prod.close());

  it('is refused with 403, whatever the parcela', async () => {
    const [p] = await prod.handle.db.select({ id: parcelas.id }).from(parcelas).limit(1);
    const id = p?.id ?? '00000000-0000-4000-8000-000000000000';
    const response = await as(prod.app, 'franqueador').post(`/api/parcelas/${id}/simular-pagamento`);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ message: PARCELA_MESSAGES.simulacaoEmProducao });
  });
});
