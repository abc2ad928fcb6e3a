import {
  CONTATO_CANAL_LABELS,
  CONTATO_RESULTADO_LABELS,
  LEAD_STATUS_LABELS,
  MOTIVO_PERDA_LABELS,
  type ContatoCanal,
  type ContatoResultado,
  type LeadStatus,
  type MotivoPerda,
} from '../../../shared/schemas/acompanhamento';
import {
  COBRANCA_GUARDA_LEGAL,
  CONTRATO_GUARDA_LEGAL,
  type TitularAcompanhamento,
  type TitularCobranca,
  type TitularConsentimento,
  type TitularContrato,
  type TitularHistorico,
} from '../../../shared/schemas/lgpd';
import {
  PARCELA_STATUS_LABELS,
  PROVEDOR_COBRANCA_LABELS,
  type ParcelaStatus,
  type ProvedorCobranca,
  tituloDaParcela,
} from '../../../shared/cobranca/parcelas';
import { fromCentavos } from '../../../shared/money/parcelas';
import { MATRICULA_STATUS_LABELS, MOTIVO_CANCELAMENTO_LABELS } from '../../../shared/schemas/matricula';
import { formatDateOnly, formatPhone } from '../../../shared/format';
import type { Executor } from '../../db/connect';
import {
  acompanhamentosDosLeads,
  consentimentosDosRegistros,
  type HistoricoRow,
  historicoDosLeads,
  type LeadRow,
  contratosDasMatriculasRows,
  parcelasDasMatriculasRows,
} from './titular-dados.repository';

/**
 * What a titular's records hold beyond their own columns (issue 39 items 3 and 15): every consent whole (notice
 * version, checkbox text, moment, address, browser, revocation), and for a sign-up what staff recorded about the
 * family -- status, owner, next contact, loss reason, first contact, waiting list, cancellation, presence, the
 * voucher, and each contact, note and change of its history, in pt-BR words. Read for the rows findRegistros
 * found, so the portal, its download and the staff's titular view carry the same.
 */

const MAX_CONSENTIMENTOS = 50;
const MAX_HISTORICO = 200;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export interface DadosDosRegistros {
  consentimentos: Map<string, TitularConsentimento[]>;
  acompanhamentos: Map<string, TitularAcompanhamento>;
}

export async function dadosDosRegistros(
  db: Executor,
  leadIds: string[],
  preMatriculaIds: string[],
  now: Date,
): Promise<DadosDosRegistros> {
  const out: DadosDosRegistros = { consentimentos: new Map(), acompanhamentos: new Map() };
  if (leadIds.length || preMatriculaIds.length) {
    const consentimentos = await consentimentosDosRegistros(
      db,
      leadIds,
      preMatriculaIds,
      MAX_CONSENTIMENTOS * (leadIds.length + preMatriculaIds.length),
    );
    for (const row of consentimentos) {
      const lista = out.consentimentos.get(row.registro_id) ?? [];
      if (lista.length >= MAX_CONSENTIMENTOS) continue;
      lista.push({
        versao: row.aviso_versao,
        texto: row.texto,
        em: iso(row.em)!,
        ip: row.ip,
        userAgent: row.user_agent,
        revogadoEm: iso(row.revogado_em),
      });
      out.consentimentos.set(row.registro_id, lista);
    }
  }
  if (!leadIds.length) return out;

  const [leads, historico] = await Promise.all([
    acompanhamentosDosLeads(db, leadIds),
    historicoDosLeads(db, leadIds, MAX_HISTORICO * leadIds.length),
  ]);
  const porLead = new Map<string, TitularHistorico[]>();
  for (const row of historico) {
    const lista = porLead.get(row.lead_id) ?? [];
    if (lista.length >= MAX_HISTORICO) continue;
    const dados = typeof row.dados === 'string' ? (JSON.parse(row.dados) as Record<string, unknown>) : row.dados;
    lista.push({ em: iso(row.em)!, ...historicoTexto(row.tipo, dados) });
    porLead.set(row.lead_id, lista);
  }
  for (const row of leads) {
    out.acompanhamentos.set(row.id, {
      situacao: LEAD_STATUS_LABELS[row.status] ?? row.status,
      responsavel: row.responsavel,
      proximoContatoEm: row.proximo_contato_em,
      motivoPerda: row.motivo_perda ? (MOTIVO_PERDA_LABELS[row.motivo_perda] ?? row.motivo_perda) : null,
      primeiroContatoEm: iso(row.primeiro_contato_em),
      listaEspera: row.lista_espera,
      canceladoEm: iso(row.cancelado_em),
      presenteEm: iso(row.presente_em),
      voucher:
        row.voucher_emitido_em && row.voucher_expira_em
          ? {
              emitidoEm: iso(row.voucher_emitido_em)!,
              validoAte: iso(row.voucher_expira_em)!,
              situacao: voucherSituacao(row, now),
            }
          : null,
      historico: porLead.get(row.id) ?? [],
    });
  }
  return out;
}

/** The voucher's state as the family would put it. */
function voucherSituacao(row: LeadRow, now: Date): string {
  if (row.cancelado_em) return 'Cancelado (inscrição cancelada)';
  if (row.presente_em) return 'Usado na entrada do evento';
  if (new Date(row.voucher_expira_em!).getTime() <= now.getTime()) return 'Expirado';
  return row.lista_espera ? 'Válido (na lista de espera)' : 'Válido';
}

const texto = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const par = (v: unknown): [unknown, unknown] | null => (Array.isArray(v) && v.length === 2 ? [v[0], v[1]] : null);
const nomeDe = (v: unknown): string =>
  v && typeof v === 'object' && 'nome' in v && typeof v.nome === 'string' && v.nome ? v.nome : 'ninguém';
