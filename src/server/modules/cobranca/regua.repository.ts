import { type SQL, and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { franquiasVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import {
  cobrancaLinks,
  cobrancaReguaEnvios,
  cobrancaReguas,
  franquias,
  matriculas,
  parcelas,
  preMatriculas,
} from '../../db/schema';
import type { ParcelaStatus } from '../../../shared/cobranca/parcelas';
import {
  ETAPAS_REGUA,
  type EtapaRegua,
  type EtapasDaRegua,
  REGUA_TOLERANCIA_DIAS,
} from '../../../shared/cobranca/regua';
import { addDays } from '../../../shared/brasilia';
import { daRenegociacao, numeroNoPlano, planoDaParcela, totalDoPlano } from './cobranca.repository';

/** Régua de cobrança's and the responsável's link's SQL (issue 43, ADR 078). */

// --- The franquia's steps ------------------------------------------------------------------------------------

/** A franquia in the caller's scope (its own, or one of the franqueador's), or undefined (404). */
export async function franquiaNoEscopo(db: Executor, actor: Actor, franquiaId: string) {
  const [row] = await db
    .select({ id: franquias.id, razaoSocial: franquias.razaoSocial })
    .from(franquias)
    .where(and(eq(franquias.id, franquiaId), franquiasVisibleTo(actor)));
  return row;
}

export async function reguaDaFranquia(db: Executor, franquiaId: string, paraAlterar = false) {
  const query = db.select().from(cobrancaReguas).where(eq(cobrancaReguas.franquiaId, franquiaId));
  const [row] = paraAlterar ? await query.for('update') : await query;
  return row;
}

export async function gravarRegua(db: Executor, franquiaId: string, etapas: EtapasDaRegua, now: Date) {
  const [row] = await db
    .insert(cobrancaReguas)
    .values({ franquiaId, ...etapas, updatedAt: now })
    .onConflictDoUpdate({ target: cobrancaReguas.franquiaId, set: { ...etapas, updatedAt: now } })
    .returning();
  return row!;
}

// --- The daily run -------------------------------------------------------------------------------------------

/** A parcela still to be paid near a step's day, with what its notice needs. */
export interface ParcelaParaAviso {
  id: string;
  matriculaId: string;
  tipo: string;
  /** ADR 084: n of N in its own plan (the contract's, or a renegotiation's). */
  numero: number;
  totalParcelas: number;
  renegociacao: boolean;
  valorCentavos: number;
  vencimento: string;
  status: ParcelaStatus;
  invoiceUrl: string | null;
  bankSlipUrl: string | null;
  pixCopiaECola: string | null;
  franqueadorId: string;
  aluno: string;
  cursoTitulo: string | null;
  email: string;
  nomeResponsavel: string | null;
  cpfResponsavel: string;
  antes3: boolean;
  vencimentoLigado: boolean;
  depois1: boolean;
  depois7: boolean;
  enviadas: string | null;
  /** The family's WhatsApp (issue 47): its phone and the records its consent may be on. */
  telefone: string | null;
  preMatriculaId: string;
  leadId: string | null;
}

/** A family of the day's run, as the batches' keyset orders them: its network (as text) and responsável's CPF. */
export interface FamiliaDaRegua {
  rede: string;
  cpf: string;
}

const familiaSql = sql`(coalesce(p.franqueador_id::text, ''), pm.cpf_responsavel)`;

/**
 * Where the day's candidates are: open or overdue parcelas due from (the last step + the tolerance) days ago to 3
 * days ahead (the partial index `parcelas_a_pagar_vencimento_idx`), of an active matrícula not anonymised with a
 * responsável's CPF (the family).
 */
function candidatasDoDia(hoje: string, juntar: SQL = sql``) {
  const desde = addDays(hoje, -(7 + REGUA_TOLERANCIA_DIAS));
  const ate = addDays(hoje, 3);
  return sql`from ${parcelas} p
      join ${matriculas} m on m.id = p.matricula_id
      join ${preMatriculas} pm on pm.id = m.pre_matricula_id
      ${juntar}
      where p.status in ('aberta', 'vencida') and p.vencimento between ${desde}::date and ${ate}::date
        and m.status = 'ativa' and m.anonimizado_em is null and pm.cpf_responsavel is not null`;
}

/**
 * The next `limite` families with a candidate today after `depois` (ADR 084: the daily run reads its candidates a
 * batch of families at a time, so a family's parcelas are never split between two batches -- one message a family).
 */
export function familiasParaRegua(
  db: Executor,
  hoje: string,
  depois: FamiliaDaRegua | null,
  limite: number,
): Promise<FamiliaDaRegua[]> {
  return executeRows<FamiliaDaRegua>(
    db,
    sql`select distinct coalesce(p.franqueador_id::text, '') as rede, pm.cpf_responsavel as cpf
      ${candidatasDoDia(hoje)}
        ${depois ? sql`and ${familiaSql} > (${depois.rede}, ${depois.cpf})` : sql``}
      order by 1, 2
      limit ${limite}`,
  );
}

/**
 * The candidates of the families from `de` to `ate` (a batch of `familiasParaRegua`), with their franquia's steps
 * (all on without a row) and the steps already sent.
 */
export function parcelasParaRegua(
  db: Executor,
  hoje: string,
  de: FamiliaDaRegua,
  ate: FamiliaDaRegua,
): Promise<ParcelaParaAviso[]> {
  const plano = planoDaParcela(sql.raw('p'));
  return executeRows<ParcelaParaAviso>(
    db,
    sql`select p.id, p.matricula_id as "matriculaId", p.tipo, ${plano.numero} as numero,
        ${plano.total} as "totalParcelas", ${plano.renegociacao} as renegociacao, p.valor_centavos as "valorCentavos",
        p.vencimento::text as vencimento, p.status, p.invoice_url as "invoiceUrl", p.bank_slip_url as "bankSlipUrl",
        p.pix_copia_e_cola as "pixCopiaECola", p.franqueador_id as "franqueadorId",
        m.nome as aluno, m.curso_titulo as "cursoTitulo", m.email, pm.nome_responsavel as "nomeResponsavel",
        pm.cpf_responsavel as "cpfResponsavel", coalesce(m.telefone, pm.telefone) as telefone,
        pm.id as "preMatriculaId", pm.lead_id as "leadId",
        coalesce(r.antes3, true) as antes3, coalesce(r.vencimento, true) as "vencimentoLigado",
        coalesce(r.depois1, true) as depois1, coalesce(r.depois7, true) as depois7,
        (select string_agg(e.etapa, ',') from ${cobrancaReguaEnvios} e where e.parcela_id = p.id) as enviadas
      ${candidatasDoDia(hoje, sql`left join ${cobrancaReguas} r on r.franquia_id = p.franquia_id`)}
        and ${familiaSql} between (${de.rede}, ${de.cpf}) and (${ate.rede}, ${ate.cpf})
      order by p.vencimento, p.id`,
  );
}

/** The steps already sent of a candidate, as the rule reads them. */
export const etapasEnviadas = (p: Pick<ParcelaParaAviso, 'enviadas'>): EtapaRegua[] =>
  (p.enviadas ?? '').split(',').filter((e): e is EtapaRegua => (ETAPAS_REGUA as readonly string[]).includes(e));

/**
 * Marks each step sent, in the e-mail's transaction: only for a parcela still open or overdue (one paid since the
 * read is left out) and not already marked (another run's). Answers the parcelas marked now.
 */
export async function marcarEnvios(
  db: Executor,
  itens: readonly { parcelaId: string; etapa: EtapaRegua }[],
  dia: string,
  now: Date,
): Promise<string[]> {
  if (itens.length === 0) return [];
  const valores = sql.join(
    itens.map((i) => sql`(${i.parcelaId}::uuid, ${i.etapa})`),
    sql`, `,
  );
  const rows = await executeRows<{ parcelaId: string }>(
    db,
    sql`insert into ${cobrancaReguaEnvios} (parcela_id, etapa, dia, enviado_em)
      select v.parcela_id, v.etapa, ${dia}::date, ${now.toISOString()}::timestamptz
      from (values ${valores}) as v(parcela_id, etapa)
      join ${parcelas} p on p.id = v.parcela_id and p.status in ('aberta', 'vencida')
      on conflict (parcela_id, etapa) do nothing
      returning parcela_id as "parcelaId"`,
  );
  return rows.map((r) => r.parcelaId);
}

// --- The responsável's link ----------------------------------------------------------------------------------

export async function gravarLink(db: Executor, matriculaId: string, tokenHash: string, expiraEm: Date) {
  await db.insert(cobrancaLinks).values({ matriculaId, tokenHash, expiraEm });
}

/**
 * The family's links expired before `antesDe` (ADR 080: the daily purge), deleted a batch at a time through their
 * expiry index; answers how many went.
 */
export async function apagarLinksExpirados(db: Executor, antesDe: Date, lote = 5_000): Promise<number> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`delete from ${cobrancaLinks} where id in (
        select id from ${cobrancaLinks} where expira_em < ${antesDe.toISOString()}::timestamptz limit ${lote})
      returning id`,
  );
  return rows.length;
}

