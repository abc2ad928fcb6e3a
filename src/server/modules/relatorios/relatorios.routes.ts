import { auditedExport } from '../auditoria';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatBRL, formatPercent } from '../../../shared/format';
import { fromCentavos } from '../../../shared/money/parcelas';
import { rolesFor } from '../../../shared/permissions';
import {
  RELATORIO_CSV_COLUMNS,
  RELATORIO_CSV_CUSTO_COLUMNS,
  acompanhamentoRelatorioSchema,
  funilQuerySchema,
  funilRespostaSchema,
  matriculasStatusQuerySchema,
  matriculasStatusSchema,
  relatorioCsvFileName,
  serieQuerySchema,
  serieRespostaSchema,
  visitasRelatorioQuerySchema,
  visitasRelatorioSchema,
} from '../../../shared/schemas/relatorios';
import { setTotalCount } from '../../lib/pagination';
import { sendCsv } from '../funnel';
import { todayInBrasilia } from '../../../shared/brasilia';
import {
  acompanhamento,
  funil,
  funilCompleto,
  matriculasPorStatus,
  serie,
  visitasPorVendedor,
} from './relatorios.service';

/**
 * Relatórios (issue 15): the funnel counted per group and per period over the caller's scope. Every staff role
 * reads its own part of the network; the aluno is refused by the access table.
 */
export async function relatoriosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const today = () => todayInBrasilia(app.clock.now());

  app.get(
    '/api/relatorios/funil',
    {
      schema: { querystring: funilQuerySchema, response: { 200: funilRespostaSchema } },
      config: { access: rolesFor('relatorios.ler') },
    },
    async (request, reply) => {
      const { resposta, total } = await funil(request.dbLeitura, request.actor!, request.query, today());
      setTotalCount(reply, total);
      return resposta;
    },
  );

  // A CSV file, streamed: no JSON answer, so no response schema (ADR 018).
  app.get(
    '/api/relatorios/funil.csv',
    { schema: { querystring: funilQuerySchema }, config: { access: rolesFor('relatorios.ler') } },
    async (request, reply) => {
      const { agrupar, de, ate, grupos, comCusto } = await funilCompleto(
        request.dbLeitura,
        request.actor!,
        request.query,
        today(),
      );
      // Issue 48: the cost columns when the report has costs, in R$ as the other exports write money.
      const reais = (centavos: number | null | undefined) =>
        centavos === null || centavos === undefined ? '' : formatBRL(fromCentavos(centavos));
      async function* linhas() {
        yield grupos.map((g) => [
          g.estado ? `${g.rotulo} - ${g.estado}` : g.rotulo,
          g.leads,
          g.presencas,
          g.preMatriculas,
          g.matriculas,
          formatPercent(g.taxaLeadPresenca),
          formatPercent(g.taxaLeadPreMatricula),
          formatPercent(g.taxaPreMatriculaMatricula),
          formatPercent(g.taxaLeadMatricula),
          ...(comCusto
            ? [reais(g.custo), reais(g.custoPorLead), reais(g.custoPorPreMatricula), reais(g.custoPorMatricula)]
            : []),
        ]);
      }
      const rows = auditedExport(app.db, request, { acao: 'relatorio.exportar', filtros: request.query }, linhas());
      const header = comCusto ? [...RELATORIO_CSV_COLUMNS, ...RELATORIO_CSV_CUSTO_COLUMNS] : RELATORIO_CSV_COLUMNS;
      return sendCsv(reply, relatorioCsvFileName(agrupar, de, ate), header, rows);
    },
  );

  app.get(
    '/api/relatorios/serie',
    {
      schema: { querystring: serieQuerySchema, response: { 200: serieRespostaSchema } },
      config: { access: rolesFor('relatorios.ler') },
    },
    async (request) => serie(request.dbLeitura, request.actor!, request.query, today()),
  );

  // Issue 42: the period's matrículas by where their contract stands; the funnel's counts are unchanged.
  app.get(
    '/api/relatorios/matriculas-status',
    {
      schema: { querystring: matriculasStatusQuerySchema, response: { 200: matriculasStatusSchema } },
      config: { access: rolesFor('relatorios.ler') },
    },
    async (request) => matriculasPorStatus(request.dbLeitura, request.actor!, request.query, today()),
  );

  app.get(
    '/api/relatorios/acompanhamento',
    {
      schema: { querystring: funilQuerySchema, response: { 200: acompanhamentoRelatorioSchema } },
      config: { access: rolesFor('relatorios.ler') },
    },
    async (request, reply) => {
      const { resposta, total } = await acompanhamento(request.dbLeitura, request.actor!, request.query, today());
      setTotalCount(reply, total);
      return resposta;
    },
  );

  // Issue 49 (ADR 105): the vendedores' visits to schools per vendedor, for the roles that see visits.
  app.get(
    '/api/relatorios/visitas',
    {
      schema: { querystring: visitasRelatorioQuerySchema, response: { 200: visitasRelatorioSchema } },
      config: { access: rolesFor('visitas.ver') },
    },
    async (request) => visitasPorVendedor(request.dbLeitura, request.actor!, request.query, today()),
  );
}
