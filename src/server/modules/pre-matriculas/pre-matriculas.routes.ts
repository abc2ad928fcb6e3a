import type { OrigemVista } from '../../../shared/metas/origem';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCpf, formatDateOnly, formatPhone } from '../../../shared/format';
import {
  CSV_COLUMNS,
  CSV_PRE_MATRICULA_EXTRA_COLUMNS,
  ORIGEM_CSV,
  CSV_PREFIXES,
  csvFileName,
  funnelResumoSchema,
  preMatriculaCursoAnswerSchema,
  preMatriculaCursoOpcoesSchema,
  preMatriculaCursoSchema,
  preMatriculaItemSchema,
  preMatriculaParamsSchema,
  preMatriculasFilterSchema,
  preMatriculasListQuerySchema,
} from '../../../shared/schemas/funnel';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import { findFunnelEvento, keysetBatches, mapBatches, sendCsv } from '../funnel';
import { todayInBrasilia } from '../../../shared/brasilia';
import {
  countPreMatriculasExport,
  listPreMatriculas,
  preMatriculasExportBatch,
  preMatriculasResumo,
} from './pre-matriculas.repository';
import { registrarLista, rotaDeExportacao } from '../exportacoes';
import type { CsvValue } from '../../lib/csv';
import { rolesFor } from '../../../shared/permissions';
import type { Actor } from '../../access/actor';
import { auditedExport } from '../auditoria';
import { cursosDaPreMatricula, definirCurso } from './pre-matriculas.service';

/** The staff and the aluno read pre-matrículas (the aluno only its own, through the access scope). */

/**
 * The staff side of pre-matrículas (SPEC §2, §7, §9). The public activation (POST /api/pre-matriculas) lives in
 * modules/public; making one effective is POST /api/matriculas/efetivar/:id.
 */
export async function preMatriculasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/pre-matriculas',
    {
      schema: { querystring: preMatriculasListQuerySchema, response: { 200: z.array(preMatriculaItemSchema) } },
      config: { access: rolesFor('preMatriculas.ler') },
    },
    async (request, reply) => {
      const { items, total, exact, cursors } = await listPreMatriculas(
        request.dbLeitura,
        request.actor!,
        request.query,
      );
      setTotalCount(reply, total, exact);
      setCursors(reply, cursors);
      return items;
    },
  );

  app.get(
    '/api/pre-matriculas/export.csv',
    { schema: { querystring: preMatriculasFilterSchema }, config: { access: rolesFor('preMatriculas.ler') } },
    async (request, reply) => {
      const actor = request.actor!;
      const filter = request.query;
      const evento = await findFunnelEvento(request.dbLeitura, actor, filter.eventoId);
      const fileName = csvFileName(CSV_PREFIXES.preMatriculas, evento, todayInBrasilia(app.clock.now()));
      const rows = mapBatches(
        auditedExport(
          app.db,
          request,
          { acao: 'pre_matriculas.exportar', filtros: request.query },
          keysetBatches(preMatriculasExportBatch(request.dbLeitura, actor, filter)),
        ),
        preMatriculaCsvRow(comDadosDaAtivacao(actor)),
      );
      return sendCsv(reply, fileName, preMatriculaCsvCabecalho(actor), rows);
    },
  );

  // Issue 22 (ADR 034): a long list is exported as a job the screen follows.
  rotaDeExportacao(app, {
    url: '/api/pre-matriculas/exportacoes',
    lista: 'pre-matriculas',
    arquivoDireto: '/api/pre-matriculas/export.csv',
    querystring: preMatriculasFilterSchema,
    access: rolesFor('preMatriculas.ler').filter((role) => role !== 'aluno'),
  });

  app.get(
    '/api/pre-matriculas/resumo',
    { schema: { response: { 200: funnelResumoSchema } }, config: { access: rolesFor('preMatriculas.ler') } },
    async (request) => preMatriculasResumo(request.dbLeitura, request.actor!),
  );

  // Issue 23: the staff who see a pré-matrícula set or change its course among its event's (404 out of scope).
  app.get(
    '/api/pre-matriculas/:id/cursos',
    {
      schema: { params: preMatriculaParamsSchema, response: { 200: preMatriculaCursoOpcoesSchema } },
      config: { access: rolesFor('preMatriculas.definirCurso') },
    },
    async (request) => cursosDaPreMatricula(app, request.actor!, request.params.id),
  );

  app.patch(
    '/api/pre-matriculas/:id',
    {
      schema: {
        params: preMatriculaParamsSchema,
        body: preMatriculaCursoSchema,
        response: { 200: preMatriculaCursoAnswerSchema },
      },
      config: { access: rolesFor('preMatriculas.definirCurso') },
    },
    async (request) => definirCurso(app, request.actor!, request.params.id, request.body.cursoId),
  );
}

/**
 * The staff's file carries what the activation collected (issue 23, ADR 038): the guardian and both CPFs whole,
 * after SPEC §9's columns. The aluno reads its own pré-matrícula without them, as its answers on screen do.
 */
const comDadosDaAtivacao = (actor: Actor): boolean => actor.role !== 'aluno';

const preMatriculaCsvCabecalho = (actor: Actor): readonly string[] =>
  comDadosDaAtivacao(actor)
    ? [...CSV_COLUMNS.preMatriculas, ...CSV_PRE_MATRICULA_EXTRA_COLUMNS, ...ORIGEM_CSV.map(([cabecalho]) => cabecalho)]
    : CSV_COLUMNS.preMatriculas;

const cpfOuVazio = (cpf: string | null): string | null => (cpf ? formatCpf(cpf) : null);

/** One pré-matrícula as a CSV row (SPEC §9's columns, then the activation's), for the direct download and the job. */
const preMatriculaCsvRow =
  (dadosDaAtivacao: boolean) =>
  (pre: {
    nome: string;
    email: string;
    telefone: string | null;
    cursoInteresse: string | null;
    nomeEscola: string;
    dataEvento: string;
    nomeResponsavel: string | null;
    cpfAluno: string | null;
    cpfResponsavel: string | null;
    origem: OrigemVista | null;
  }): CsvValue[] => [
    pre.nome,
    pre.email,
    formatPhone(pre.telefone),
    pre.cursoInteresse,
    pre.nomeEscola,
    formatDateOnly(pre.dataEvento),
    ...(dadosDaAtivacao
      ? [
          pre.nomeResponsavel,
          cpfOuVazio(pre.cpfAluno),
          cpfOuVazio(pre.cpfResponsavel),
          // Issue 48: where the family came from.
          ...ORIGEM_CSV.map(([, valor]) => valor(pre.origem)),
        ]
      : []),
  ];

const filtroDe = (filtros: Record<string, unknown>) => preMatriculasFilterSchema.parse(filtros);

registrarLista({
  nome: 'pre-matriculas',
  nomeArquivo: async (db, actor, filtros, now) =>
    csvFileName(
      CSV_PREFIXES.preMatriculas,
      await findFunnelEvento(db, actor, filtroDe(filtros).eventoId),
      todayInBrasilia(now),
    ),
  contar: (db, actor, filtros, _now, limite) => countPreMatriculasExport(db, actor, filtroDe(filtros), limite),
  cabecalho: (_filtros, actor) => preMatriculaCsvCabecalho(actor),
  lotes: (db, actor, filtros) =>
    mapBatches(
      keysetBatches(preMatriculasExportBatch(db, actor, filtroDe(filtros))),
      preMatriculaCsvRow(comDadosDaAtivacao(actor)),
    ),
});
