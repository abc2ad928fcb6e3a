import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { LocalEvento } from '../../../shared/enums';
import type { PublicEvento } from '../../../shared/schemas/public';
import { type Executor, rowsOf } from '../../db/connect';
import { seatsTaken } from '../contagens';
import { openOn } from '../eventos';
import type { ConsentimentoDado } from '../lgpd';
import {
  consentimentos,
  cursos,
  eventos,
  eventosCursos,
  leads,
  preMatriculaConflitos,
  preMatriculas,
} from '../../db/schema';

/**
 * Which events a public list or write accepts (issue 23). The sign-up: open on `today`. The activation: active,
 * never cancelled, dated `desde` (today minus ATIVACAO_JANELA_DIAS, YYYY-MM-DD) or later -- the card is handed out
 * at the event, so its families activate in the days after it.
 */
export type JanelaPublica = { para: 'inscricao'; today: string } | { para: 'ativacao'; desde: string };

const accepts = (janela: JanelaPublica) =>
  janela.para === 'inscricao'
    ? openOn(janela.today)
    : and(eq(eventos.isActive, true), ne(eventos.status, 'cancelado'), gte(eventos.dataEvento, janela.desde));

/** A generous ceiling: a city never has this many open events, and an answer stays small. */
const MAX_PUBLIC_ROWS = 500;

export async function listOpenCidades(db: Executor, janela: JanelaPublica): Promise<string[]> {
  const rows = await db
    .selectDistinct({ cidade: eventos.cidade })
    .from(eventos)
    .where(accepts(janela))
    .orderBy(asc(eventos.cidade))
    .limit(2000);
  return rows.map((r) => r.cidade);
}

/** A city's open events as they stand until an event or course changes: what the public cache keeps. */
export interface OpenEventoRow extends Omit<PublicEvento, 'vagasRestantes' | 'inscricoesAbertas'> {
  /** The sign-up deadline (ISO), compared with the request's moment on every answer. */
  inscricoesAte: string | null;
}

/** The seats taken of the events that have seats (their counts, migration 0030), and each deadline against `now`. */
export async function withSeatsAndDeadline(db: Executor, rows: OpenEventoRow[], now: Date): Promise<PublicEvento[]> {
  const taken = await seatsTaken(
    db,
    rows.filter((r) => r.vagas !== null).map((r) => r.id),
  );
  const at = now.getTime();
  return rows.map(({ inscricoesAte, ...row }) => ({
    ...row,
    ...(row.vagas !== null ? { vagasRestantes: Math.max(0, row.vagas - (taken.get(row.id) ?? 0)) } : {}),
    inscricoesAbertas: inscricoesAte === null || new Date(inscricoesAte).getTime() > at,
  }));
}

export async function listOpenEventoRows(
  db: Executor,
  janela: JanelaPublica,
  cidade: string,
): Promise<OpenEventoRow[]> {
  const rows = await db
    .select({
      id: eventos.id,
      nomeEscola: eventos.nomeEscola,
      dataEvento: eventos.dataEvento,
      horario: eventos.horario,
      cidade: eventos.cidade,
      estado: eventos.estado,
      valorTotalDesconto: eventos.valorTotalDesconto,
      vagas: eventos.vagas,
      inscricoesAte: eventos.inscricoesAte,
    })
    .from(eventos)
    .where(and(accepts(janela), eq(eventos.cidade, cidade)))
    // The activation lists the most recent events first: the one a family just attended is on top.
    .orderBy(
      ...(janela.para === 'ativacao' ? [desc(eventos.dataEvento), desc(eventos.horario)] : []),
      asc(eventos.dataEvento),
      asc(eventos.horario),
      asc(eventos.nomeEscola),
      asc(eventos.id),
    )
    .limit(MAX_PUBLIC_ROWS);
  if (rows.length === 0) return [];

  const cursoRows = await db
    .select({ eventoId: eventosCursos.eventoId, id: cursos.id, titulo: cursos.titulo })
    .from(eventosCursos)
    .innerJoin(cursos, eq(cursos.id, eventosCursos.cursoId))
    .where(
      and(
        inArray(
          eventosCursos.eventoId,
          rows.map((r) => r.id),
        ),
        eq(cursos.isActive, true),
      ),
    )
    .orderBy(asc(cursos.ordem), asc(cursos.titulo));
  const cursosByEvento = new Map<string, { id: string; titulo: string }[]>();
  for (const { eventoId, id, titulo } of cursoRows) {
    const list = cursosByEvento.get(eventoId) ?? [];
    list.push({ id, titulo });
    cursosByEvento.set(eventoId, list);
  }
  return rows.map(({ inscricoesAte, ...row }) => ({
    ...row,
    valorTotalDesconto: toMoney(row.valorTotalDesconto),
    cursos: cursosByEvento.get(row.id) ?? [],
    inscricoesAte: inscricoesAte === null ? null : new Date(inscricoesAte).toISOString(),
  }));
}

export interface OpenEvento {
  id: string;
  nomeEscola: string;
  dataEvento: string;
  horario: string;
  local: LocalEvento;
  cidade: string;
  estado: string;
  valorTotalDesconto: number;
  vagas: number | null;
  inscricoesAte: Date | null;
}

export async function findOpenEvento(db: Executor, janela: JanelaPublica, id: string): Promise<OpenEvento | undefined> {
  const [row] = await db
    .select({
      id: eventos.id,
      nomeEscola: eventos.nomeEscola,
      dataEvento: eventos.dataEvento,
      horario: eventos.horario,
      local: eventos.local,
      cidade: eventos.cidade,
      estado: eventos.estado,
      valorTotalDesconto: eventos.valorTotalDesconto,
      vagas: eventos.vagas,
      inscricoesAte: eventos.inscricoesAte,
    })
    .from(eventos)
    .where(and(eq(eventos.id, id), accepts(janela)));
  return row ? { ...row, valorTotalDesconto: toMoney(row.valorTotalDesconto) } : undefined;
}

