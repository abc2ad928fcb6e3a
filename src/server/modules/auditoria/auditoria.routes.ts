import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatDateTime } from '../../../shared/format';
import { ROLE_LABELS } from '../../../shared/roles';
import { rolesFor } from '../../../shared/permissions';
import {
  AUDIT_ACOES,
  AUDIT_ENTIDADES,
  AUDITORIA_CSV_COLUMNS,
  type AtividadeItem,
  TOTAL_COUNT_EXACT_HEADER,
  auditoriaCsvFileName,
  auditoriaExportQuerySchema,
  atividadeItemSchema,
  auditoriaItemSchema,
  auditoriaQuerySchema,
} from '../../../shared/schemas/auditoria';
import { dispositivoDe } from '../../../shared/schemas/conta';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import { keysetBatches, mapBatches, sendCsv } from '../funnel';
import { todayInBrasilia } from '../../../shared/brasilia';
import { auditoriaExportBatch, listAtividade, listAuditoria, toAuditoriaItem } from './auditoria.repository';
import { auditedExport } from './record';

/** A change as one CSV cell: `campo: antes → depois; ...` (already masked). */
function alteracoesText(alteracoes: Record<string, [unknown, unknown]> | null): string {
  if (!alteracoes) return '';
  const show = (v: unknown) =>
    v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return Object.entries(alteracoes)
    .map(([campo, [antes, depois]]) => `${campo}: ${show(antes)} → ${show(depois)}`)
    .join('; ');
}

/** The audit trail's reading side (issue 17): each level its subtree; each person their own sign-ins. */
export async function auditoriaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/auditoria',
    {
      schema: { querystring: auditoriaQuerySchema, response: { 200: z.array(auditoriaItemSchema) } },
      config: { access: rolesFor('auditoria.ler') },
    },
    async (request, reply) => {
      const { rows, total, exact, cursors } = await listAuditoria(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total);
      reply.header(TOTAL_COUNT_EXACT_HEADER, String(exact));
      setCursors(reply, cursors);
      return rows;
    },
  );

  // Itself audited: who took the trail away, with which filters and how many rows. A CSV file, streamed: no JSON
  // answer, so no response schema (ADR 018).
  app.get(
    '/api/auditoria/export.csv',
    { schema: { querystring: auditoriaExportQuerySchema }, config: { access: rolesFor('auditoria.ler') } },
    async (request, reply) => {
      const actor = request.actor!;
      const batches = auditedExport(
        app.db,
        request,
        { acao: 'auditoria.exportar', filtros: request.query },
        keysetBatches(auditoriaExportBatch(request.dbLeitura, actor, request.query)),
      );
      const rows = mapBatches(batches, (row) => {
        const item = toAuditoriaItem(row, false);
        return [
          formatDateTime(item.em),
          item.usuario?.nome ?? '',
          item.usuario?.email ?? '',
          item.papel ? ROLE_LABELS[item.papel] : '',
          AUDIT_ACOES[item.acao]?.rotulo ?? item.acao,
          item.acao,
          AUDIT_ENTIDADES[item.entidade] ?? item.entidade,
          item.entidadeId ?? '',
          alteracoesText(item.alteracoes),
          item.ip ?? '',
          item.userAgent ?? '',
          item.requestId ?? '',
        ];
      });
      return sendCsv(reply, auditoriaCsvFileName(todayInBrasilia(app.clock.now())), AUDITORIA_CSV_COLUMNS, rows);
    },
  );

  // Minha conta: the account's own sign-ins and refused attempts, 90 days.
  app.get(
    '/api/user/atividade',
    { schema: { response: { 200: z.array(atividadeItemSchema) } }, config: { access: 'authenticated' } },
    async (request) => {
      const rows = await listAtividade(app.db, request.actor!.id, app.clock.now());
      return rows.map((row): AtividadeItem => ({
        id: row.id,
        em: row.em.toISOString(),
        acao: row.acao as AtividadeItem['acao'],
        ip: row.ip,
        dispositivo: dispositivoDe(row.userAgent),
      }));
    },
  );
}
