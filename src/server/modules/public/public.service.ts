import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enfileirarEmail, jsonObjectOpen, type OrigemDoEmail } from '../../jobs';
import { emitirEvento } from '../webhooks';
import {
  type CreditDeclaration,
  type DeclaracaoVerificada,
  type LeadAnswer,
  type LeadData,
  type PreMatriculaData,
  type PublicFinalidade,
  PUBLIC_MESSAGES,
} from '../../../shared/schemas/public';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { Coalescer } from '../../lib/coalesce';
import {
  countConsentimentosSince,
  findDeclaracoes,
  findActivationOnRecord,
  findCursoDoEvento,
  findLead,
  findLeadIdForActivation,
  findOpenEvento,
  type ConsentimentoDado,
  insertConsentimento,
  type Admissao,
  type InscricaoNova,
  insertLeadsIfOpen,
  insertPreMatriculaOnce,
  type JanelaPublica,
  type OpenEvento,
  ORIGEM_DO_NOVO_LEAD,
  reactivateLead,
  recordConflito,
  redeDaPreMatricula,
  redesDaPreMatricula,
} from './public.repository';
import { activationConflictEmail, declarationEmail } from './public.mail';
import { recordReinscricao } from '../leads';
import { AVISO_VIGENTE, TEXTO_CONSENTIMENTO } from '../../../shared/privacidade';
import { codigoDeclaracao, iniciais } from '../../../shared/declaracao';
import { INSCRICAO_MESSAGES } from '../../../shared/schemas/inscricao-messages';
import { todayInBrasilia } from '../../../shared/brasilia';
import {
  countSeated,
  issueVoucher,
  lockEventoForSeats,
  novoVoucher,
  sendVoucherMail,
  voucherMailJob,
} from '../inscricoes';

/** Events happen in Brazil: "from today on" is today's date in Brasília, not in UTC or the server's zone. */
export const today = (app: FastifyInstance) => todayInBrasilia(app.clock.now());

/** 'YYYY-MM-DD' `days` calendar days before `day` (a plain date: no zone, no daylight saving). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The events a public page accepts now (issue 23): the sign-up's from today in São Paulo on; the activation's also
 * those of the last ATIVACAO_JANELA_DIAS days (an event 90 days old on a 90-day window still counts).
 */
export function janela(app: FastifyInstance, para: PublicFinalidade): JanelaPublica {
  const hoje = today(app);
  return para === 'inscricao'
    ? { para, today: hoje }
    : { para, desde: daysBefore(hoje, app.config.ativacaoJanelaDias) };
}

/** The window in a cache key: the day it opens from, so a new day reads afresh. */
export const chaveDe = (aceita: JanelaPublica) =>
  aceita.para === 'inscricao' ? `inscricao ${aceita.today}` : `ativacao ${aceita.desde}`;

async function requireOpenEvento(
  app: FastifyInstance,
  eventoId: string,
  para: PublicFinalidade = 'inscricao',
): Promise<OpenEvento> {
  const aceita = janela(app, para);
  // Kept in the public cache (issue 21) like the lists the page shows: dropped as soon as any event changes.
  const evento = await app.publicCache.get(`evento ${chaveDe(aceita)} ${eventoId}`, () =>
    findOpenEvento(app.db, aceita, eventoId),
  );
  if (!evento) throw notFound(PUBLIC_MESSAGES.eventoIndisponivel);
  return evento;
}

/** Where a public form was sent from: kept with its consent (issue 18). */
export interface Origem {
  ip: string | null;
  userAgent: string | null;
}

export const origemDe = (request: FastifyRequest): Origem => {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
};

/** The consent the form's checkbox gave: the notice in force and the checkbox's words. */
const consentimento = (origem: Origem, em: Date): ConsentimentoDado => ({
  avisoVersao: AVISO_VIGENTE.versao,
  texto: TEXTO_CONSENTIMENTO,
  em,
  ...origem,
});