const rotulo = <K extends string>(labels: Record<K, string>, v: unknown): string =>
  v === null || v === undefined ? '-' : (labels[v as K] ?? String(v));
const dia = (v: unknown): string => (typeof v === 'string' && v ? formatDateOnly(v) : 'sem data');

/** One history entry in words ('Contato por WhatsApp: atendeu. Nota: ...'). */
export function historicoTexto(
  tipo: HistoricoRow['tipo'],
  dados: Record<string, unknown>,
): Omit<TitularHistorico, 'em'> {
  switch (tipo) {
    case 'contato': {
      const nota = texto(dados.nota);
      return {
        tipo: 'Contato',
        descricao: `${rotulo(CONTATO_CANAL_LABELS, dados.canal as ContatoCanal)}: ${rotulo(CONTATO_RESULTADO_LABELS, dados.resultado as ContatoResultado)}${nota ? `. Nota: ${nota}` : ''}`,
      };
    }
    case 'nota':
      return { tipo: 'Anotação', descricao: texto(dados.texto) ?? '' };
    case 'responsavel':
      return { tipo: 'Mudança de responsável', descricao: `De ${nomeDe(dados.de)} para ${nomeDe(dados.para)}` };
    case 'reinscricao':
      return {
        tipo: 'Nova inscrição no mesmo evento',
        descricao: [
          texto(dados.nomeResponsavel) ? `Responsável: ${texto(dados.nomeResponsavel)}` : null,
          texto(dados.telefone) ? `Telefone: ${formatPhone(texto(dados.telefone))}` : null,
        ]
          .filter(Boolean)
          .join('. '),
      };
    case 'status': {
      const partes: string[] = [];
      const status = par(dados.status);
      if (status) {
        partes.push(
          `Situação: de ${rotulo(LEAD_STATUS_LABELS, status[0] as LeadStatus)} para ${rotulo(LEAD_STATUS_LABELS, status[1] as LeadStatus)}`,
        );
      }
      const motivo = par(dados.motivoPerda);
      if (motivo) partes.push(`Motivo da perda: ${rotulo(MOTIVO_PERDA_LABELS, motivo[1] as MotivoPerda)}`);
      const retorno = par(dados.proximoContatoEm);
      if (retorno) partes.push(`Próximo contato: ${dia(retorno[1])}`);
      return { tipo: 'Mudança de situação', descricao: partes.join('. ') };
    }
    default:
      return { tipo: String(tipo), descricao: '' };
  }
}

/**
 * The contracts of the titular's matrículas (issue 42): version, price, where each stands, when it was accepted
 * and cancelled, the fee, the text; an accepted one says why it outlives an anonymisation (LGPD art. 16 I).
 */
export async function contratosDasMatriculas(
  db: Executor,
  matriculaIds: string[],
): Promise<Map<string, TitularContrato>> {
  const out = new Map<string, TitularContrato>();
  if (!matriculaIds.length) return out;
  const rows = await contratosDasMatriculasRows(db, matriculaIds);
  for (const row of rows) {
    const motivo = row.motivo_cancelamento ? ` (${MOTIVO_CANCELAMENTO_LABELS[row.motivo_cancelamento]})` : '';
    out.set(row.matricula_id, {
      versao: Number(row.versao),
      titulo: row.titulo,
      valorTotal: Number(row.valor_total),
      parcelas: Number(row.parcelas),
      valorParcela: Number(row.valor_parcela),
      valorUltimaParcela: Number(row.valor_ultima_parcela),
      multaCancelamentoPct: Number(row.multa_cancelamento_pct),
      situacao: `${MATRICULA_STATUS_LABELS[row.status] ?? row.status}${motivo}`,
      criadoEm: iso(row.created_at)!,
      aceitoEm: iso(row.aceito_em),
      canceladaEm: iso(row.cancelada_em),
      multaCancelamento: row.multa_cancelamento === null ? null : Number(row.multa_cancelamento),
      guardaLegal: row.aceito_em === null ? null : CONTRATO_GUARDA_LEGAL,
      texto: row.texto,
    });
  }
  return out;
}

/**
 * What billing holds about the titular's matrículas (issue 43): the gateway and each parcela, with why they outlive
 * an anonymisation (the accepted contract's legal retention: LGPD art. 16 I). A matrícula never billed has none.
 */
export async function cobrancaDasMatriculas(
  db: Executor,
  matriculaIds: string[],
): Promise<Map<string, TitularCobranca>> {
  const out = new Map<string, TitularCobranca>();
  if (!matriculaIds.length) return out;
  for (const row of await parcelasDasMatriculasRows(db, matriculaIds)) {
    let cobranca = out.get(row.matricula_id);
    if (!cobranca) {
      cobranca = {
        meioDePagamento: PROVEDOR_COBRANCA_LABELS[row.provedor as ProvedorCobranca] ?? row.provedor,
        parcelas: [],
        guardaLegal: COBRANCA_GUARDA_LEGAL,
      };
      out.set(row.matricula_id, cobranca);
    }
    cobranca.parcelas.push({
      titulo: tituloDaParcela({
        tipo: row.tipo,
        numero: Number(row.numero),
        totalParcelas: Number(row.total_parcelas),
        renegociacao: row.renegociacao,
      }),
      numero: Number(row.numero),
      totalParcelas: Number(row.total_parcelas),
      valor: fromCentavos(Number(row.valor_centavos)),
      vencimento: row.vencimento,
      situacao: PARCELA_STATUS_LABELS[row.status as ParcelaStatus] ?? row.status,
      pagaEm: row.paga_em,
    });
  }
  return out;
}
