import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import { efetivarParamsSchema } from '../../../shared/schemas/funnel';
import {
  PARCELA_MESSAGES,
  asaasWebhookSchema,
  parcelaItemSchema,
  parcelaMensagemSchema,
  parcelaParamsSchema,
  parcelasListQuerySchema,
  simularPagamentoQuerySchema,
  webhookRecebidoSchema,
} from '../../../shared/schemas/parcela';
import { fromCentavos } from '../../../shared/money/parcelas';
import { HttpError, notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import {
  type ParcelaRow,
  listParcelas,
  matriculaNoEscopo,
  parcelasDaMatricula,
  parcelasDoAluno,
} from './cobranca.repository';
import { executarPlano } from './plano.service';
import { darBaixa } from './baixa.service';
import { executarBaixaNoGateway, executarEncerramento, executarTaxa } from './encerramento.service';
import { BAIXA_MESSAGES, baixaBodySchema } from '../../../shared/schemas/parcela-baixa';
import { receberEvento, simularPagamento, tokenConfere } from './webhook.service';
import {
  configuracaoDaCobranca,
  executarRenegociacao,
  renegociacaoView,
  renegociar,
  salvarConfiguracaoDaCobranca,
} from './renegociacao.service';
import { renegociacoesDaMatricula } from './renegociacao.repository';
import {
  RENEGOCIACAO_MESSAGES,
  cobrancaConfiguracaoSchema,
  renegociacaoFeitaSchema,
  renegociacaoItemSchema,
  renegociarBodySchema,
} from '../../../shared/schemas/renegociacao';
import type { ParcelaTipo, ProvedorCobranca } from '../../../shared/cobranca/parcelas';
import {
  CONCILIACAO_MESSAGES,
  conciliacaoExecutadaSchema,
  conciliacaoViewSchema,
} from '../../../shared/schemas/conciliacao';
import { executarConciliacao, verConciliacao } from './conciliacao.service';
import { executarFaturaDeRoyalties } from './royalties-fatura.service';

/** A parcela as the API answers it: money in reais (two decimals), dates as YYYY-MM-DD. */
export const parcelaView = (p: ParcelaRow): z.infer<typeof parcelaItemSchema> => ({
  id: p.id,
  matriculaId: p.matriculaId,
  numero: Number(p.numero),
  totalParcelas: Number(p.totalParcelas),
  renegociacao: Boolean(p.renegociacao),
  valor: fromCentavos(p.valorCentavos),
  vencimento: p.vencimento,
  status: p.status,
  pagaEm: p.pagaEm,
  valorLiquido: p.valorLiquidoCentavos === null ? null : fromCentavos(p.valorLiquidoCentavos),
  provedor: p.provedor as ProvedorCobranca,
  invoiceUrl: p.invoiceUrl,
  bankSlipUrl: p.bankSlipUrl,
  pixCopiaECola: p.pixCopiaECola,
  aluno: p.aluno,
  cursoTitulo: p.cursoTitulo,
  tipo: p.tipo as ParcelaTipo,
  baixa:
    p.baixaEm && p.baixaObservacao !== null
      ? { em: p.baixaEm.toISOString(), por: p.baixaPor, observacao: p.baixaObservacao }
      : null,
});

/** The aluno's view of a parcela: a baixa's note and who gave it are the staff's (ADR 076). */
const parcelaDoAlunoView = (p: ParcelaRow) => ({ ...parcelaView(p), baixa: null });

/**
 * Cobrança (issue 43, first slice; ADR 071): the gateway's webhook, the simulated payment of development, and the
 * parcelas as the staff's list, the matrícula's record and the aluno's page read them. The plan's job is
 * registered here too.
 */
export async function cobrancaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register('cobranca_plano', (job) => executarPlano(app, job), { aoMesmoTempo: 2 });
  // ADR 076: a baixa's payment cancelled at the gateway; a withdrawal's or cancellation's parcelas closed there; a
  // cancellation's fee billed.
  app.jobs.register('cobranca_baixa', (job) => executarBaixaNoGateway(app, job), { aoMesmoTempo: 2 });
  app.jobs.register('cobranca_encerramento', (job) => executarEncerramento(app, job), { aoMesmoTempo: 2 });
  app.jobs.register('cobranca_taxa', (job) => executarTaxa(app, job), { aoMesmoTempo: 2 });
  // ADR 079: a renegotiation's old payments closed and its new plan billed at the gateway.
  app.jobs.register('cobranca_renegociacao', (job) => executarRenegociacao(app, job), { aoMesmoTempo: 2 });
  // ADR 089: a closed royalties statement's balance billed to its franquia.
  app.jobs.register('royalties_fatura', (job) => executarFaturaDeRoyalties(app, job), { aoMesmoTempo: 2 });
  // ADR 080: the reconciliation with the gateway, daily (off with billing off).
  app.jobs.daily('cobranca_conciliacao', async () => {
    if (!app.config.cobranca.provedor) return;
    const r = await executarConciliacao(app, 'diaria', null);
    app.log.info({ corrigidas: r.corrigidas, pendentes: r.pendentes }, 'gateway reconciliation done');
  });
  if (app.config.cobranca.provedor === null) {
    app.log.warn('billing is off: set COBRANCA_PROVEDOR=asaas to bill accepted contracts');
  }

  // The gateway calls it with its token in a header, no session; the token is checked before the body is validated
  // or anything is read or written (a body too large or not JSON is refused by the transport first, as everywhere).
  app.post(
    '/api/webhooks/asaas',
    {
      schema: { body: asaasWebhookSchema, response: { 200: webhookRecebidoSchema } },
      config: { access: 'token' },
      preValidation: async (request) => {
        if (!tokenConfere(app.config.cobranca.webhookToken, request.headers['asaas-access-token'])) {
          throw new HttpError(401, PARCELA_MESSAGES.tokenInvalido);
        }
      },
    },
    async (request) => {
      await receberEvento(app, 'asaas', request.body);
      return { recebido: true };
    },
  );

  app.post(
    '/api/parcelas/:id/simular-pagamento',
    {
      schema: {
        params: parcelaParamsSchema,
        querystring: simularPagamentoQuerySchema,
        response: { 200: parcelaMensagemSchema },
      },
      config: { access: rolesFor('parcelas.simularPagamento') },
    },
    async (request) => {
      const semAviso = request.query.semAviso === 'true';
      const parcela = await simularPagamento(app, request.actor!, request.params.id, semAviso);
      return {
        message: semAviso ? PARCELA_MESSAGES.pagamentoSimuladoSemAviso : PARCELA_MESSAGES.pagamentoSimulado,
        parcela: parcelaView(parcela),
      };
    },
  );

  // ADR 076: a parcela paid at the school, marked paid by staff with the day and a note.
  app.post(
    '/api/parcelas/:id/baixa',
    {
      schema: { params: parcelaParamsSchema, body: baixaBodySchema, response: { 200: parcelaMensagemSchema } },
      config: { access: rolesFor('parcelas.baixa') },
    },
    async (request) => {
      const parcela = await darBaixa(app, request.actor!, request.params.id, request.body);
      return { message: BAIXA_MESSAGES.baixaFeita, parcela: parcelaView(parcela) };
    },
  );

  // ADR 079: a matrícula's open parcelas replaced by a new plan; its history; the network's cap on the discount.
  app.post(
    '/api/matriculas/:id/renegociar',
    {
      schema: {
        params: efetivarParamsSchema,
        body: renegociarBodySchema,
        response: { 200: renegociacaoFeitaSchema },
      },
      config: { access: rolesFor('parcelas.renegociar') },
    },
    async (request) => {
      const r = await renegociar(app, request.actor!, request.params.id, request.body);
      return {
        message: RENEGOCIACAO_MESSAGES.renegociada,
        renegociacao: renegociacaoView(r),
        parcelas: (await parcelasDaMatricula(app.db, r.matriculaId)).map(parcelaView),
      };
    },
  );

  app.get(
    '/api/matriculas/:id/renegociacoes',
    {
      schema: { params: efetivarParamsSchema, response: { 200: z.array(renegociacaoItemSchema) } },
      config: { access: rolesFor('parcelas.ler') },
    },
    async (request) => {
      const matricula = await matriculaNoEscopo(app.db, request.actor!, request.params.id);
      if (!matricula) throw notFound(PARCELA_MESSAGES.matriculaNaoEncontrada);
      return (await renegociacoesDaMatricula(app.db, matricula.id)).map(renegociacaoView);
    },
  );

  app.get(
    '/api/cobranca/configuracao',
    {
      schema: { response: { 200: cobrancaConfiguracaoSchema } },
      config: { access: rolesFor('cobranca.configuracao.ler') },
    },
    async (request) => configuracaoDaCobranca(app, request.actor!),
  );

  app.put(
    '/api/cobranca/configuracao',
    {
      schema: { body: cobrancaConfiguracaoSchema, response: { 200: cobrancaConfiguracaoSchema } },
      config: { access: rolesFor('cobranca.configuracao') },
    },
    async (request) => salvarConfiguracaoDaCobranca(app, request.actor!, request.body.descontoMaximoRenegociacaoPct),
  );

  // ADR 080: the last reconciliation's differences in scope, and a run now (the franqueador).
  app.get(
    '/api/cobranca/conciliacao',
    {
      schema: { response: { 200: conciliacaoViewSchema } },
      config: { access: rolesFor('cobranca.conciliacao.ver') },
    },
    async (request) => verConciliacao(app, request.actor!),
  );

  app.post(
    '/api/cobranca/conciliacao',
    {
      schema: { response: { 200: conciliacaoExecutadaSchema } },
      config: { access: rolesFor('cobranca.conciliacao.executar') },
    },
    async (request) => {
      await executarConciliacao(app, 'manual', request.actor!);
      const view = await verConciliacao(app, request.actor!);
      return {
        ...view,
        message: CONCILIACAO_MESSAGES.concluida(view.execucao?.corrigidas ?? 0, view.execucao?.pendentes ?? 0),
      };
    },
  );

  app.get(
    '/api/parcelas',
    {
      schema: { querystring: parcelasListQuerySchema, response: { 200: z.array(parcelaItemSchema) } },
      config: { access: rolesFor('parcelas.listar') },
    },
    async (request, reply) => {
      const { rows, total, exact, cursors } = await listParcelas(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total, exact);
      setCursors(reply, cursors);
      return rows.map(parcelaView);
    },
  );

  app.get(
    '/api/matriculas/:id/parcelas',
    {
      schema: { params: efetivarParamsSchema, response: { 200: z.array(parcelaItemSchema) } },
      config: { access: rolesFor('parcelas.ler') },
    },
    async (request) => {
      const matricula = await matriculaNoEscopo(app.db, request.actor!, request.params.id);
      if (!matricula) throw notFound(PARCELA_MESSAGES.matriculaNaoEncontrada);
      return (await parcelasDaMatricula(app.db, matricula.id)).map(parcelaView);
    },
  );

  app.get(
    '/api/user/parcelas',
    {
      schema: { response: { 200: z.array(parcelaItemSchema) } },
      config: { access: rolesFor('parcelas.minhas') },
    },
    async (request) => (await parcelasDoAluno(app.db, request.actor!)).map(parcelaDoAlunoView),
  );
}
