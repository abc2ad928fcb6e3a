import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import {
  EXPORTACAO_MESSAGES,
  exportacaoParamsSchema,
  exportacaoSchema,
  minhasExportacoesSchema,
} from '../../../shared/schemas/exportacoes';
import { CSV_BOM, attachmentDisposition } from '../../lib/csv';
import { conflict, notFound } from '../../lib/http-error';
import { audit } from '../auditoria';
import {
  cancelExportacao,
  findExportacao,
  listMinhasExportacoes,
  readPartes,
  toExportacao,
} from './exportacoes.repository';
import { executarExportacao } from './exportacoes.service';

/**
 * An export's progress, its file and its cancel (issue 22, ADR 034). Each answers its owner only: another user,
 * whatever its role or network, gets 404, as for an export that does not exist.
 */
export async function exportacoesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register('exportacao', executarExportacao);

  async function* arquivo(id: string): AsyncGenerator<string> {
    yield CSV_BOM;
    yield* readPartes(app.db, id);
  }

  const owned = async (userId: string, id: string) => {
    const row = await findExportacao(app.db, userId, id);
    if (!row) throw notFound(EXPORTACAO_MESSAGES.naoEncontrada);
    return row;
  };

  // 'Minhas exportações' (issue 51, ADR 091): the caller's own exports of the last 24 h, whatever its role.
  app.get(
    '/api/exportacoes',
    {
      schema: { response: { 200: minhasExportacoesSchema } },
      config: { access: rolesFor('exportacoes.criar') },
    },
    async (request) => ({ itens: await listMinhasExportacoes(app.db, request.actor!.id, app.clock.now()) }),
  );

  app.get(
    '/api/exportacoes/:id',
    {
      schema: { params: exportacaoParamsSchema, response: { 200: exportacaoSchema } },
      config: { access: rolesFor('exportacoes.criar') },
    },
    async (request) => toExportacao(await owned(request.actor!.id, request.params.id), app.clock.now()),
  );

  // The CSV file itself, streamed: no JSON answer, so no response schema; the document says CSV (ADR 018).
  app.get(
    '/api/exportacoes/:id/arquivo',
    {
      schema: { params: exportacaoParamsSchema },
      config: { access: rolesFor('exportacoes.criar'), produces: ['text/csv'] },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const row = await owned(request.actor!.id, request.params.id);
      // Past its 24 h the file is gone, whether or not the daily cleanup has run yet.
      if (new Date(row.expira_em) <= now) throw notFound(EXPORTACAO_MESSAGES.naoEncontrada);
      if (row.status !== 'concluido') throw conflict(EXPORTACAO_MESSAGES.naoConcluida);
      await audit(app.db, { acao: 'exportacao.baixar', entidadeId: row.id, detalhes: { lista: row.lista } });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(row.nome_arquivo))
        .send(Readable.from(arquivo(row.id), { objectMode: false }));
    },
  );

  app.post(
    '/api/exportacoes/:id/cancelar',
    {
      schema: { params: exportacaoParamsSchema, response: { 200: exportacaoSchema } },
      config: { access: rolesFor('exportacoes.criar') },
    },
    async (request) => {
      const actor = request.actor!;
      const now = app.clock.now();
      const row = await app.db.transaction(async (tx) => {
        const found = await findExportacao(tx, actor.id, request.params.id);
        if (!found) throw notFound(EXPORTACAO_MESSAGES.naoEncontrada);
        if (!(await cancelExportacao(tx, actor.id, found.id, now))) throw conflict(EXPORTACAO_MESSAGES.encerrada);
        await audit(tx, { acao: 'exportacao.cancelar', entidadeId: found.id, detalhes: { lista: found.lista } });
        return (await findExportacao(tx, actor.id, found.id))!;
      });
      return toExportacao(row, now);
    },
  );
}