/**
 * The sign-ups of each app, batched (ADR 044): while a statement of them runs, those that arrive wait and go
 * together in the next, up to 32 in one statement and one commit. A statement that takes over 50 ms (waiting on
 * an event's lock) lets the next start beside it, up to 4 at once.
 */
const coalescers = new WeakMap<
  FastifyInstance,
  Coalescer<InscricaoNova, { id: string; createdAt: Date } | undefined>
>();
function signUps(app: FastifyInstance) {
  let coalescer = coalescers.get(app);
  if (!coalescer) {
    coalescer = new Coalescer((inscricoes) => insertLeadsIfOpen(app.db, inscricoes), {
      maxBatch: 32,
      concurrency: 1,
      stallMs: 50,
      maxConcurrency: 4,
    });
    coalescers.set(app, coalescer);
  }
  return coalescer;
}

export interface Outcome<T> {
  created: boolean;
  body: T;
}

/**
 * A sign-up for an open event. The same student (e-mail and name, ignoring case) signing up again gets no second
 * row and an answer like a first sign-up's: the visitor's own spelling and the time of this request, never the
 * stored spelling or the first sign-up's time (TRUST.md).
 *
 * Issue 20 (ADR 025): past the event's `inscricoesAte` the answer is 409; with `vagas`, the event row is locked
 * for the transaction and the seats counted under it, so concurrent sign-ups never take more than there are: a
 * sign-up past them is 409, or waits on the list when it asks to. A new (or renewed) sign-up gets a voucher
 * and its e-mail after the commit.
 *
 * ADR 043: a first sign-up is one statement -- the lead, its consent, its voucher, the voucher's e-mail job and
 * the webhooks' deliveries -- and, for an event without seats (most), nothing else: no transaction, the event
 * read from the public cache. Only seats, a repeat, or an event that changed since it was read take the locked
 * path. ADR 044: on a busy server, the sign-ups that arrive together go in one such statement.
 */
