import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enfileirarEmail, type OrigemDoEmail } from '../../jobs';
import { emitirEvento } from '../webhooks';
import {
  type CreditDeclaration,
  type DeclaracaoVerificada,
  type LeadAnswer,
  type LeadData,
  type OrigemData,
  type PreMatriculaData,
  type PublicFinalidade,
  PUBLIC_MESSAGES,
} from '../../../shared/schemas/public';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import {
  countConsentimentosSince,
  findActivationOnRecord,
  findLeadForActivation,
  insertPreMatriculaOnce,
  recordConflito,
  redeDaPreMatricula,
  redesDaPreMatricula,
} from './ativacao.repository';
import { findDeclaracoes } from './declaracoes.repository';
import { findCursoDoEvento, findOpenEvento, type JanelaPublica, type OpenEvento } from './eventos-publicos.repository';
import { activationConflictEmail, declarationEmail } from './public.mail';
import { inscrever } from '../inscricao-publica';
import { type ConsentimentoDado, consentimentoWhatsapp, insertConsentimento } from '../lgpd';
import type { Executor } from '../../db/connect';
import { WHATSAPP_CLOUD_MESSAGES } from '../../../shared/schemas/whatsapp-cloud';
import { AVISO_VIGENTE, TEXTO_CONSENTIMENTO } from '../../../shared/privacidade';
import { codigoDeclaracao, iniciais } from '../../../shared/declaracao';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';

/** Events happen in Brazil: "from today on" is today's date in Brasília, not in UTC or the server's zone. */
export const today = (app: FastifyInstance) => todayInBrasilia(app.clock.now());

/**
 * The events a public page accepts now (issue 23): the sign-up's from today in São Paulo on; the activation's also
 * those of the last ATIVACAO_JANELA_DIAS days (an event 90 days old on a 90-day window still counts).
 */
export function janela(app: FastifyInstance, para: PublicFinalidade): JanelaPublica {
  const hoje = today(app);
  return para === 'inscricao' ? { para, today: hoje } : { para, desde: addDays(hoje, -app.config.ativacaoJanelaDias) };
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

export interface Outcome<T> {
  created: boolean;
  body: T;
}

/**
 * A sign-up for an open event (POST /api/leads): the event read through the public cache (issue 21), then the
 * public sign-up's one function, `inscrever` (docs/guides/sign-up.md).
 */
export async function createLead(
  app: FastifyInstance,
  data: LeadData,
  origem: Origem = { ip: null, userAgent: null },
): Promise<Outcome<LeadAnswer>> {
  const now = app.clock.now();
  // Every sign-up, a repeat's too, keeps the consent it gave (issue 18).
  const consent = consentimento(origem, now);
  const evento = await requireOpenEvento(app, data.eventoId);
  return inscrever(app, evento, data, consent, now);
}

/** An e-mail about a pre-matrícula: on its network's 'Envios', the row its record (issue 39). */
const daPreMatricula = (id: string): OrigemDoEmail => ({
  rede: redeDaPreMatricula(id),
  registroId: id,
});

/** The activation's option 'Quero receber avisos pelo WhatsApp' (issue 47), a consent of its own when ticked. */
async function consentirWhatsapp(
  tx: Executor,
  data: PreMatriculaData,
  preMatriculaId: string,
  consent: ConsentimentoDado,
) {
  if (data.whatsapp !== true) return;
  await insertConsentimento(tx, { preMatriculaId }, consentimentoWhatsapp(consent, WHATSAPP_CLOUD_MESSAGES.opcao));
}

/** Whether a form sent any origin (issue 48): a field left empty is absent already. */
const temOrigem = (origem: OrigemData | undefined): origem is OrigemData =>
  origem !== undefined && Object.values(origem).some((v) => v !== undefined);

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
  const lead = await findLeadForActivation(app.db, data.eventoId, data.email, data.nomeAluno);
  const leadId = lead?.id ?? null;
  const { consentimento: _consent, cursoId, whatsapp: _whatsapp, origem: enviada, ...fields } = data;
  // Issue 48: the activation's own origin; none sent, its lead's as stored.
  const atribuicao = temOrigem(enviada) ? { enviada } : lead ? { copiada: lead.origem } : null;
  const cursoInteresse = cursoId ? await findCursoDoEvento(app.db, data.eventoId, cursoId) : null;
  if (cursoInteresse === undefined) {
    throw badRequest(PUBLIC_MESSAGES.cursoId, { cursoId: PUBLIC_MESSAGES.cursoId });
  }
  const now = app.clock.now();
  const consent = consentimento(origem, now);
  // The activation and its webhooks' deliveries commit together (issue 22).
  const inserted = await app.db.transaction(async (tx) => {
    const row = await insertPreMatriculaOnce(
      tx,
      { ...fields, leadId, consentidoEm: now, cursoInteresse, origem: atribuicao },
      consent,
    );
    if (row) await consentirWhatsapp(tx, data, row.id, consent);
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
      await consentirWhatsapp(tx, data, onRecord.id, consent);
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
