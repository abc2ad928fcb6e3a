import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { LocalEvento } from '../../../shared/enums';
import type { PublicEvento } from '../../../shared/schemas/public';
import { type Executor, executeRows, fixedStatement, rowsOf } from '../../db/connect';
import { type EmailJob, json, jobInsert, jsonObjectClose } from '../../jobs';
import { beforeDeadline, type NovoVoucher, voucherInsert } from '../inscricoes';
import { entregasInsert } from '../webhooks';
import { seatsTaken } from '../contagens';
import {
  consentimentos,
  cursos,
  eventos,
  eventosCursos,
  leads,
  preMatriculaConflitos,
  preMatriculas,
} from '../../db/schema';

/** Open for sign-up (DESIGN §4.4): active, still 'agendado', on `today` (YYYY-MM-DD) or later. */
export const openOn = (today: string | SQL) =>
  and(eq(eventos.isActive, true), eq(eventos.status, 'agendado'), gte(eventos.dataEvento, today));

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

export interface NewLead {
  eventoId: string;
  nomeAluno: string;
  nomeResponsavel: string;
  email: string;
  telefone: string;
  consentidoEm: Date;
  /** Issue 20: stored on the waiting list, not in a seat. */
  listaEspera?: boolean;
}

const leadAnswer = {
  id: leads.id,
  eventoId: leads.eventoId,
  nomeAluno: leads.nomeAluno,
  email: leads.email,
  createdAt: leads.createdAt,
  listaEspera: leads.listaEspera,
  canceladoEm: leads.canceladoEm,
};

/** The consent given with a sign-up or an activation (issue 18): what the visitor saw, and from where. */
export interface ConsentimentoDado {
  avisoVersao: string;
  texto: string;
  em: Date;
  ip: string | null;
  userAgent: string | null;
}

const consentValues = (c: ConsentimentoDado) =>
  sql`${c.avisoVersao}, ${c.texto}, ${c.em.toISOString()}::timestamptz, ${c.ip}, ${c.userAgent}`;

/** How a sign-up's row is let in, besides its event being open on its day. */
export type Admissao = 'semVagas' | 'lugar' | 'livre';

/** A sign-up for `insertLeadsIfOpen`: its row, its consent, and what its statement writes with it (ADR 043). */
export interface InscricaoNova {
  /** The new lead's id, chosen here: a batch finds each sign-up's row by it. */
  id: string;
  /** The day (YYYY-MM-DD, Brasília) the event must not be before. */
  today: string;
  /** The request's instant: the deadline is read at it, and what is written with the row is dated by it. */
  agora: Date;
  lead: NewLead;
  consent: ConsentimentoDado;
  /**
   * What more lets the row in. 'semVagas' (the fast path): the event still has no seats and is before its
   * deadline. 'lugar': the event's row locked and its seats counted first (`evento_lugar`, migration 0029), the
   * row written in a seat only while one is left and before the deadline. 'livre': nothing more (the caller
   * holds the event's lock and has counted).
   */
  admissao: Admissao;
  /** Its voucher, written with the row. */
  voucher?: NovoVoucher;
  /** Its e-mail's job, written with the row, on the 'Envios' of the row's network (whatever network it names). */
  email?: Pick<EmailJob, 'payload' | 'resumo' | 'destino' | 'maxTentativas'>;
  /**
   * The webhooks' `lead.criado` deliveries, written with the row: the body's data but its last value
   * (`jsonObjectOpen`), which the statement completes with the row's `criadoEm`, and the deliveries' tries.
   */
  criado?: { dados: string; maxTentativas: number };
}

/** A sign-up beside the number of sign-ups of its event before it in its statement that ask for a seat. */
type Linha = InscricaoNova & { antes: number | null };

const iso = (t: Date) => t.toISOString();

