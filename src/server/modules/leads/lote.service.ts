import type { FastifyInstance } from 'fastify';
import { ACOMPANHAMENTO_MESSAGES as M } from '../../../shared/schemas/acompanhamento';
import { LOTE_MAX, LOTE_MESSAGES, type LeadsLote, type LeadsLoteResposta } from '../../../shared/schemas/distribuicao';
import { leadsExportQuerySchema, type LeadsExportQuery, type LeadsFilter } from '../../../shared/schemas/funnel';
import { can } from '../../../shared/permissions';
import type { Actor } from '../../access/actor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { audit } from '../auditoria';
import { criarExportacao, enfileirarExportacao } from '../exportacoes';
import { findVendedorVisible } from './acompanhamento.repository';
import { clockAt, countLeadsExport, leadConditions, type LeadsSelecao } from './leads.repository';
import {
  atribuirAutomaticoLote,
  atribuirLote,
  countLote,
  lockLote,
  loteTemContatado,
  loteTemMatricula,
  statusLote,
} from './lote.repository';

/**
 * Ações em lote on Leads and Interesses (issue 50): the rows chosen on the list, or every lead its filters match,
 * assigned a vendedor (or none, or each by its micro-franquia's rule), put in a status, or exported. A change is
 * one transaction of a few set-based statements, one history entry per changed lead (as the single lead's change
 * writes it) and one audit row; a lead already as asked is neither counted nor written.
 */

/** The permission each action asks, beyond the route's. */
const PERMISSAO = { atribuir: 'leads.atribuir', status: 'leads.acompanhar', exportar: 'leads.ler' } as const;

/** The direct download's address holds the chosen ids up to this many; more go to an export job. */
const IDS_NO_ENDERECO_MAX = 100;

/** The list's filters, none set. */
const SEM_FILTRO: LeadsFilter = { q: undefined, eventoId: undefined, data: undefined };

/** The selection as the list's filters: the chosen ids (any filters beside them narrow them), or the filters. */
function selecaoDe(lote: LeadsLote): LeadsSelecao & { view?: LeadsExportQuery['view'] } {
  if (lote.ids) return { ...(lote.filtro ?? SEM_FILTRO), ids: [...new Set(lote.ids)] };
  return lote.filtro!;
}

/** POST /api/leads/lote */
export async function executarLote(app: FastifyInstance, actor: Actor, lote: LeadsLote): Promise<LeadsLoteResposta> {
  if (!can(actor.role, PERMISSAO[lote.acao])) {
    throw forbidden(lote.acao === 'atribuir' ? M.semPermissaoAtribuir : LOTE_MESSAGES.semPermissao);
  }
  const now = app.clock.now();
  const clock = clockAt(now);
  const { view, ...selecao } = selecaoDe(lote);
  const alvo = leadConditions(actor, selecao, clock)!;

  if (lote.ids) {
    // A chosen lead the caller does not see answers as one that does not exist: nothing is changed.
    const vistos = await countLote(
      app.db,
      leadConditions(actor, { ...SEM_FILTRO, ids: selecao.ids }, clock)!,
      LOTE_MAX,
    );
    if (vistos !== selecao.ids!.length) throw notFound(M.leadNaoEncontrado);
  }
  if (lote.acao === 'exportar') return exportar(app, actor, { ...selecao, view: view ?? 'leads' }, lote.ids);
  if (lote.filtro && !lote.ids && (await countLote(app.db, alvo, LOTE_MAX)) > LOTE_MAX) {
    throw badRequest(LOTE_MESSAGES.muitos);
  }

  return app.db.transaction(async (tx) => {
    const microFranquias = await lockLote(tx, alvo);
    let alterados: number;
    const detalhes: Record<string, unknown> = { acao: lote.acao };
    if (lote.acao === 'atribuir') {
      if (lote.automatico) {
        alterados = await atribuirAutomaticoLote(tx, alvo, now, actor.id);
        detalhes.automatico = true;
      } else {
        const vendedorId = lote.vendedorId ?? null;
        if (vendedorId) {
          const vendedor = await findVendedorVisible(tx, actor, vendedorId);
          if (!vendedor) throw notFound(M.responsavelNaoEncontrado);
          if (!vendedor.isActive || microFranquias.some((mf) => mf !== vendedor.microFranquiaId)) {
            throw badRequest(M.responsavelOutraMicroFranquia, { vendedorId: M.responsavelOutraMicroFranquia });
          }
        }
        alterados = await atribuirLote(tx, alvo, vendedorId, now, actor.id);
        detalhes.vendedorId = vendedorId;
      }
    } else {
      const status = lote.status!;
      if (status !== 'convertido' && (await loteTemMatricula(tx, alvo))) throw conflict(M.convertidoComMatricula);
      if (status === 'novo' && (await loteTemContatado(tx, alvo))) {
        throw badRequest(M.contatadoNaoVoltaNovo, { status: M.contatadoNaoVoltaNovo });
      }
      const motivo = status === 'sem_interesse' ? (lote.motivoPerda ?? null) : null;
      alterados = await statusLote(tx, alvo, status, motivo, now, actor.id);
      detalhes.status = status;
      if (motivo) detalhes.motivoPerda = motivo;
    }
    await audit(tx, {
      acao: 'leads.lote',
      detalhes: {
        ...detalhes,
        alterados,
        ...(lote.ids ? { ids: selecao.ids!.length } : { filtro: lote.filtro }),
      },
    });
    return { alterados, exportacao: null };
  });
}

/** The list's query string of a selection, as the direct download reads it (the ids comma-separated). */
function enderecoDe(filtros: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [nome, valor] of Object.entries(filtros)) {
    if (valor === undefined || valor === null || valor === '') continue;
    params.set(nome, Array.isArray(valor) ? valor.join(',') : String(valor));
  }
  const query = params.toString();
  return `/api/leads/export.csv${query ? `?${query}` : ''}`;
}

/**
 * 'Exportar': what POST /api/leads/exportacoes does with these filters (the direct download's address, or an
 * export job above its size) -- with the chosen ids, the same file of those leads only. The export audits itself
 * (its download, or its job's creation).
 */
async function exportar(
  app: FastifyInstance,
  actor: Actor,
  selecao: LeadsSelecao & { view: LeadsExportQuery['view'] },
  ids: string[] | undefined,
): Promise<LeadsLoteResposta> {
  const filtros = JSON.parse(JSON.stringify(selecao)) as Record<string, unknown>;
  // What the export's own parse will read back: the filters as the list's export takes them.
  leadsExportQuerySchema.parse(filtros);
  const { view: _view, ...filter } = selecao;
  const alterados = await countLeadsExport(app.db, actor, filter, clockAt(app.clock.now()));
  const nova =
    ids && ids.length > IDS_NO_ENDERECO_MAX
      ? { direta: false as const, ...(await enfileirarExportacao(app, actor, 'leads', filtros)) }
      : await criarExportacao(app, actor, 'leads', filtros, enderecoDe(filtros));
  return {
    alterados,
    exportacao: nova.direta
      ? { direta: true, arquivo: nova.arquivo, id: null }
      : { direta: false, arquivo: null, id: nova.id },
  };
}
