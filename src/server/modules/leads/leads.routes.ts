import type { OrigemVista } from '../../../shared/metas/origem';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatDateOnly, formatPhone } from '../../../shared/format';
import {
  CSV_CLIENTE_COLUMN,
  ORIGEM_CSV,
  CSV_COLUMNS,
  CSV_PREFIXES,
  csvFileName,
  funnelEventoOptionsQuerySchema,
  funnelEventoOptionsSchema,
  funnelResumoSchema,
  leadItemSchema,
  leadsExportQuerySchema,
  leadsListQuerySchema,
} from '../../../shared/schemas/funnel';
import {
  contatoSchema,
  historicoEntrySchema,
  leadDetalheSchema,
  leadIdParamsSchema,
  leadPatchSchema,
  notaSchema,
  responsavelOpcoesSchema,
} from '../../../shared/schemas/acompanhamento';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import { csvDate, findFunnelEvento, keysetBatches, listFunnelEventos, mapBatches, sendCsv } from '../funnel';
import { todayInBrasilia } from '../../../shared/brasilia';
import { clockAt, countLeadsExport, leadsExportBatch, leadsResumo, listLeads } from './leads.repository';
import { getLeadDetalhe, listResponsaveis, patchLead, registrarContato, registrarNota } from './acompanhamento.service';
import { leadsLoteRespostaSchema, leadsLoteSchema } from '../../../shared/schemas/distribuicao';
import { executarLote } from './lote.service';
import { rolesFor } from '../../../shared/permissions';
import { audit, auditedExport } from '../auditoria';
import { registrarLista, rotaDeExportacao } from '../exportacoes';
import type { CsvValue } from '../../lib/csv';
import type { Actor } from '../../access/actor';
import type { LeadsExportQuery } from '../../../shared/schemas/funnel';

/**
 * The staff side of leads (SPEC §2 Leads and Interesses, §7, §9): the list, its CSV, its summary cards, and the
 * event options every funnel screen filters by. The public sign-up (POST /api/leads) lives in modules/public.
 */