/** The columns of the sign-ups in their statement (`i`): each travels as one array (`unnest`). */
const COLUNAS: [nome: string, tipo: string, valor: (r: Linha) => unknown][] = [
  ['id', 'uuid', (r) => r.id],
  ['evento_id', 'uuid', (r) => r.lead.eventoId],
  ['nome_aluno', 'text', (r) => r.lead.nomeAluno],
  ['nome_responsavel', 'text', (r) => r.lead.nomeResponsavel],
  ['email', 'text', (r) => r.lead.email],
  ['telefone', 'text', (r) => r.lead.telefone],
  ['consentido_em', 'timestamptz', (r) => iso(r.lead.consentidoEm)],
  ['lista_espera', 'boolean', (r) => r.lead.listaEspera ?? false],
  ['today', 'date', (r) => r.today],
  ['agora', 'text', (r) => iso(r.agora)],
  ['admissao', 'text', (r) => r.admissao],
  ['antes', 'int', (r) => r.antes],
  ['aviso_versao', 'text', (r) => r.consent.avisoVersao],
  ['texto', 'text', (r) => r.consent.texto],
  ['consentido', 'timestamptz', (r) => iso(r.consent.em)],
  ['ip', 'text', (r) => r.consent.ip],
  ['user_agent', 'text', (r) => r.consent.userAgent],
  ['voucher_hash', 'text', (r) => r.voucher?.tokenHash ?? null],
  ['voucher_expira', 'timestamptz', (r) => (r.voucher ? iso(r.voucher.expiraEm) : null)],
  ['email_payload', 'text', (r) => (r.email ? json(r.email.payload) : null)],
  ['email_resumo', 'text', (r) => r.email?.resumo ?? null],
  ['email_destino', 'text', (r) => r.email?.destino ?? null],
  ['email_tentativas', 'int', (r) => r.email?.maxTentativas ?? null],
  ['criado_dados', 'text', (r) => r.criado?.dados ?? null],
  ['criado_tentativas', 'int', (r) => r.criado?.maxTentativas ?? null],
];