/** The family a live link names: its network and responsável's CPF (null when unknown, expired or anonymised). */
export async function familiaDoLink(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      franqueadorId: matriculas.franqueadorId,
      cpf: preMatriculas.cpfResponsavel,
      nomeResponsavel: preMatriculas.nomeResponsavel,
    })
    .from(cobrancaLinks)
    .innerJoin(matriculas, eq(matriculas.id, cobrancaLinks.matriculaId))
    .innerJoin(preMatriculas, eq(preMatriculas.id, matriculas.preMatriculaId))
    .where(
      and(
        eq(cobrancaLinks.tokenHash, tokenHash),
        gt(cobrancaLinks.expiraEm, now),
        isNull(matriculas.anonimizadoEm),
        isNotNull(preMatriculas.cpfResponsavel),
        isNotNull(matriculas.franqueadorId),
      ),
    );
  return row && row.cpf && row.franqueadorId ? { ...row, cpf: row.cpf, franqueadorId: row.franqueadorId } : null;
}

/** Every parcela of the responsável's matrículas in the network (not anonymised), by due date. */
export function parcelasDaFamilia(db: Executor, franqueadorId: string, cpf: string) {
  return db
    .select({
      id: parcelas.id,
      tipo: parcelas.tipo,
      // ADR 084: n of N in its own plan (a cancellation's fee is no parcela of a plan: ADR 076).
      numero: numeroNoPlano,
      totalParcelas: totalDoPlano,
      renegociacao: daRenegociacao,
      aluno: matriculas.nome,
      cursoTitulo: matriculas.cursoTitulo,
      valorCentavos: parcelas.valorCentavos,
      vencimento: parcelas.vencimento,
      status: parcelas.status,
      pagaEm: parcelas.pagaEm,
      invoiceUrl: parcelas.invoiceUrl,
      bankSlipUrl: parcelas.bankSlipUrl,
      pixCopiaECola: parcelas.pixCopiaECola,
    })
    .from(parcelas)
    .innerJoin(matriculas, eq(matriculas.id, parcelas.matriculaId))
    .innerJoin(preMatriculas, eq(preMatriculas.id, matriculas.preMatriculaId))
    .where(
      and(
        eq(parcelas.franqueadorId, franqueadorId),
        eq(preMatriculas.cpfResponsavel, cpf),
        isNull(matriculas.anonimizadoEm),
      ),
    )
    .orderBy(asc(parcelas.vencimento), asc(parcelas.numero), asc(parcelas.id))
    .limit(500);
}
