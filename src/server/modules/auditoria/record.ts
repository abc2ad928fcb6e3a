import type { FastifyRequest } from 'fastify';
import type { AuditAcao } from '../../../shared/schemas/auditoria';
import type { Executor } from '../../db/connect';
import { audit } from './record.repository';

/**
 * A CSV export's batches, passed through, and its audit row once the last batch is read or the client went
 * away: the filters it was asked with and how many rows it carried (`completo` false when cut short).
 */
export async function* auditedExport<R>(
  db: Executor,
  request: FastifyRequest,
  entry: { acao: AuditAcao; filtros: Record<string, unknown> },
  batches: AsyncIterable<R[]>,
): AsyncGenerator<R[]> {
  let linhas = 0;
  let completo = false;
  try {
    for await (const batch of batches) {
      linhas += batch.length;
      yield batch;
    }
    completo = true;
  } finally {
    const filtros = Object.fromEntries(Object.entries(entry.filtros).filter(([, v]) => v !== undefined && v !== ''));
    await audit(db, { acao: entry.acao, detalhes: { filtros, linhas, completo }, request });
  }
}
