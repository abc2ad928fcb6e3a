import type { FastifyInstance } from 'fastify';
import {
  type CreditDeclaration,
  type LeadAnswer,
  type LeadData,
  type PreMatriculaData,
  PUBLIC_MESSAGES,
} from '../../../shared/schemas/public';
import { conflict, notFound } from '../../lib/http-error';
import {
  findLead,
  findLeadIdForActivation,
  findOpenEvento,
  findPreMatricula,
  insertLeadIfOpen,
  insertPreMatriculaOnce,
  type OpenEvento,
} from './public.repository';

/** Events happen in Brazil: "from today on" is today's date in São Paulo, not in UTC or the server's zone. */
export const EVENT_TIME_ZONE = 'America/Sao_Paulo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' of `now` in São Paulo. */
export function todayInSaoPaulo(now: Date): string {
  const parts = dayFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export const today = (app: FastifyInstance) => todayInSaoPaulo(app.clock.now());

async function requireOpenEvento(app: FastifyInstance, eventoId: string): Promise<OpenEvento> {
  const evento = await findOpenEvento(app.db, today(app), eventoId);
  if (!evento) throw notFound(PUBLIC_MESSAGES.eventoIndisponivel);
  return evento;
}

export interface Outcome<T> {
  created: boolean;
  body: T;
}

/**
 * A sign-up for an open event. The same student (e-mail and name, ignoring case) signing up again gets no second
 * row and an answer like a first sign-up's: the visitor's own spelling and the time of this request, never the
 * stored spelling or the first sign-up's time (TRUST.md).
 */
export async function createLead(app: FastifyInstance, data: LeadData): Promise<Outcome<LeadAnswer>> {
  const { consentimento: _consent, ...lead } = data;
  const inserted = await insertLeadIfOpen(app.db, today(app), { ...lead, consentidoEm: app.clock.now() });
  if (inserted) return { created: true, body: { ...inserted, createdAt: inserted.createdAt.toISOString() } };
  // Nothing inserted: the event is not open, or this student signed up for it before.
  await requireOpenEvento(app, data.eventoId);
  const row = await findLead(app.db, data.eventoId, data.email, data.nomeAluno);
  // The unique index refused the row, so it exists; only a concurrent removal could make it vanish.
  if (!row) throw conflict(PUBLIC_MESSAGES.eventoIndisponivel);
  return {
    created: false,
    body: {
      id: row.id,
      eventoId: data.eventoId,
      nomeAluno: data.nomeAluno,
      email: data.email,
      createdAt: app.clock.now().toISOString(),
    },
  };
}

/**
 * A credit activation. A repeat for the same event and student CPF answers the declaration first issued,
 * provided the guardian's CPF matches it too: the student's CPF alone must not reveal the guardian's data.
 */
export async function createPreMatricula(
  app: FastifyInstance,
  data: PreMatriculaData,
): Promise<Outcome<CreditDeclaration>> {
  const evento = await requireOpenEvento(app, data.eventoId);
  const leadId = await findLeadIdForActivation(app.db, data.eventoId, data.email, data.nomeAluno);
  const { consentimento: _consent, ...fields } = data;
  const inserted = await insertPreMatriculaOnce(app.db, { ...fields, leadId, consentidoEm: app.clock.now() });
  const row = inserted ?? (await findPreMatricula(app.db, data.eventoId, data.cpfAluno));
  if (!row || row.cpfResponsavel !== data.cpfResponsavel) throw conflict(PUBLIC_MESSAGES.ativacaoOutroResponsavel);
  return {
    created: inserted !== undefined,
    body: {
      id: row.id,
      eventoId: row.eventoId,
      nomeAluno: row.nomeAluno ?? data.nomeAluno,
      cpfAluno: row.cpfAluno ?? data.cpfAluno,
      nomeResponsavel: row.nomeResponsavel ?? data.nomeResponsavel,
      cpfResponsavel: row.cpfResponsavel,
      nomeEscola: evento.nomeEscola,
      dataEvento: evento.dataEvento,
      cidade: evento.cidade,
      estado: evento.estado,
      valorTotalDesconto: evento.valorTotalDesconto,
      createdAt: row.createdAt.toISOString(),
    },
  };
}