export async function leadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Leads (cliente) and Interesses (the network) read the same rows.
  app.get(
    '/api/leads',
    {
      schema: { querystring: leadsListQuerySchema, response: { 200: z.array(leadItemSchema) } },
      config: { access: rolesFor('leads.ler') },
    },
    async (request, reply) => {
      const { items, total, exact, cursors } = await listLeads(
        request.dbLeitura,
        request.actor!,
        request.query,
        clockAt(app.clock.now()),
      );
      setTotalCount(reply, total, exact);
      setCursors(reply, cursors);
      return items;
    },
  );

  app.get(
    '/api/leads/export.csv',
    { schema: { querystring: leadsExportQuerySchema }, config: { access: rolesFor('leads.ler') } },
    async (request, reply) => {
      const actor = request.actor!;
      const { view, ...filter } = request.query;
      const evento = await findFunnelEvento(request.dbLeitura, actor, filter.eventoId);
      const interesses = view === 'interesses';
      const fileName = csvFileName(
        interesses ? CSV_PREFIXES.interesses : CSV_PREFIXES.leads,
        evento,
        todayInBrasilia(app.clock.now()),
      );
      const rows = mapBatches(
        auditedExport(
          app.db,
          request,
          { acao: 'leads.exportar', filtros: request.query },
          keysetBatches(leadsExportBatch(request.dbLeitura, actor, filter, clockAt(app.clock.now()))),
        ),
        leadCsvRow(leadCsvColunas(actor, interesses)),
      );
      return sendCsv(reply, fileName, leadCsvCabecalho(actor, interesses), rows);
    },
  );

  // Issue 22 (ADR 034): above EXPORTACAO_DIRETA_MAX rows the export is a job the screen follows; below, the
  // answer is the direct download's address with the same filters.
  rotaDeExportacao(app, {
    url: '/api/leads/exportacoes',
    lista: 'leads',
    arquivoDireto: '/api/leads/export.csv',
    querystring: leadsExportQuerySchema,
    access: rolesFor('leads.ler'),
  });

  // Ações em lote (issue 50): each action asks its own permission in the service (atribuir, status, exportar).
  app.post(
    '/api/leads/lote',
    {
      schema: { body: leadsLoteSchema, response: { 200: leadsLoteRespostaSchema } },
      config: { access: rolesFor('leads.lote') },
    },
    async (request) => executarLote(app, request.actor!, request.body),
  );

  app.get(
    '/api/leads/resumo',
    { schema: { response: { 200: funnelResumoSchema } }, config: { access: rolesFor('leads.ler') } },
    async (request) => leadsResumo(request.dbLeitura, request.actor!),
  );

  // The event filter's options on all four screens (the aluno's Matrículas screen too).
  // Searched by the server, 20 at a time from the combobox (issue 21), so every event in scope is reachable.
  app.get(
    '/api/leads/eventos',
    {
      schema: { querystring: funnelEventoOptionsQuerySchema, response: { 200: funnelEventoOptionsSchema } },
      config: { access: rolesFor('leads.eventos') },
    },
    async (request, reply) => {
      const { items, total } = await listFunnelEventos(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  // The follow-up of one lead (issue 16).
  app.get(
    '/api/leads/:id',
    {
      schema: { params: leadIdParamsSchema, response: { 200: leadDetalheSchema } },
      config: { access: rolesFor('leads.ler') },
    },
    async (request) => {
      const detalhe = await getLeadDetalhe(app.db, request.actor!, request.params.id);
      // Who opened a family's data (issue 17): the panel shows the guardian's contacts.
      await audit(app.db, { acao: 'lead.visualizar', entidadeId: detalhe.id });
      return detalhe;
    },
  );

  app.patch(
    '/api/leads/:id',
    {
      schema: { params: leadIdParamsSchema, body: leadPatchSchema, response: { 200: leadDetalheSchema } },
      config: { access: rolesFor('leads.acompanhar') },
    },
    async (request) => patchLead(app, request.actor!, request.params.id, request.body),
  );

  app.get(
    '/api/leads/:id/responsaveis',
    {
      schema: { params: leadIdParamsSchema, response: { 200: responsavelOpcoesSchema } },
      config: { access: rolesFor('leads.atribuir') },
    },
    async (request) => listResponsaveis(app.db, request.actor!, request.params.id),
  );

  app.post(
    '/api/leads/:id/contatos',
    {
      schema: { params: leadIdParamsSchema, body: contatoSchema, response: { 201: historicoEntrySchema } },
      config: { access: rolesFor('leads.acompanhar') },
    },
    async (request, reply) => {
      reply.code(201);
      return registrarContato(app, request.actor!, request.params.id, request.body);
    },
  );

  app.post(
    '/api/leads/:id/notas',
    {
      schema: { params: leadIdParamsSchema, body: notaSchema, response: { 201: historicoEntrySchema } },
      config: { access: rolesFor('leads.acompanhar') },
    },
    async (request, reply) => {
      reply.code(201);
      return registrarNota(app, request.actor!, request.params.id, request.body.texto);
    },
  );
}

/** Which columns a leads CSV carries: Interesses adds the cliente for the franqueador, as its screen does. */
interface LeadCsvColunas {
  interesses: boolean;
  cliente: boolean;
}
const leadCsvColunas = (actor: Actor, interesses: boolean): LeadCsvColunas => ({
  interesses,
  cliente: interesses && actor.role === 'franqueador',
});
/** Issue 48: every leads CSV ends with where the family came from. */
const ORIGEM_CABECALHO = ORIGEM_CSV.map(([cabecalho]) => cabecalho);
const leadCsvCabecalho = (actor: Actor, interesses: boolean): readonly string[] => {
  const colunas = leadCsvColunas(actor, interesses);
  if (!colunas.interesses) return [...CSV_COLUMNS.leads, ...ORIGEM_CABECALHO];
  return colunas.cliente
    ? [...CSV_COLUMNS.interesses, CSV_CLIENTE_COLUMN, ...ORIGEM_CABECALHO]
    : [...CSV_COLUMNS.interesses, ...ORIGEM_CABECALHO];
};

/** One lead as a CSV row: Leads (the cliente's) with its sign-up moment, Interesses with the event's date. */
function leadCsvRow(colunas: LeadCsvColunas) {
  return (lead: {
    nomeAluno: string;
    nomeResponsavel: string;
    email: string;
    telefone: string | null;
    nomeEscola: string;
    dataEvento: string;
    createdAt: Date;
    clienteNome: string | null;
    origem: OrigemVista | null;
  }): CsvValue[] => [
    lead.nomeAluno,
    lead.nomeResponsavel,
    lead.email,
    formatPhone(lead.telefone),
    lead.nomeEscola,
    colunas.interesses ? formatDateOnly(lead.dataEvento) : csvDate(lead.createdAt),
    ...(colunas.cliente ? [lead.clienteNome] : []),
    ...ORIGEM_CSV.map(([, valor]) => valor(lead.origem)),
  ];
}

const exportQuery = (filtros: Record<string, unknown>): LeadsExportQuery => leadsExportQuerySchema.parse(filtros);

// The same rows, columns and file name as the direct download, written by the export job.
registrarLista({
  nome: 'leads',
  nomeArquivo: async (db, actor, filtros, now) => {
    const { view, eventoId } = exportQuery(filtros);
    const evento = await findFunnelEvento(db, actor, eventoId);
    return csvFileName(
      view === 'interesses' ? CSV_PREFIXES.interesses : CSV_PREFIXES.leads,
      evento,
      todayInBrasilia(now),
    );
  },
  contar: (db, actor, filtros, now, limite) => {
    const { view: _view, ...filter } = exportQuery(filtros);
    return countLeadsExport(db, actor, filter, clockAt(now), limite);
  },
  cabecalho: (filtros, actor) => leadCsvCabecalho(actor, exportQuery(filtros).view === 'interesses'),
  lotes: (db, actor, filtros, now) => {
    const { view, ...filter } = exportQuery(filtros);
    return mapBatches(
      keysetBatches(leadsExportBatch(db, actor, filter, clockAt(now))),
      leadCsvRow(leadCsvColunas(actor, view === 'interesses')),
    );
  },
});