/** The ISO 8601 text of the new row's creation (what `Date#toISOString` writes), for a body built in SQL. */
const novoCriadoEm = sql`to_char(novo.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The rows written, each beside its sign-up, where the sign-up has `coluna` (a write it asks for). */
const escritas = (coluna: string) => sql`novo join i on i.id = novo.id and ${sql.raw(`i.${coluna}`)} is not null`;

/** The statement of `insertLeadsIfOpen`: its text is the same for any batch, so it is compiled once. */
const inscricoesStatement = fixedStatement(COLUNAS.length, (colunas) => {
  const arrays = COLUNAS.map(([, tipo], k) => sql`${colunas[k]}::${sql.raw(tipo)}[]`);
  return sql`with i as (
      select * from unnest(${sql.join(arrays, sql`, `)}) as i(${sql.raw(COLUNAS.map(([nome]) => nome).join(', '))})
    ), lugar as (
      select x.evento_id, l.vagas, l.sentados, l.encerrada
      from (select evento_id, max(agora::timestamptz) as agora from i where admissao = 'lugar'
        group by evento_id order by evento_id) x,
        lateral evento_lugar(x.evento_id, x.agora) l
    ), novo as (
      insert into ${leads} (id, evento_id, nome_aluno, nome_responsavel, email, telefone, consentido_em, lista_espera)
      select i.id, i.evento_id, i.nome_aluno, i.nome_responsavel, i.email, i.telefone, i.consentido_em, i.lista_espera
      from i
      where exists (select 1 from ${eventos} where ${and(
        eq(eventos.id, sql`i.evento_id`),
        openOn(sql`i.today`),
        sql`(i.admissao <> 'semVagas' or (${and(isNull(eventos.vagas), beforeDeadline(sql`i.agora`))}))`,
      )})
        and (i.admissao <> 'lugar' or exists (select 1 from lugar where lugar.evento_id = i.evento_id
          and not lugar.encerrada and (lugar.vagas is null or lugar.sentados + i.antes < lugar.vagas)))
      on conflict do nothing
      returning id, created_at, franqueador_id, franquia_id
    ), consentido as (
      insert into consentimentos (lead_id, aviso_versao, texto, em, ip, user_agent)
      select novo.id, i.aviso_versao, i.texto, i.consentido, i.ip, i.user_agent from novo join i on i.id = novo.id
    ), voucher as (
      ${voucherInsert({ tokenHash: sql`i.voucher_hash`, expiraEm: sql`i.voucher_expira` }, sql`novo.id`, escritas('voucher_hash'))}
    ), email as (
      ${jobInsert(
        {
          tipo: 'email',
          payload: sql`i.email_payload`,
          resumo: sql`i.email_resumo`,
          destino: sql`i.email_destino`,
          franqueadorId: sql`novo.franqueador_id`,
          registroId: sql`novo.id`,
          maxTentativas: sql`i.email_tentativas`,
        },
        sql`i.agora`,
        escritas('email_payload'),
      )}
    ), criado as (
      ${entregasInsert(
        sql`i.criado_tentativas`,
        'lead.criado',
        sql`select novo.franqueador_id, novo.franquia_id`,
        jsonObjectClose(sql`i.criado_dados`, novoCriadoEm),
        sql`i.agora`,
        sql`novo.id`,
        escritas('criado_dados'),
      )}
    )
    select id, created_at as "createdAt" from novo`;
});

/**
 * Sign-ups in one statement and one commit (ADR 043, ADR 044, ADR 045): each row is inserted only if its event is
 * open on its `today` (and lets it in by its `admissao`) and the same student isn't signed up for it yet, with its
 * consent record and, when given, its voucher, its e-mail's job (on the 'Envios' of the row's network) and its
 * webhooks' deliveries -- one statement is atomic without a transaction. The sign-ups travel as one array per
 * column (`unnest`), so the statement's text is the same however many it holds: compiled once, and prepared once
 * per connection. Answers, for each sign-up in order, its new row, or nothing when one of those kept it out; the
 * caller tells which. Two sign-ups of one student in the same statement write one row: the other answers
 * nothing, as a repeat does.
 *
 * Seats: each event's row is locked and its seats counted once (`evento_lugar`, migration 0029), events in id
 * order so that two statements never deadlock, and the n-th sign-up of an event in the statement takes a seat
 * only if n are left besides. A statement cannot count its own rows, so this counts every sign-up before it as
 * seated: one that was not (a repeat) leaves the next one out for the caller to seat alone -- never one seat
 * too many.
 */
export async function insertLeadsIfOpen(db: Executor, recebidas: InscricaoNova[]) {
  // Each event's sign-ups in the order they came: the n-th asks for a seat with n others before it.
  const porEvento = new Map<string, number>();
  const linhas: Linha[] = recebidas.map((r) => {
    if (r.admissao !== 'lugar') return { ...r, antes: null };
    const antes = porEvento.get(r.lead.eventoId) ?? 0;
    porEvento.set(r.lead.eventoId, antes + 1);
    return { ...r, antes };
  });
  const rows = await executeRows<{ id: string; createdAt: Date | string }>(
    db,
    inscricoesStatement(COLUNAS.map(([, , valor]) => linhas.map(valor))),
  );
  const written = new Map(rows.map((row) => [row.id, new Date(row.createdAt)]));
  return recebidas.map(({ id }) => {
    const createdAt = written.get(id);
    return createdAt && { id, createdAt };
  });
}

/** A consent given again with a repeat sign-up or activation, kept beside the first (issue 18). */
export async function insertConsentimento(
  db: Executor,
  registro: { leadId: string } | { preMatriculaId: string },
  consent: ConsentimentoDado,
) {
  const leadId = 'leadId' in registro ? registro.leadId : null;
  const preMatriculaId = 'preMatriculaId' in registro ? registro.preMatriculaId : null;
  await db.execute(
    sql`insert into consentimentos (lead_id, pre_matricula_id, aviso_versao, texto, em, ip, user_agent)
      values (${leadId}::uuid, ${preMatriculaId}::uuid, ${consentValues(consent)})`,
  );
}

export async function findLead(db: Executor, eventoId: string, email: string, nomeAluno: string) {
  const [row] = await db
    .select(leadAnswer)
    .from(leads)
    .where(
      and(
        eq(leads.eventoId, eventoId),
        sql`lower(${leads.email}) = lower(${email})`,
        sql`lower(${leads.nomeAluno}) = lower(${nomeAluno})`,
      ),
    );
  return row;
}

/** A cancelled sign-up of the same student signs up again: back in a seat, or on the waiting list. */
export async function reactivateLead(db: Executor, id: string, listaEspera: boolean) {
  await db.update(leads).set({ canceladoEm: null, presenteEm: null, listaEspera }).where(eq(leads.id, id));
}

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

/** A sign-up's e-mail's origin inside the sign-up statement: the new row's network and id (`insertLeadsIfOpen`). */
export const ORIGEM_DO_NOVO_LEAD = { rede: sql`novo.franqueador_id`, registroId: sql`novo.id` };