export async function createLead(
  app: FastifyInstance,
  data: LeadData,
  origem: Origem = { ip: null, userAgent: null },
): Promise<Outcome<LeadAnswer>> {
  const { consentimento: _consent, listaEspera: querEspera, ...lead } = data;
  const now = app.clock.now();
  // Every sign-up, a repeat's too, keeps the consent it gave (issue 18).
  const consent = consentimento(origem, now);
  const day = today(app);
  const evento = await requireOpenEvento(app, data.eventoId);
  const encerrada = (ate: Date | null) => ate !== null && now.getTime() >= ate.getTime();
  if (encerrada(evento.inscricoesAte)) throw conflict(INSCRICAO_MESSAGES.encerradas);
  /** The sign-up with all it writes (`insertLeadsIfOpen`), let in as `admissao` says. */
  const inscricao = (listaEspera: boolean, admissao: Admissao): InscricaoNova => {
    const id = randomUUID();
    const voucher = novoVoucher(evento.dataEvento);
    const kind = listaEspera ? 'espera' : 'confirmada';
    return {
      id,
      today: day,
      agora: now,
      lead: { ...lead, consentidoEm: now, listaEspera },
      consent,
      admissao,
      voucher,
      email: {
        // Its network and lead are the new row's, written by the statement (`insertLeadsIfOpen`).
        ...voucherMailJob(app, kind, data.email, data.nomeAluno, evento, voucher.token, ORIGEM_DO_NOVO_LEAD),
      },
      criado: {
        dados: jsonObjectOpen(
          {
            id,
            eventoId: data.eventoId,
            nomeAluno: data.nomeAluno,
            nomeResponsavel: data.nomeResponsavel,
            email: data.email,
            telefone: data.telefone,
            listaEspera,
          },
          'criadoEm',
        ),
        maxTentativas: app.config.jobs.maxTentativas,
      },
    };
  };
  /** The outcome of a sign-up written; undefined when nothing was. */
  const written = (listaEspera: boolean, row: { id: string; createdAt: Date } | undefined) =>
    row && { created: true, id: row.id, createdAt: row.createdAt, listaEspera };
  const answer = (outcome: { created: boolean; id: string; createdAt: Date; listaEspera: boolean }) => ({
    created: outcome.created,
    body: {
      id: outcome.id,
      eventoId: data.eventoId,
      nomeAluno: data.nomeAluno,
      email: data.email,
      createdAt: outcome.createdAt.toISOString(),
      listaEspera: outcome.listaEspera,
    },
  });
  // The common case: no seats to count, so no lock and no transaction. The statement itself checks what the
  // cached event said (no seats, before the deadline), so an event changed meanwhile takes the path below.
  const semVagas = evento.vagas === null;
  if (semVagas) {
    // With the other sign-ups of this moment, in one statement (ADR 044).
    const fast = written(false, await signUps(app).call(inscricao(false, 'semVagas')));
    if (fast) return answer(fast);
  } else if (!querEspera) {
    // Seats, and a seat asked for: the event locked and its seats counted inside the same statement, which
    // writes the row only while a seat is left. Full, a repeat or past the deadline: the path below says which.
    // Batched too, one sign-up per event in a statement.
    const fast = written(false, await signUps(app).call(inscricao(false, 'lugar')));
    if (fast) return answer(fast);
  }
  const outcome = await app.db.transaction(async (tx) => {
    const locked = await lockEventoForSeats(tx, evento.id);
    if (!locked) throw notFound(PUBLIC_MESSAGES.eventoIndisponivel);
    if (encerrada(locked.inscricoesAte)) throw conflict(INSCRICAO_MESSAGES.encerradas);
    const { vagas } = locked;
    // Counted under the lock: no other sign-up can take a seat until this one commits.
    const cheio = vagas !== null && (await countSeated(tx, evento.id, vagas)) >= vagas;
    /** Past the seats: the waiting list, if asked for, else 409. */
    const espera = () => {
      if (cheio && !querEspera) throw conflict(INSCRICAO_MESSAGES.esgotadas);
      return cheio;
    };
    // A repeat keeps its seat, full or not: when full, the student is looked for before the 409.
    let existing = cheio ? await findLead(tx, data.eventoId, data.email, data.nomeAluno) : undefined;
    if (!existing) {
      // Without seats the statement above already tried, and nothing has changed under the lock since.
      const tenta = !(semVagas && vagas === null);
      const listaEspera = tenta && espera();
      const [row] = tenta ? await insertLeadsIfOpen(tx, [inscricao(listaEspera, 'livre')]) : [];
      const inserted = written(listaEspera, row);
      if (inserted) return { ...inserted, comVoucher: true };
      // Nothing inserted: this student signed up before (or the event closed this instant).
      existing = await findLead(tx, data.eventoId, data.email, data.nomeAluno);
      // The unique index refused the row, so it exists; only a concurrent removal could make it vanish.
      if (!existing) throw conflict(PUBLIC_MESSAGES.eventoIndisponivel);
    }
    if (existing.canceladoEm) {
      // A family that cancelled signs up again: the same lead, back in a seat (or waiting), with a new voucher.
      const listaEspera = espera();
      await reactivateLead(tx, existing.id, listaEspera);
      await insertConsentimento(tx, { leadId: existing.id }, consent);
      const token = await issueVoucher(tx, existing.id, evento.dataEvento);
      await sendVoucherMail(
        app,
        tx,
        listaEspera ? 'espera' : 'confirmada',
        { id: existing.id, email: data.email, nomeAluno: data.nomeAluno },
        evento,
        token,
      );
      return { created: false, id: existing.id, createdAt: now, listaEspera, comVoucher: true };
    }
    return { created: false, id: existing.id, createdAt: now, listaEspera: existing.listaEspera, comVoucher: false };
  });
  if (!outcome.comVoucher) {
    // A plain repeat (no new voucher) stays on the lead's history for whoever follows it up (issue 16), the
    // answer unchanged.
    await app.db.transaction(async (tx) => {
      await recordReinscricao(tx, outcome.id, now, {
        nomeResponsavel: data.nomeResponsavel,
        telefone: data.telefone,
      });
      await insertConsentimento(tx, { leadId: outcome.id }, consent);
    });
  }
  return answer(outcome);
}

