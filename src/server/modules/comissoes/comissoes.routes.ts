import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import {
  comissaoConfiguracaoSchema,
  fechamentoViewSchema,
  lancamentoViewSchema,
  lancamentosListQuerySchema,
  minhasLancamentosQuerySchema,
  minhasViewSchema,
  periodoBodySchema,
  periodoParamsSchema,
  regraInputSchema,
  regraParamsSchema,
  regraPatchSchema,
  regraViewSchema,
  resumoQuerySchema,
  resumoViewSchema,
} from '../../../shared/schemas/comissao';
import { PAGAMENTOS_CSV_COLUMNS, pagamentosCsvFileName } from '../../../shared/comissoes/lancamentos';
import { formatBRL, formatCnpj, formatCpf } from '../../../shared/format';
import { fromCentavos } from '../../../shared/money/parcelas';
import type { CsvValue } from '../../lib/csv';
import { setCursors } from '../../lib/keyset';
import { setTotalCount } from '../../lib/pagination';
import { sendCsv } from '../funnel';
import { criarRegra, editarRegra, verRegras } from './comissoes.service';
import { salvarConfiguracao, verConfiguracao } from './configuracao.service';
import {
  confirmarPagamento,
  fecharPeriodo,
  pagamentosDoPeriodo,
  verFechamentos,
  verLancamentos,
  verMinhas,
  verMinhasLancamentos,
  verResumo,
} from './extrato.service';
import type { PagamentoRow } from './lancamentos.repository';

/** A payout row as the file writes it: name, CPF or CNPJ with its mask, PIX key, 'R$ 1.234,56', the period. */
const pagamentoCsvRow =
  (periodo: string) =>
  (p: PagamentoRow): CsvValue[] => [
    p.nome,
    p.documento ? (p.beneficiario === 'vendedor' ? formatCpf(p.documento) : formatCnpj(p.documento)) : null,
    p.chave_pix,
    formatBRL(fromCentavos(Number(p.valor_centavos))),
    periodo,
  ];

/**
 * Comissões (issue 44, ADR 081): the rules of what each beneficiary earns. A rule out of the caller's reach answers
 * 404, as one that exists nowhere.
 */
export async function comissoesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = rolesFor('comissoes.regras');

  app.get(
    '/api/comissoes/regras',
    { schema: { response: { 200: z.array(regraViewSchema) } }, config: { access } },
    async (request, reply) => {
      const regras = await verRegras(app, request.actor!);
      setTotalCount(reply, regras.length, true);
      return regras;
    },
  );

  app.post(
    '/api/comissoes/regras',
    { schema: { body: regraInputSchema, response: { 201: regraViewSchema } }, config: { access } },
    async (request, reply) => reply.code(201).send(await criarRegra(app, request.actor!, request.body)),
  );

  app.patch(
    '/api/comissoes/regras/:id',
    {
      schema: { params: regraParamsSchema, body: regraPatchSchema, response: { 200: regraViewSchema } },
      config: { access },
    },
    async (request) => editarRegra(app, request.actor!, request.params.id, request.body),
  );

  // --- The ledger (ADR 082) ---------------------------------------------------------------------------------------

  app.get(
    '/api/comissoes/lancamentos',
    {
      schema: { querystring: lancamentosListQuerySchema, response: { 200: z.array(lancamentoViewSchema) } },
      config: { access: rolesFor('comissoes.ver') },
    },
    async (request, reply) => {
      const { items, total, exact } = await verLancamentos(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total, exact);
      return items;
    },
  );

  app.get(
    '/api/comissoes/resumo',
    {
      schema: { querystring: resumoQuerySchema, response: { 200: resumoViewSchema } },
      config: { access: rolesFor('comissoes.ver') },
    },
    async (request, reply) => {
      const resumo = await verResumo(app, request.actor!, request.query);
      setTotalCount(reply, resumo.total);
      return resumo;
    },
  );

  app.get(
    '/api/comissoes/minhas',
    { schema: { response: { 200: minhasViewSchema } }, config: { access: rolesFor('comissoes.minhas') } },
    async (request, reply) => {
      const minhas = await verMinhas(app, request.actor!);
      setCursors(reply, { next: minhas.proximo, prev: null });
      return minhas;
    },
  );

  // 'Minhas comissões'' older lines: 'Carregar mais' asks for the page after the statement's (issue 44).
  app.get(
    '/api/comissoes/minhas/lancamentos',
    {
      schema: { querystring: minhasLancamentosQuerySchema, response: { 200: z.array(lancamentoViewSchema) } },
      config: { access: rolesFor('comissoes.minhas') },
    },
    async (request, reply) => {
      const { items, total, cursors } = await verMinhasLancamentos(app, request.actor!, request.query);
      setTotalCount(reply, total);
      setCursors(reply, cursors);
      return items;
    },
  );

  app.get(
    '/api/comissoes/fechamentos',
    {
      schema: { response: { 200: z.array(fechamentoViewSchema) } },
      config: { access: rolesFor('comissoes.ver') },
    },
    async (request, reply) => {
      const fechamentos = await verFechamentos(app, request.actor!);
      setTotalCount(reply, fechamentos.length, true);
      return fechamentos;
    },
  );

  app.post(
    '/api/comissoes/fechamentos',
    {
      schema: { body: periodoBodySchema, response: { 201: fechamentoViewSchema } },
      config: { access: rolesFor('comissoes.fechar') },
    },
    async (request, reply) => reply.code(201).send(await fecharPeriodo(app, request.actor!, request.body.periodo)),
  );

  // A CSV file: no JSON answer, so no response schema (ADR 018; the address names its type).
  app.get(
    '/api/comissoes/fechamentos/:periodo/pagamentos.csv',
    { schema: { params: periodoParamsSchema }, config: { access: rolesFor('comissoes.fechar') } },
    async (request, reply) => {
      const { periodo } = request.params;
      const rows = await pagamentosDoPeriodo(app, request.actor!, periodo);
      async function* umLote() {
        yield rows.map(pagamentoCsvRow(periodo));
      }
      return sendCsv(reply, pagamentosCsvFileName(periodo), PAGAMENTOS_CSV_COLUMNS, umLote());
    },
  );

  app.post(
    '/api/comissoes/fechamentos/:periodo/pago',
    {
      schema: { params: periodoParamsSchema, response: { 200: fechamentoViewSchema } },
      config: { access: rolesFor('comissoes.fechar') },
    },
    async (request) => confirmarPagamento(app, request.actor!, request.params.periodo),
  );

  // --- The network's setting (ADR 088) ----------------------------------------------------------------------------

  app.get(
    '/api/comissoes/configuracao',
    {
      schema: { response: { 200: comissaoConfiguracaoSchema } },
      config: { access: rolesFor('comissoes.ver') },
    },
    async (request) => verConfiguracao(app, request.actor!),
  );

  app.put(
    '/api/comissoes/configuracao',
    {
      schema: { body: comissaoConfiguracaoSchema, response: { 200: comissaoConfiguracaoSchema } },
      config: { access: rolesFor('comissoes.configuracao') },
    },
    async (request) => salvarConfiguracao(app, request.actor!, request.body),
  );
}
