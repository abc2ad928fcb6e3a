import { ORIGEM_CSV, type OrigemVista } from '../../../shared/metas/origem';
import type { Actor } from '../../access/actor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatBRL, formatDateOnly, formatPhone } from '../../../shared/format';
import {
  CSV_COLUMNS,
  CSV_MATRICULA_CURSO_COLUMNS,
  CSV_MATRICULA_STATUS_COLUMNS,
  CSV_PREFIXES,
  csvFileName,
  efetivarParamsSchema,
  funnelResumoSchema,
  matriculasFilterSchema,
  matriculasListQuerySchema,
} from '../../../shared/schemas/funnel';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import { csvDate, findFunnelEvento, keysetBatches, mapBatches, sendCsv } from '../funnel';
import { todayInBrasilia } from '../../../shared/brasilia';
import {
  countMatriculasExport,
  findMatriculaInScope,
  listMatriculas,
  matriculasExportBatch,
  matriculasResumo,
} from './matriculas.repository';
import { registrarLista, rotaDeExportacao } from '../exportacoes';
import type { CsvValue } from '../../lib/csv';
import { efetivarPreMatricula } from './matriculas.service';
import { rolesFor } from '../../../shared/permissions';
import {
  MATRICULA_STATUS_LABELS,
  MOTIVO_CANCELAMENTO_LABELS,
  type MatriculaStatus,
  type MotivoCancelamento,
  efetivarBodySchema,
  matriculaItemSchema,
  matriculaViewSchema,
} from '../../../shared/schemas/matricula';
import { CONTRATO_MESSAGES, contratoViewSchema, matriculaContratoParamsSchema } from '../../../shared/schemas/contrato';
import { notFound } from '../../lib/http-error';
import { aceiteParaEquipe, findContratoDaMatricula } from '../contratos';
import { auditedExport } from '../auditoria';

/** The vendedor follows leads and pre-matrículas only (DESIGN §4.1); the aluno reads its own. */

const matriculasListaSchema = z.array(matriculaItemSchema);

/**
 * Matrículas efetivadas (SPEC §2, §7, §9) and the Efetivar action (DESIGN §4.5); issue 42: their status (a filter
 * on the list and its CSV) and their frozen contract.
 */
export async function matriculasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/matriculas',
    {
      schema: { querystring: matriculasListQuerySchema, response: { 200: matriculasListaSchema } },
      config: { access: rolesFor('matriculas.ler') },
    },
    async (request, reply) => {
      const { items, total, exact, cursors } = await listMatriculas(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total, exact);
      setCursors(reply, cursors);
      return items;
    },
  );

  app.get(
    '/api/matriculas/export.csv',
    { schema: { querystring: matriculasFilterSchema }, config: { access: rolesFor('matriculas.ler') } },
    async (request, reply) => {
      const actor = request.actor!;
      const filter = request.query;
      const evento = await findFunnelEvento(request.dbLeitura, actor, filter.eventoId);
      const fileName = csvFileName(CSV_PREFIXES.matriculas, evento, todayInBrasilia(app.clock.now()));
      const rows = mapBatches(
        auditedExport(
          app.db,
          request,
          { acao: 'matriculas.exportar', filtros: request.query },
          keysetBatches(matriculasExportBatch(request.dbLeitura, actor, filter)),
        ),
        matriculaCsvRow(comOrigem(actor)),
      );
      return sendCsv(reply, fileName, matriculaCsvCabecalho(actor), rows);
    },
  );

  // Issue 22 (ADR 034): a long list is exported as a job the screen follows (the staff's; the aluno has its own).
  rotaDeExportacao(app, {
    url: '/api/matriculas/exportacoes',
    lista: 'matriculas',
    arquivoDireto: '/api/matriculas/export.csv',
    querystring: matriculasFilterSchema,
    access: rolesFor('matriculas.ler').filter((role) => role !== 'aluno'),
  });

  app.get(
    '/api/matriculas/resumo',
    { schema: { response: { 200: funnelResumoSchema } }, config: { access: rolesFor('matriculas.ler') } },
    async (request) => matriculasResumo(request.dbLeitura, request.actor!),
  );

  // Any staff role may make effective a pre-matrícula it can see (DESIGN §4.1); others answer 404.
  app.post(
    '/api/matriculas/efetivar/:id',
    {
      schema: { params: efetivarParamsSchema, body: efetivarBodySchema, response: { 201: matriculaViewSchema } },
      config: { access: rolesFor('matriculas.efetivar') },
    },
    async (request, reply) => {
      const matricula = await efetivarPreMatricula(app, request.actor!, request.params.id, request.body?.cursoId);
      return reply.code(201).send(matricula);
    },
  );

  // Issue 42 (ADR 064): the contract frozen at Efetivar, for the staff who read the matrícula; out of scope, 404.
  app.get(
    '/api/matriculas/:id/contrato',
    {
      schema: { params: matriculaContratoParamsSchema, response: { 200: contratoViewSchema } },
      config: { access: rolesFor('matriculas.contrato') },
    },
    async (request) => {
      const matricula = await findMatriculaInScope(app.db, request.actor!, request.params.id);
      const contrato = matricula ? await findContratoDaMatricula(app.db, matricula.id) : undefined;
      // Issue 42, third slice (ADR 066): the acceptance, the link and the timeline.
      const aceite = contrato ? await aceiteParaEquipe(app, request.actor!, request.params.id) : null;
      if (!matricula || !contrato || !aceite) throw notFound(CONTRATO_MESSAGES.contratoNaoEncontrado);
      return {
        ...aceite,
        id: contrato.id,
        matriculaId: contrato.matriculaId,
        modeloId: contrato.modeloId,
        versao: contrato.versao,
        titulo: contrato.titulo,
        texto: contrato.texto,
        valorTotal: contrato.valorTotal,
        parcelas: contrato.parcelas,
        valorParcela: contrato.valorParcela,
        valorUltimaParcela: contrato.valorUltimaParcela,
        multaCancelamentoPct: contrato.multaCancelamentoPct,
        status: matricula.status,
        criadoEm: contrato.createdAt.toISOString(),
      };
    },
  );
}