/** An e-mail about a pre-matrícula: on its network's 'Envios', the row its record (issue 39). */
const daPreMatricula = (id: string): OrigemDoEmail => ({
  rede: redeDaPreMatricula(id),
  registroId: id,
});

/** A repeat's declaration e-mail goes at most once in this window (a double tap, a family trying again). */
const DECLARACAO_REENVIO_MS = 10 * 60_000;

/**
 * A credit activation (DESIGN §4.4 revised, ADRs 020, 030, 049). A student is activated once per event. Every
 * activation, first or repeat, answers 201 with the declaration built from what the visitor typed and the public
 * event: the same status, the same fields in the same order, a like delay, so holding a student's CPF tells
 * nobody whether that student was activated (issue 39, item 6). What differs reaches the family by e-mail only: a
 * repeat stores nothing new in the record; with the guardian's CPF and e-mail on record it answers with the record's
 * id and gets the declaration on record by e-mail; with other data it is kept beside the activation as a conflict,
 * answers with an id issued to nobody, and the e-mail on record is told.
 */
export async function createPreMatricula(
  app: FastifyInstance,
  data: PreMatriculaData,
  origem: Origem = { ip: null, userAgent: null },
): Promise<Outcome<CreditDeclaration>> {
  const evento = await requireOpenEvento(app, data.eventoId, 'ativacao');
  const leadId = await findLeadIdForActivation(app.db, data.eventoId, data.email, data.nomeAluno);
  const { consentimento: _consent, cursoId, ...fields } = data;
  const cursoInteresse = cursoId ? await findCursoDoEvento(app.db, data.eventoId, cursoId) : null;
  if (cursoInteresse === undefined) {
    throw badRequest(PUBLIC_MESSAGES.cursoId, { cursoId: PUBLIC_MESSAGES.cursoId });
  }
  const now = app.clock.now();
  const consent = consentimento(origem, now);
  // The activation and its webhooks' deliveries commit together (issue 22).
  const inserted = await app.db.transaction(async (tx) => {
    const row = await insertPreMatriculaOnce(tx, { ...fields, leadId, consentidoEm: now, cursoInteresse }, consent);
    if (row) {
      await emitirEvento(app, tx, 'pre_matricula.criada', redesDaPreMatricula(row.id), {
        id: row.id,
        eventoId: data.eventoId,
        nomeAluno: data.nomeAluno,
        nomeResponsavel: data.nomeResponsavel,
        email: data.email,
        telefone: data.telefone,
        cursoInteresse,
        criadoEm: row.createdAt.toISOString(),
      });
    }
    return row;
  });
  // One shape for both, field for field: the visitor's own data and the public event's, never the record's.
  const declaracao = (id: string, createdAt: Date): CreditDeclaration => ({
    id,
    eventoId: data.eventoId,
    nomeAluno: data.nomeAluno,
    cpfAluno: data.cpfAluno,
    nomeResponsavel: data.nomeResponsavel,
    cpfResponsavel: data.cpfResponsavel,
    nomeEscola: evento.nomeEscola,
    dataEvento: evento.dataEvento,
    cidade: evento.cidade,
    estado: evento.estado,
    valorTotalDesconto: evento.valorTotalDesconto,
    createdAt: createdAt.toISOString(),
  });
  if (!inserted) {
    const id = await recordRepeat(app, data, evento, consent);
    return { created: false, body: declaracao(id, now) };
  }
  return { created: true, body: declaracao(inserted.id, inserted.createdAt) };
}

