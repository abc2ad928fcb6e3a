import { type SQL, sql } from 'drizzle-orm';
import type { LeadStatus, MotivoPerda } from '../../../shared/schemas/acompanhamento';
import { type Executor, executeRows } from '../../db/connect';
import { leadHistorico, leads, matriculas, preMatriculas, users, vendedores } from '../../db/schema';

/**
 * Ações em lote (issue 50): the chosen leads changed in a few set-based statements whatever their number -- each
 * changed lead with its one history entry, as the single lead's change writes it. `alvo` is the leads' condition
 * (`leadConditions`: the list's filters and the actor's scope, or the chosen ids), naming the table unaliased.
 */

/** The leads of `alvo`, counted up to `limite` + 1 (enough to refuse a selection too big). */
export async function countLote(db: Executor, alvo: SQL, limite: number): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${leads} where ${alvo} limit ${limite + 1}) as x`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Locks the leads of `alvo` for the transaction (in one order, so two bulk actions on the same leads wait for each
 * other instead of deadlocking) and answers their micro-franquias ('' for a lead without one).
 */
export async function lockLote(tx: Executor, alvo: SQL): Promise<string[]> {
  const rows = await executeRows<{ micro_franquia_id: string | null }>(
    tx,
    sql`select distinct x.micro_franquia_id from (
        select ${leads.id}, ${leads.microFranquiaId} from ${leads} where ${alvo}
        order by ${leads.microFranquiaId}, ${leads.createdAt}, ${leads.id} for update
      ) as x`,
  );
  return rows.map((r) => r.micro_franquia_id ?? '');
}

/** `{id, nome}` of a vendedor (null for none), as the history's 'responsavel' entries hold it. */
const responsavelJson = (vendedorId: SQL) => sql`case when ${vendedorId} is null then null else jsonb_build_object(
    'id', ${vendedorId}, 'nome', (select coalesce(u.nome, u.email) from ${vendedores} v join ${users} u on u.id = v.user_id
      where v.id = ${vendedorId})) end`;

/** Each lead of `alvo` given `vendedorId` (or none), but those that have it already; answers how many changed. */
export async function atribuirLote(
  tx: Executor,
  alvo: SQL,
  vendedorId: string | null,
  em: Date,
  autorId: string,
): Promise<number> {
  const para = sql`${vendedorId}::uuid`;
  const [row] = await executeRows<{ n: number }>(
    tx,
    sql`with alvo as (
        select ${leads.id} as id, ${leads.responsavelId} as de from ${leads}
        where ${alvo} and ${leads.responsavelId} is distinct from ${para}
      ), mudou as (
        update ${leads} l set responsavel_id = ${para} from alvo where l.id = alvo.id
        returning l.id, alvo.de
      ), historico as (
        insert into ${leadHistorico} (lead_id, tipo, em, autor_id, dados)
        select mudou.id, 'responsavel', ${em.toISOString()}::timestamptz, ${autorId}::uuid,
          jsonb_build_object('de', ${responsavelJson(sql`mudou.de`)}, 'para', ${responsavelJson(para)})
        from mudou
      )
      select count(*)::int as n from mudou`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Each lead of `alvo` given a vendedor by its micro-franquia's rule (`distribuicao_escolher`, the trigger's own),
 * in micro-franquia order, then sign-up order; a lead whose micro-franquia gives none ('nenhuma', nobody eligible)
 * keeps its own. The history says 'automático'. Answers how many changed.
 */
export async function atribuirAutomaticoLote(tx: Executor, alvo: SQL, em: Date, autorId: string): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    tx,
    sql`with alvo as materialized (
        select ${leads.id} as id, ${leads.microFranquiaId} as micro_franquia_id, ${leads.eventoId} as evento_id,
          ${leads.responsavelId} as de, ${leads.createdAt} as created_at
        from ${leads} where ${alvo} and ${leads.microFranquiaId} is not null
        order by ${leads.microFranquiaId}, ${leads.createdAt}, ${leads.id}
      ), escolha as materialized (
        select alvo.id, alvo.de, distribuicao_escolher(alvo.micro_franquia_id, alvo.evento_id) as para
        from alvo order by alvo.micro_franquia_id, alvo.created_at, alvo.id
      ), mudou as (
        update ${leads} l set responsavel_id = escolha.para from escolha
        where l.id = escolha.id and escolha.para is not null and escolha.para is distinct from escolha.de
        returning l.id, escolha.de, escolha.para
      ), historico as (
        insert into ${leadHistorico} (lead_id, tipo, em, autor_id, dados)
        select mudou.id, 'responsavel', ${em.toISOString()}::timestamptz, ${autorId}::uuid,
          jsonb_build_object('de', ${responsavelJson(sql`mudou.de`)}, 'para', ${responsavelJson(sql`mudou.para`)},
            'automatico', true)
        from mudou
      )
      select count(*)::int as n from mudou`,
  );
  return Number(row?.n ?? 0);
}

/** Whether a lead of `alvo` is 'convertido' with a matrícula (its status stays: the single change's 409). */
export async function loteTemMatricula(db: Executor, alvo: SQL): Promise<boolean> {
  const [row] = await executeRows<{ sim: boolean }>(
    db,
    sql`select exists (select 1 from ${leads} where ${alvo} and ${leads.status} = 'convertido' and (
        exists (select 1 from ${matriculas} m where m.lead_id = ${leads.id})
        or exists (select 1 from ${matriculas} m join ${preMatriculas} p on p.id = m.pre_matricula_id
          where p.lead_id = ${leads.id}))) as sim`,
  );
  return Boolean(row?.sim);
}

/** Whether a lead of `alvo` was contacted and moved on ('novo' is never contacted: the single change's 400). */
export async function loteTemContatado(db: Executor, alvo: SQL): Promise<boolean> {
  const [row] = await executeRows<{ sim: boolean }>(
    db,
    sql`select exists (select 1 from ${leads} where ${alvo} and ${leads.status} <> 'novo'
        and ${leads.primeiroContatoEm} is not null) as sim`,
  );
  return Boolean(row?.sim);
}

/**
 * Each lead of `alvo` put in `status` (with `motivo`, null but for 'sem_interesse'), but those already so; em
 * contato and interessado date a first contact where none was (as the single change does). Each changed lead's
 * history entry: `{status: [antes, depois]}` and/or `{motivoPerda: [antes, depois]}`. Answers how many changed.
 */
export async function statusLote(
  tx: Executor,
  alvo: SQL,
  status: LeadStatus,
  motivo: MotivoPerda | null,
  em: Date,
  autorId: string,
): Promise<number> {
  const s = sql`${status}::lead_status`;
  const m = sql`${motivo}::motivo_perda`;
  const quando = sql`${em.toISOString()}::timestamptz`;
  const contatado = status === 'em_contato' || status === 'interessado';
  const [row] = await executeRows<{ n: number }>(
    tx,
    sql`with alvo as (
        select ${leads.id} as id, ${leads.status} as antes, ${leads.motivoPerda} as motivo_antes from ${leads}
        where ${alvo} and (${leads.status} <> ${s} or ${leads.motivoPerda} is distinct from ${m})
      ), mudou as (
        update ${leads} l set status = ${s}, motivo_perda = ${m},
          primeiro_contato_em = ${contatado ? sql`coalesce(l.primeiro_contato_em, ${quando})` : sql`l.primeiro_contato_em`}
        from alvo where l.id = alvo.id
        returning l.id, alvo.antes, alvo.motivo_antes
      ), historico as (
        insert into ${leadHistorico} (lead_id, tipo, em, autor_id, dados)
        select mudou.id, 'status', ${quando}, ${autorId}::uuid,
          (case when mudou.antes <> ${s} then jsonb_build_object('status', jsonb_build_array(mudou.antes, ${s}))
            else '{}'::jsonb end)
          || (case when mudou.motivo_antes is distinct from ${m}
            then jsonb_build_object('motivoPerda', jsonb_build_array(mudou.motivo_antes, ${m})) else '{}'::jsonb end)
        from mudou
      )
      select count(*)::int as n from mudou`,
  );
  return Number(row?.n ?? 0);
}