const MATRICULA_CSV_CABECALHO = [
  ...CSV_COLUMNS.matriculas,
  ...CSV_MATRICULA_CURSO_COLUMNS,
  ...CSV_MATRICULA_STATUS_COLUMNS,
];

/** Issue 48: the staff's file ends with where the family came from (its pré-matrícula's); the aluno's does not. */
const comOrigem = (actor: Actor): boolean => actor.role !== 'aluno';
const matriculaCsvCabecalho = (actor: Actor): readonly string[] =>
  comOrigem(actor)
    ? [...MATRICULA_CSV_CABECALHO, ...ORIGEM_CSV.map(([cabecalho]) => cabecalho)]
    : MATRICULA_CSV_CABECALHO;

const dinheiro = (valor: number | null): string | null => (valor === null ? null : formatBRL(valor));

/**
 * One matrícula as a CSV row (SPEC §9's columns, then its course and price, issue 42), for the direct download
 * and the export job alike. A matrícula made before the snapshot has '-' there.
 */
const matriculaCsvRow =
  (origem: boolean) =>
  (m: {
    nome: string;
    email: string;
    telefone: string | null;
    cursoInteresse: string | null;
    nomeEscola: string;
    dataEvento: string;
    efetivadaEm: Date;
    cursoTitulo: string | null;
    cursoCargaHoraria: number | null;
    parcelas: number | null;
    valorTotal: number | null;
    valorParcela: number | null;
    valorUltimaParcela: number | null;
    status: MatriculaStatus;
    motivoCancelamento: MotivoCancelamento | null;
    origem: OrigemVista | null;
  }): CsvValue[] => [
    m.nome,
    m.email,
    formatPhone(m.telefone),
    m.cursoInteresse,
    m.nomeEscola,
    formatDateOnly(m.dataEvento),
    csvDate(m.efetivadaEm),
    m.cursoTitulo,
    m.cursoCargaHoraria,
    dinheiro(m.valorTotal),
    m.parcelas,
    dinheiro(m.valorParcela),
    dinheiro(m.valorUltimaParcela),
    MATRICULA_STATUS_LABELS[m.status],
    m.motivoCancelamento ? MOTIVO_CANCELAMENTO_LABELS[m.motivoCancelamento] : null,
    ...(origem ? ORIGEM_CSV.map(([, valor]) => valor(m.origem)) : []),
  ];

const filtroDe = (filtros: Record<string, unknown>) => matriculasFilterSchema.parse(filtros);

registrarLista({
  nome: 'matriculas',
  nomeArquivo: async (db, actor, filtros, now) =>
    csvFileName(
      CSV_PREFIXES.matriculas,
      await findFunnelEvento(db, actor, filtroDe(filtros).eventoId),
      todayInBrasilia(now),
    ),
  contar: (db, actor, filtros, _now, limite) => countMatriculasExport(db, actor, filtroDe(filtros), limite),
  cabecalho: (_filtros, actor) => matriculaCsvCabecalho(actor),
  lotes: (db, actor, filtros) =>
    mapBatches(keysetBatches(matriculasExportBatch(db, actor, filtroDe(filtros))), matriculaCsvRow(comOrigem(actor))),
});
