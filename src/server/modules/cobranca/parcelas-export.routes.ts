import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInBrasilia } from '../../../shared/brasilia';
import { PARCELA_STATUS_LABELS, type ParcelaStatus, numeracaoCurta } from '../../../shared/cobranca/parcelas';
import { formatBRL, formatDateOnly } from '../../../shared/format';
import { fromCentavos } from '../../../shared/money/parcelas';
import { rolesFor } from '../../../shared/permissions';
import { PARCELAS_CSV_COLUMNS, parcelasCsvFileName, parcelasFilterSchema } from '../../../shared/schemas/parcela';
import type { CsvValue } from '../../lib/csv';
import { auditedExport } from '../auditoria';
import { keysetBatches, mapBatches, sendCsv } from '../funnel';
import { parcelasExportBatch } from './parcelas-export.repository';

/**
 * GET /api/parcelas/export.csv (issue 43, ADR 077): the Parcelas list as a file, with the list's filters and
 * order (latest due date first), read in keyset batches and streamed as the other exports are, audited with its
 * filters and its number of rows. Money in reais as the other CSVs write it ('R$ 1.234,56').
 */

const reais = (centavos: number | null): string | null =>
  centavos === null ? null : formatBRL(fromCentavos(centavos));

const parcelaCsvRow = (p: {
  aluno: string;
  email: string;
  cursoTitulo: string | null;
  nomeEscola: string;
  tipo: string;
  numero: number;
  totalParcelas: number;
  renegociacao: boolean;
  vencimento: string;
  valorCentavos: number;
  status: ParcelaStatus;
  pagaEm: string | null;
  valorLiquidoCentavos: number | null;
  invoiceUrl: string | null;
}): CsvValue[] => [
  p.aluno,
  p.email,
  p.cursoTitulo,
  p.nomeEscola,
  numeracaoCurta({
    tipo: p.tipo,
    numero: Number(p.numero),
    totalParcelas: Number(p.totalParcelas),
    renegociacao: p.renegociacao,
  }),
  formatDateOnly(p.vencimento),
  reais(p.valorCentavos),
  PARCELA_STATUS_LABELS[p.status],
  p.pagaEm ? formatDateOnly(p.pagaEm) : null,
  reais(p.valorLiquidoCentavos),
  p.invoiceUrl,
];

export async function parcelasExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // A CSV file, streamed: no JSON answer, so no response schema (ADR 018).
  app.get(
    '/api/parcelas/export.csv',
    { schema: { querystring: parcelasFilterSchema }, config: { access: rolesFor('parcelas.listar') } },
    async (request, reply) => {
      const rows = mapBatches(
        auditedExport(
          app.db,
          request,
          { acao: 'parcelas.exportar', filtros: request.query },
          keysetBatches(parcelasExportBatch(request.dbLeitura, request.actor!, request.query)),
        ),
        parcelaCsvRow,
      );
      return sendCsv(reply, parcelasCsvFileName(todayInBrasilia(app.clock.now())), PARCELAS_CSV_COLUMNS, rows);
    },
  );
}
