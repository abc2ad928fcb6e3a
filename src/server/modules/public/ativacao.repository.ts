import { and, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/connect';
import { consentimentos, leads, preMatriculaConflitos, preMatriculas } from '../../db/schema';
import type { ConsentimentoDado } from '../lgpd';
import { linkDoCodigo, type OrigemNova } from '../inscricao-publica';

/**
 * The credit activation (a pré-matrícula sent from the public page; DESIGN §4.4 revised, ADRs 020, 030, 049): its
 * row with its consent, the activation on record a repeat is compared with, and the conflicts a different guardian
 * leaves beside it.
 */

/** Where a lead came from (issue 48), as its row keeps it: what an activation with none copies. */
export interface OrigemGuardada {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  linkCodigo: string | null;
  linkVendedorId: string | null;
}

/**
 * The event's lead of this e-mail, preferring the one of the same student, the newest first, with where it came
 * from (issue 48) in the same read.
 */
export async function findLeadForActivation(
  db: Executor,
  eventoId: string,
  email: string,
  nomeAluno: string,
): Promise<{ id: string; origem: OrigemGuardada } | null> {
  const [row] = await db
    .select({
      id: leads.id,
      origem: {
        utmSource: leads.utmSource,
        utmMedium: leads.utmMedium,
        utmCampaign: leads.utmCampaign,
        utmContent: leads.utmContent,
        utmTerm: leads.utmTerm,
        linkCodigo: leads.linkCodigo,
        linkVendedorId: leads.linkVendedorId,
      },
    })
    .from(leads)
    .where(and(eq(leads.eventoId, eventoId), sql`lower(${leads.email}) = lower(${email})`))
    .orderBy(sql`(lower(${leads.nomeAluno}) = lower(${nomeAluno})) desc`, desc(leads.createdAt))
    .limit(1);
  return row ?? null;
}

export interface NewPreMatricula {
  eventoId: string;
  leadId: string | null;
  nomeAluno: string;
  cpfAluno: string;
  nomeResponsavel: string;
  cpfResponsavel: string;
  email: string;
  telefone: string;
  consentidoEm: Date;
  /** The title of the course chosen on the form, kept as the staff read it. */
  cursoInteresse: string | null;
  /**
   * Issue 48: where the family came from -- the form's own (its code resolved in the statement, as the sign-up's)
   * or, when the form sent none, its lead's as stored.
   */
  origem: { enviada: OrigemNova } | { copiada: OrigemGuardada } | null;
}

/** The consent's values in a statement that writes it (`insertPreMatriculaOnce`). */
const consentValues = (c: ConsentimentoDado) =>
  sql`${c.avisoVersao}, ${c.texto}, ${c.em.toISOString()}::timestamptz, ${c.ip}, ${c.userAgent}`;

/**
 * Inserts unless the student's CPF already activated credit at the event (pre_matriculas_evento_cpf_aluno_key),
 * with its consent record in the same statement.
 */
export async function insertPreMatriculaOnce(db: Executor, pre: NewPreMatricula, consent: ConsentimentoDado) {
  const enviada = pre.origem && 'enviada' in pre.origem ? pre.origem.enviada : null;
  const copiada = pre.origem && 'copiada' in pre.origem ? pre.origem.copiada : null;
  const utm = enviada ?? copiada;
  const utmSource = utm?.utmSource ?? null;
  const utmMedium = utm?.utmMedium ?? null;
  const utmCampaign = utm?.utmCampaign ?? null;
  const utmContent = utm?.utmContent ?? null;
  const utmTerm = utm?.utmTerm ?? null;
  const [row] = await executeRows<{ id: string; createdAt: Date | string }>(
    db,
    sql`with novo as (
        insert into ${preMatriculas} (evento_id, lead_id, nome, nome_aluno, cpf_aluno, nome_responsavel,
          cpf_responsavel, email, telefone, curso_interesse, consentido_em,
          utm_source, utm_medium, utm_campaign, utm_content, utm_term, link_codigo, link_vendedor_id)
        select ${pre.eventoId}::uuid, ${pre.leadId}::uuid, ${pre.nomeAluno}, ${pre.nomeAluno}, ${pre.cpfAluno},
          ${pre.nomeResponsavel}, ${pre.cpfResponsavel}, ${pre.email}, ${pre.telefone}, ${pre.cursoInteresse},
          ${pre.consentidoEm.toISOString()}::timestamptz,
          ${utmSource}, ${utmMedium}, ${utmCampaign}, ${utmContent}, ${utmTerm},
          coalesce(link.codigo, ${copiada?.linkCodigo ?? null}::text),
          coalesce(link.vendedor_id, ${copiada?.linkVendedorId ?? null}::uuid)
        from (select 1) um
          left join lateral ${linkDoCodigo(sql`${enviada?.vendedor ?? null}::text`, sql`${pre.eventoId}::uuid`)} link on true
        on conflict do nothing
        returning id, created_at
      ), consentido as (
        insert into ${consentimentos} (pre_matricula_id, aviso_versao, texto, em, ip, user_agent)
        select id, ${consentValues(consent)} from novo
      )
      select id, created_at as "createdAt" from novo`,
  );
  return row && { id: row.id, createdAt: new Date(row.createdAt) };
}

/** The activation on record of a student at an event: what a repeat is compared with, and whom it notifies. */
export async function findActivationOnRecord(db: Executor, eventoId: string, cpfAluno: string) {
  const [row] = await db
    .select({
      id: preMatriculas.id,
      cpfResponsavel: preMatriculas.cpfResponsavel,
      email: preMatriculas.email,
      nomeAluno: preMatriculas.nomeAluno,
      nome: preMatriculas.nome,
      nomeResponsavel: preMatriculas.nomeResponsavel,
      cpfAluno: preMatriculas.cpfAluno,
      createdAt: preMatriculas.createdAt,
    })
    .from(preMatriculas)
    .where(and(eq(preMatriculas.eventoId, eventoId), eq(preMatriculas.cpfAluno, cpfAluno)));
  return row;
}

/** How many consents an activation got since a moment (a repeat's declaration e-mail goes once per window). */
export async function countConsentimentosSince(db: Executor, preMatriculaId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(consentimentos)
    .where(and(eq(consentimentos.preMatriculaId, preMatriculaId), gte(consentimentos.em, since)));
  return row?.n ?? 0;
}

/** A flood of claims against one activation stops growing here; the staff already see the conflict. */
export const MAX_CONFLITOS_POR_ATIVACAO = 20;

export interface NewConflito {
  preMatriculaId: string;
  nomeAluno: string;
  nomeResponsavel: string;
  cpfResponsavel: string;
  email: string;
  telefone: string;
  consentidoEm: Date;
}

/**
 * Records a conflicting activation, once per guardian's CPF and e-mail and at most MAX_CONFLITOS_POR_ATIVACAO per
 * activation. Answers the claim's id and whether this call recorded it (only a new claim notifies); undefined
 * when the ceiling refused it.
 */
export async function recordConflito(
  db: Executor,
  claim: NewConflito,
): Promise<{ id: string; recorded: boolean } | undefined> {
  const [inserted] = await executeRows<{ id: string }>(
    db,
    sql`insert into ${preMatriculaConflitos}
        (pre_matricula_id, nome_aluno, nome_responsavel, cpf_responsavel, email, telefone, consentido_em)
      select ${claim.preMatriculaId}::uuid, ${claim.nomeAluno}, ${claim.nomeResponsavel}, ${claim.cpfResponsavel},
        ${claim.email}, ${claim.telefone}, ${claim.consentidoEm.toISOString()}::timestamptz
      where (select count(*) from ${preMatriculaConflitos}
        where ${preMatriculaConflitos.preMatriculaId} = ${claim.preMatriculaId}::uuid) < ${MAX_CONFLITOS_POR_ATIVACAO}
      on conflict do nothing
      returning id`,
  );
  if (inserted) return { id: inserted.id, recorded: true };
  const [existing] = await db
    .select({ id: preMatriculaConflitos.id })
    .from(preMatriculaConflitos)
    .where(
      and(
        eq(preMatriculaConflitos.preMatriculaId, claim.preMatriculaId),
        eq(preMatriculaConflitos.cpfResponsavel, claim.cpfResponsavel),
        sql`lower(${preMatriculaConflitos.email}) = lower(${claim.email})`,
      ),
    );
  return existing && { id: existing.id, recorded: false };
}

/** The network and branch of a pré-matrícula, as SQL that selects them (a webhook event's `redes`). */
export const redesDaPreMatricula = (id: string): SQL =>
  sql`select franqueador_id, franquia_id from ${preMatriculas} where id = ${id}::uuid`;

/** The network of a pré-matrícula, as SQL that selects it (an e-mail job's `rede`). */
export const redeDaPreMatricula = (id: string): SQL =>
  sql`select franqueador_id from ${preMatriculas} where id = ${id}::uuid`;