/**
 * A repeat activation: the same guardian gets the declaration on record by e-mail; anyone else is a conflict.
 * Answers the id the visitor's declaration carries: the record's for the same guardian, one issued to nobody else.
 */
async function recordRepeat(
  app: FastifyInstance,
  data: PreMatriculaData,
  evento: OpenEvento,
  consent: ConsentimentoDado,
): Promise<string> {
  const now = consent.em;
  const onRecord = await findActivationOnRecord(app.db, data.eventoId, data.cpfAluno);
  // The unique index refused the row, so it exists; only a concurrent removal could make it vanish.
  if (!onRecord) throw conflict(PUBLIC_MESSAGES.eventoIndisponivel);
  const same = onRecord.cpfResponsavel === data.cpfResponsavel && onRecord.email.toLowerCase() === data.email;
  if (same) {
    // The same guardian consented again: kept beside the first consent (issue 18).
    const since = new Date(now.getTime() - DECLARACAO_REENVIO_MS);
    const recent = await countConsentimentosSince(app.db, onRecord.id, since);
    // Each repeat keeps a consent: one in the window besides the first activation's means it was mailed already.
    const mailed = recent - (onRecord.createdAt >= since ? 1 : 0) > 0;
    const mail = mailed
      ? null
      : declarationEmail({
          ...evento,
          nomeAluno: onRecord.nomeAluno ?? onRecord.nome,
          nomeResponsavel: onRecord.nomeResponsavel ?? '',
          cpfAluno: onRecord.cpfAluno ?? '',
          codigo: codigoDeclaracao(onRecord.id),
          appUrl: app.config.appUrl,
        });
    // The consent and the declaration's e-mail commit together (ADR 028).
    await app.db.transaction(async (tx) => {
      await insertConsentimento(tx, { preMatriculaId: onRecord.id }, consent);
      if (mail) await enfileirarEmail(app, tx, { to: onRecord.email, ...mail }, daPreMatricula(onRecord.id));
    });
    return onRecord.id;
  }
  // The conflict and the e-mail to the address on record commit together (ADR 028).
  await app.db.transaction(async (tx) => {
    const recorded = await recordConflito(tx, {
      preMatriculaId: onRecord.id,
      nomeAluno: data.nomeAluno,
      nomeResponsavel: data.nomeResponsavel,
      cpfResponsavel: data.cpfResponsavel,
      email: data.email,
      telefone: data.telefone,
      consentidoEm: now,
    });
    if (recorded?.recorded) {
      await enfileirarEmail(
        app,
        tx,
        { to: onRecord.email, ...activationConflictEmail(evento) },
        daPreMatricula(onRecord.id),
      );
    }
  });
  return randomUUID();
}

/** A declaration's verification by its code (issue 23): initials only; 404 for a code nobody holds. */
export async function verificarDeclaracao(app: FastifyInstance, codigo: string): Promise<DeclaracaoVerificada[]> {
  const rows = await findDeclaracoes(app.db, codigo);
  if (rows.length === 0) throw notFound(PUBLIC_MESSAGES.declaracaoNaoEncontrada);
  return rows.map((row) => ({
    codigo: codigoDeclaracao(row.id),
    valida: row.anonimizadoEm === null && row.consentimentoRevogadoEm === null,
    aluno: row.anonimizadoEm ? '' : iniciais(row.nomeAluno ?? row.nome),
    responsavel: row.anonimizadoEm ? '' : iniciais(row.nomeResponsavel),
    nomeEscola: row.nomeEscola,
    cidade: row.cidade,
    estado: row.estado,
    dataEvento: row.dataEvento,
    valorTotalDesconto: Number(row.valorTotalDesconto ?? 0),
    emitidaEm: row.createdAt.toISOString(),
  }));
}
