import { type SQL, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LINK_VALIDADE_MS } from '../../../shared/contrato/aceite';
import type { Actor } from '../../access/actor';
import { matriculasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { contratos, jobs, matriculas, preMatriculas } from '../../db/schema';

/**
 * Issue 42: the reads and writes of a contract's end -- the staff's cancellation with its fee, the reminder of a
 * contract not yet accepted and the expiry of one never accepted (daily jobs). Every staff read passes the
 * caller's scope (access/scope.ts): another network's matrícula is not found.
 */

/**
 * When the family was sent its contract's newest link: at Efetivar, or by 'Reenviar link' (ADR 066), each sending
 * valid LINK_VALIDADE_MS from then -- so the sending is the link's expiry less its validity (a contract frozen
 * before links existed has none: its creation). The reminder (3 days) and the expiry (30 days) count from here, so
 * a link sent again to a contract that expired is not expired again the next morning. One reminder per contract
 * (the key below), whatever the links.
 */
export const linkEnviadoEm: SQL<Date> = sql`coalesce(${contratos.tokenExpiraEm} - ${LINK_VALIDADE_MS} * interval '1 millisecond', ${contratos.createdAt})`;

const selection = {
  id: matriculas.id,
  status: matriculas.status,
  motivoCancelamento: matriculas.motivoCancelamento,
  canceladaEm: matriculas.canceladaEm,
  multaCancelamento: matriculas.multaCancelamento,
  nome: matriculas.nome,
  email: matriculas.email,
  anonimizadoEm: matriculas.anonimizadoEm,
  franqueadorId: matriculas.franqueadorId,
  cursoTitulo: matriculas.cursoTitulo,
  nomeResponsavel: preMatriculas.nomeResponsavel,
  nomeAluno: preMatriculas.nomeAluno,
  contratoId: contratos.id,
  contratoVersao: contratos.versao,
  contratoTitulo: contratos.titulo,
  valorTotal: contratos.valorTotal,
  parcelas: contratos.parcelas,
  valorParcela: contratos.valorParcela,
  valorUltimaParcela: contratos.valorUltimaParcela,
  multaCancelamentoPct: contratos.multaCancelamentoPct,
  aceitoEm: contratos.aceitoEm,
};

export type MatriculaComContrato = NonNullable<Awaited<ReturnType<typeof findMatriculaComContrato>>>;

/**
 * A matrícula in the caller's scope with its contract (null fields when it has none); locked for the change
 * when `paraAlterar`, so two cancellations of one matrícula run one after the other.
 */
export async function findMatriculaComContrato(db: Executor, actor: Actor, id: string, paraAlterar = false) {
  const query = db
    .select(selection)
    .from(matriculas)
    .leftJoin(contratos, eq(contratos.matriculaId, matriculas.id))
    .leftJoin(preMatriculas, eq(preMatriculas.id, matriculas.preMatriculaId))
    .where(and(eq(matriculas.id, id), matriculasVisibleTo(actor)))
    .limit(1);
  const [row] = await (paraAlterar ? query.for('update', { of: matriculas }) : query);
  return row;
}

/** Cancels an active matrícula with its fee (reais); false when it is no longer active (a race lost). */
export async function cancelarMatriculaAtiva(
  db: Executor,
  id: string,
  values: { multa: number; now: Date },
): Promise<{ id: string; status: 'cancelada'; canceladaEm: Date; multaCancelamento: number | null } | null> {
  const [row] = await db
    .update(matriculas)
    .set({
      status: 'cancelada',
      motivoCancelamento: 'cancelamento',
      canceladaEm: values.now,
      multaCancelamento: values.multa,
    })
    .where(and(eq(matriculas.id, id), eq(matriculas.status, 'ativa')))
    .returning({
      id: matriculas.id,
      canceladaEm: matriculas.canceladaEm,
      multaCancelamento: matriculas.multaCancelamento,
    });
  return row
    ? { id: row.id, status: 'cancelada', canceladaEm: row.canceladaEm!, multaCancelamento: row.multaCancelamento }
    : null;
}

/* The daily jobs (ADR 065): each reads a batch and writes it in its own transaction. */

const DAY_MS = 86_400_000;
const diasAntes = (now: Date, dias: number) => new Date(now.getTime() - dias * DAY_MS);

/**
 * The key of a contract's one reminder (its e-mail job's). When 'Reenviar link' records a new sending, a reminder
 * for the new link takes the sending into the key.
 */
export const chaveDoLembrete = (contratoId: string) => `contrato_lembrete:${contratoId}`;

/**
 * Contracts waiting for acceptance whose link was sent `lembrarAposDias` days ago or more, and less than
 * `validadeDias` (the expiry takes those), not reminded yet -- the reminder's e-mail job, kept under its key, is
 * the record. The finished jobs are purged 30 days after they ran (jobs/index.ts), when the contract is past its
 * validity and out of this window. An anonymised family, or one that revoked its consent, is not written to.
 */
export async function contratosParaLembrar(
  db: Executor,
  now: Date,
  { lembrarAposDias, validadeDias, limite }: { lembrarAposDias: number; validadeDias: number; limite: number },
) {
  const chave = sql`'contrato_lembrete:' || ${contratos.id}::text`;
  return db
    .select({
      contratoId: contratos.id,
      enviadoEm: sql<Date>`${linkEnviadoEm}`.mapWith(contratos.createdAt),
      contratoVersao: contratos.versao,
      matriculaId: matriculas.id,
      franqueadorId: matriculas.franqueadorId,
      nome: matriculas.nome,
      email: matriculas.email,
      cursoTitulo: matriculas.cursoTitulo,
      nomeResponsavel: preMatriculas.nomeResponsavel,
      nomeAluno: preMatriculas.nomeAluno,
    })
    .from(contratos)
    .innerJoin(matriculas, eq(matriculas.id, contratos.matriculaId))
    .leftJoin(preMatriculas, eq(preMatriculas.id, matriculas.preMatriculaId))
    .where(
      and(
        eq(matriculas.status, 'aguardando_aceite'),
        isNull(contratos.aceitoEm),
        isNull(matriculas.anonimizadoEm),
        // A family that revoked its consent to be contacted (issue 18) is not reminded; the expiry still applies.
        isNull(matriculas.consentimentoRevogadoEm),
        sql`${linkEnviadoEm} <= ${diasAntes(now, lembrarAposDias).toISOString()}::timestamptz`,
        sql`${linkEnviadoEm} > ${diasAntes(now, validadeDias).toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${jobs} where ${jobs.chave} = ${chave})`,
      ),
    )
    .orderBy(asc(contratos.createdAt), asc(contratos.id))
    .limit(limite);
}

/**
 * Cancels as `contrato_expirado`, up to `limite`, the matrículas whose contract was not accepted within
 * `validadeDias` of its link; answers them. The contract stays as it was (not accepted), so staff may send a new
 * link from here: 'Reenviar link' puts the matrícula back to `aguardando_aceite` (clearing the reason and the date
 * together, as matriculas_cancelamento_check requires).
 */
export async function expirarContratos(
  db: Executor,
  now: Date,
  { validadeDias, limite }: { validadeDias: number; limite: number },
) {
  const vencidos = db
    .select({ id: matriculas.id })
    .from(matriculas)
    .innerJoin(contratos, eq(contratos.matriculaId, matriculas.id))
    .where(
      and(
        eq(matriculas.status, 'aguardando_aceite'),
        isNull(contratos.aceitoEm),
        sql`${linkEnviadoEm} <= ${diasAntes(now, validadeDias).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(contratos.createdAt), asc(matriculas.id))
    .limit(limite);
  // The status is checked again by the UPDATE itself: a contract accepted meanwhile is left as it is.
  return db
    .update(matriculas)
    .set({ status: 'cancelada', motivoCancelamento: 'contrato_expirado', canceladaEm: now })
    .where(and(inArray(matriculas.id, vencidos), eq(matriculas.status, 'aguardando_aceite')))
    .returning({ id: matriculas.id });
}
