import type { LeadStatus, MotivoPerda } from '../../../shared/schemas/acompanhamento';
import { type SQL, sql } from 'drizzle-orm';
import type { MatriculaStatus, MotivoCancelamento } from '../../../shared/schemas/matricula';
import { type Executor, executeRows } from '../../db/connect';
import {
  consentimentos,
  contratos,
  leadHistorico,
  leadVouchers,
  leads,
  matriculas,
  parcelas,
  renegociacoes,
  users,
  vendedores,
} from '../../db/schema';

/** The rows titular-dados.ts words for the titular (issue 39 items 3 and 15): consents, follow-up, history. */

const uuidList = (ids: string[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

export interface ConsentimentoRow {
  registro_id: string;
  aviso_versao: string;
  texto: string;
  em: Date | string;
  ip: string | null;
  user_agent: string | null;
  revogado_em: Date | string | null;
}

export interface LeadRow {
  id: string;
  status: LeadStatus;
  responsavel: string | null;
  proximo_contato_em: string | null;
  motivo_perda: MotivoPerda | null;
  primeiro_contato_em: Date | string | null;
  lista_espera: boolean;
  cancelado_em: Date | string | null;
  presente_em: Date | string | null;
  voucher_emitido_em: Date | string | null;
  voucher_expira_em: Date | string | null;
}

export interface HistoricoRow {
  lead_id: string;
  tipo: 'reinscricao' | 'contato' | 'status' | 'responsavel' | 'nota';
  em: Date | string;
  dados: Record<string, unknown> | string;
}

/** Every consent of the records, newest first, up to `limite` in all. */
export function consentimentosDosRegistros(
  db: Executor,
  leadIds: string[],
  preMatriculaIds: string[],
  limite: number,
): Promise<ConsentimentoRow[]> {
  const partes: SQL[] = [];
  if (leadIds.length) partes.push(sql`lead_id in ${uuidList(leadIds)}`);
  if (preMatriculaIds.length) partes.push(sql`pre_matricula_id in ${uuidList(preMatriculaIds)}`);
  return executeRows<ConsentimentoRow>(
    db,
    sql`select coalesce(lead_id, pre_matricula_id) as registro_id, aviso_versao, texto, em, ip,
        user_agent, revogado_em
      from ${consentimentos} where ${sql.join(partes, sql` or `)}
      order by em desc limit ${limite}`,
  );
}

/** What staff recorded about each lead's family, with its latest voucher. */
export function acompanhamentosDosLeads(db: Executor, leadIds: string[]): Promise<LeadRow[]> {
  return executeRows<LeadRow>(
    db,
    sql`select l.id, l.status::text as status, ru.nome as responsavel, l.proximo_contato_em::text as proximo_contato_em,
        l.motivo_perda::text as motivo_perda, l.primeiro_contato_em, l.lista_espera, l.cancelado_em, l.presente_em,
        v.created_at as voucher_emitido_em, v.expira_em as voucher_expira_em
      from ${leads} l
      left join ${vendedores} rv on rv.id = l.responsavel_id
      left join ${users} ru on ru.id = rv.user_id
      left join lateral (select created_at, expira_em from ${leadVouchers}
        where lead_id = l.id order by created_at desc limit 1) v on true
      where l.id in ${uuidList(leadIds)}`,
  );
}

/** The leads' history, newest first, up to `limite` in all. */
export function historicoDosLeads(db: Executor, leadIds: string[], limite: number): Promise<HistoricoRow[]> {
  return executeRows<HistoricoRow>(
    db,
    sql`select lead_id, tipo::text as tipo, em, dados from ${leadHistorico}
      where lead_id in ${uuidList(leadIds)} order by em desc limit ${limite}`,
  );
}

export interface ContratoRow {
  matricula_id: string;
  versao: number;
  titulo: string;
  texto: string;
  valor_total: string;
  parcelas: number;
  valor_parcela: string;
  valor_ultima_parcela: string;
  multa_cancelamento_pct: number;
  created_at: Date | string;
  aceito_em: Date | string | null;
  status: MatriculaStatus;
  motivo_cancelamento: MotivoCancelamento | null;
  cancelada_em: Date | string | null;
  multa_cancelamento: string | null;
}

/** The contracts of the titular's matrículas with where each matrícula stands (issue 42). */
export function contratosDasMatriculasRows(db: Executor, matriculaIds: string[]): Promise<ContratoRow[]> {
  return executeRows<ContratoRow>(
    db,
    sql`select c.matricula_id, c.versao, c.titulo, c.texto, c.valor_total, c.parcelas, c.valor_parcela,
        c.valor_ultima_parcela, c.multa_cancelamento_pct, c.created_at, c.aceito_em, m.status::text as status,
        m.motivo_cancelamento::text as motivo_cancelamento, m.cancelada_em, m.multa_cancelamento
      from ${contratos} c join ${matriculas} m on m.id = c.matricula_id
      where c.matricula_id in ${uuidList(matriculaIds)}`,
  );
}

export interface ParcelaDoTitularRow {
  matricula_id: string;
  numero: number;
  total_parcelas: number;
  renegociacao: boolean;
  tipo: string;
  valor_centavos: number;
  vencimento: string;
  status: string;
  paga_em: string | null;
  provedor: string;
}

/**
 * The parcelas of the titular's matrículas (issue 43), in each matrícula's order; each numbered in its own plan
 * (ADR 084: the contract's, or a renegotiation's 1..N).
 */
export function parcelasDasMatriculasRows(db: Executor, matriculaIds: string[]): Promise<ParcelaDoTitularRow[]> {
  return executeRows<ParcelaDoTitularRow>(
    db,
    sql`select p.matricula_id,
        (case when r.id is null then p.numero else p.numero - r.primeiro_numero + 1 end)::int as numero,
        (case when r.id is null
          then count(*) filter (where p.tipo = 'mensalidade' and p.plano_renegociacao_id is null) over (partition by p.matricula_id)
          else r.novas_parcelas end)::int as total_parcelas,
        (r.id is not null) as renegociacao,
        p.tipo::text as tipo,
        p.valor_centavos, p.vencimento::text as vencimento, p.status::text as status, p.paga_em::text as paga_em,
        p.provedor
      from ${parcelas} p
      left join ${renegociacoes} r on r.id = p.plano_renegociacao_id
      where p.matricula_id in ${uuidList(matriculaIds)}
      order by p.matricula_id, p.numero`,
  );
}