/** The title of one of the event's active courses, or undefined when the event does not offer it. */
export async function findCursoDoEvento(db: Executor, eventoId: string, cursoId: string) {
  const [row] = await db
    .select({ titulo: cursos.titulo })
    .from(eventosCursos)
    .innerJoin(cursos, eq(cursos.id, eventosCursos.cursoId))
    .where(and(eq(eventosCursos.eventoId, eventoId), eq(eventosCursos.cursoId, cursoId), eq(cursos.isActive, true)));
  return row?.titulo;
}

/** The consent's values in a statement that writes it (`insertPreMatriculaOnce`). */
const consentValues = (c: ConsentimentoDado) =>
  sql`${c.avisoVersao}, ${c.texto}, ${c.em.toISOString()}::timestamptz, ${c.ip}, ${c.userAgent}`;

/** The event's lead of this e-mail, preferring the one of the same student, the newest first. */
export async function findLeadIdForActivation(
  db: Executor,
  eventoId: string,
  email: string,
  nomeAluno: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.eventoId, eventoId), sql`lower(${leads.email}) = lower(${email})`))
    .orderBy(sql`(lower(${leads.nomeAluno}) = lower(${nomeAluno})) desc`, desc(leads.createdAt))
    .limit(1);
  return row?.id ?? null;
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
}

/**
 * Inserts unless the student's CPF already activated credit at the event (pre_matriculas_evento_cpf_aluno_key),
 * with its consent record in the same statement.
 */
export async function insertPreMatriculaOnce(db: Executor, pre: NewPreMatricula, consent: ConsentimentoDado) {
  const result = await db.execute(
    sql`with novo as (
        insert into ${preMatriculas} (evento_id, lead_id, nome, nome_aluno, cpf_aluno, nome_responsavel,
          cpf_responsavel, email, telefone, curso_interesse, consentido_em)
        values (${pre.eventoId}::uuid, ${pre.leadId}::uuid, ${pre.nomeAluno}, ${pre.nomeAluno}, ${pre.cpfAluno},
          ${pre.nomeResponsavel}, ${pre.cpfResponsavel}, ${pre.email}, ${pre.telefone}, ${pre.cursoInteresse},
          ${pre.consentidoEm.toISOString()}::timestamptz)
        on conflict do nothing
        returning id, created_at
      ), consentido as (
        insert into consentimentos (pre_matricula_id, aviso_versao, texto, em, ip, user_agent)
        select id, ${consentValues(consent)} from novo
      )
      select id, created_at as "createdAt" from novo`,
  );
  const row = rowsOf<{ id: string; createdAt: Date | string }>(result)[0];
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
  const result = await db.execute(
    sql`insert into ${preMatriculaConflitos}
        (pre_matricula_id, nome_aluno, nome_responsavel, cpf_responsavel, email, telefone, consentido_em)
      select ${claim.preMatriculaId}::uuid, ${claim.nomeAluno}, ${claim.nomeResponsavel}, ${claim.cpfResponsavel},
        ${claim.email}, ${claim.telefone}, ${claim.consentidoEm.toISOString()}::timestamptz
      where (select count(*) from ${preMatriculaConflitos}
        where ${preMatriculaConflitos.preMatriculaId} = ${claim.preMatriculaId}::uuid) < ${MAX_CONFLITOS_POR_ATIVACAO}
      on conflict do nothing
      returning id`,
  );
  const inserted = rowsOf<{ id: string }>(result)[0];
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

/** The wire carries a number, 0 when the event has no credit set. */
function toMoney(value: number | null): number {
  return value ?? 0;
}

/**
 * The activations whose id starts with a declaration's code (issue 23): a range on the primary key, so one
 * index look-up whatever the table's size.
 */
export async function findDeclaracoes(db: Executor, codigo: string) {
  const prefix = codigo.toLowerCase();
  return db
    .select({
      id: preMatriculas.id,
      nomeAluno: preMatriculas.nomeAluno,
      nome: preMatriculas.nome,
      nomeResponsavel: preMatriculas.nomeResponsavel,
      anonimizadoEm: preMatriculas.anonimizadoEm,
      consentimentoRevogadoEm: preMatriculas.consentimentoRevogadoEm,
      createdAt: preMatriculas.createdAt,
      nomeEscola: eventos.nomeEscola,
      cidade: eventos.cidade,
      estado: eventos.estado,
      dataEvento: eventos.dataEvento,
      valorTotalDesconto: eventos.valorTotalDesconto,
    })
    .from(preMatriculas)
    .innerJoin(eventos, eq(eventos.id, preMatriculas.eventoId))
    .where(
      and(
        gte(preMatriculas.id, `${prefix}-0000-0000-0000-000000000000`),
        lte(preMatriculas.id, `${prefix}-ffff-ffff-ffff-ffffffffffff`),
        isNotNull(preMatriculas.cpfAluno),
      ),
    )
    .orderBy(asc(preMatriculas.createdAt))
    .limit(5);
}

/** The network and branch of a pré-matrícula, as SQL that selects them (a webhook event's `redes`). */
export const redesDaPreMatricula = (id: string): SQL =>
  sql`select franqueador_id, franquia_id from pre_matriculas where id = ${id}::uuid`;

/** The network of a pré-matrícula, as SQL that selects it (an e-mail job's `rede`). */
export const redeDaPreMatricula = (id: string): SQL =>
  sql`select franqueador_id from pre_matriculas where id = ${id}::uuid`;
