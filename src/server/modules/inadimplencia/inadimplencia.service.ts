import { addDays } from '../../../shared/brasilia';
import { fromCentavos } from '../../../shared/money/parcelas';
import { FAIXAS_ATRASO, type SomaInadimplencia, taxaInadimplencia } from '../../../shared/money/inadimplencia';
import {
  INADIMPLENCIA_DEFAULT_DAYS,
  type InadimplenciaNumeros,
  type InadimplenciaQuery,
  type InadimplenciaResposta,
} from '../../../shared/schemas/inadimplencia';
import { RELATORIO_MESSAGES, isOrigemAgrupamento } from '../../../shared/schemas/relatorios';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { badRequest } from '../../lib/http-error';
import { resolveAgrupamento, resolveRows } from '../relatorios';
import { findInadimplencia } from './inadimplencia.repository';

/** A group's or the total's figures as the API answers them: reais, the rate in percent with one decimal. */
export function numeros(s: SomaInadimplencia): InadimplenciaNumeros {
  return {
    valorDevido: fromCentavos(s.devidoCentavos),
    parcelasDevidas: s.parcelasDevidas,
    valorVencido: fromCentavos(s.vencidoCentavos),
    parcelasVencidas: s.parcelasVencidas,
    taxaInadimplencia: taxaInadimplencia(s.vencidoCentavos, s.devidoCentavos),
    faixas: FAIXAS_ATRASO.map((faixa) => ({
      faixa,
      valor: fromCentavos(s.faixas[faixa].valorCentavos),
      quantidade: s.faixas[faixa].quantidade,
    })),
  };
}

/**
 * GET /api/relatorios/inadimplencia (issue 43, ADR 077): Relatórios' rules -- the grouping at or below the
 * caller's level, the filters' nodes inside its scope (404 otherwise), the period checked -- over the parcelas due
 * in the period; without a period, the due dates of the last 12 months.
 */
export async function inadimplencia(
  db: Executor,
  actor: Actor,
  query: InadimplenciaQuery,
  hoje: string,
): Promise<{ resposta: InadimplenciaResposta; total: number }> {
  const agrupar = resolveAgrupamento(actor.role, query.agrupar);
  if (agrupar === 'estado' || agrupar === 'cidade' || isOrigemAgrupamento(agrupar)) {
    throw badRequest(RELATORIO_MESSAGES.agruparInvalido, { agrupar: RELATORIO_MESSAGES.agruparInvalido });
  }
  const de = query.de ?? addDays(query.ate ?? hoje, -(INADIMPLENCIA_DEFAULT_DAYS - 1));
  const rows = await resolveRows(db, actor, { ...query, de }, hoje);
  const { grupos, count, totais } = await findInadimplencia(db, actor, rows, {
    agrupar,
    hoje,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    semVendedor: RELATORIO_MESSAGES.semVendedor,
  });
  return {
    resposta: {
      de: rows.de,
      ate: rows.ate,
      hoje,
      agrupar,
      totais: numeros(totais),
      grupos: grupos.map(({ id, rotulo, ...soma }) => ({ id, rotulo, ...numeros(soma) })),
    },
    total: count,
  };
}
