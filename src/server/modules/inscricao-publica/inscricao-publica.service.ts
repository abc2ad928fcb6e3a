import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { jsonObjectOpen, linhaDeJob } from '../../jobs';
import { WHATSAPP_CLOUD_MESSAGES } from '../../../shared/schemas/whatsapp-cloud';
import { type LeadAnswer, type LeadData, PUBLIC_MESSAGES } from '../../../shared/schemas/public';
import { INSCRICAO_MESSAGES } from '../../../shared/schemas/inscricao-messages';
import { todayInBrasilia } from '../../../shared/brasilia';
import { conflict, notFound } from '../../lib/http-error';
import { Coalescer } from '../../lib/coalesce';
import {
  avisoDoVoucher,
  countSeated,
  type EventoDoVoucher,
  issueVoucher,
  lockEventoForSeats,
  novoVoucher,
  sendVoucherMail,
  VOUCHER_CODIGO_A_ESCREVER,
  voucherMail,
} from '../inscricoes';
import { recordReinscricao } from '../leads';
import { type ConsentimentoDado, consentimentoWhatsapp, insertConsentimento } from '../lgpd';
import { jobDoAviso } from '../whatsapp';
import {
  type Admissao,
  findLead,
  type InscricaoNova,
  insertLeadsIfOpen,
  reactivateLead,
} from './inscricao-publica.repository';

/** The event a family signs up for, as the public pages read it (their cache, ADR 032): its voucher's fields. */
export interface EventoAberto extends EventoDoVoucher {
  vagas: number | null;
  inscricoesAte: Date | null;
}

type Escrita = { id: string; createdAt: Date } | undefined;

/**
 * The sign-ups of each app, batched (ADR 044): while a statement of them runs, those that arrive wait and go
 * together in the next, up to 32 in one statement and one commit. A statement that takes over 50 ms (waiting on
 * an event's lock) lets the next start beside it, up to 4 at once.
 */
const LOTE = { maxBatch: 32, concurrency: 1, stallMs: 50, maxConcurrency: 4 };
const lotes = new WeakMap<FastifyInstance, Coalescer<InscricaoNova, Escrita>>();
function lote(app: FastifyInstance): Coalescer<InscricaoNova, Escrita> {
  let coalescer = lotes.get(app);
  if (!coalescer) {
    coalescer = new Coalescer((inscricoes) => insertLeadsIfOpen(app.db, inscricoes), LOTE);
    lotes.set(app, coalescer);
  }
  return coalescer;
}

/**
 * The public sign-up (POST /api/leads; docs/guides/sign-up.md): a family signs a student up for `evento`, read
 * open at `agora` by the caller, giving `consent`. One function, two paths:
 *
 * - **The fast path** (ADR 043, 044, 045): without seats, or with seats and a seat asked for, the sign-up goes
 *   with the others of its moment into one statement (`insertLeadsIfOpen`) that writes the lead and everything
 *   that commits with it -- no transaction, the seats counted under the event's lock inside the statement.
 * - **The locked path** (ADR 025): when that statement wrote nothing (full, a repeat, an event changed since it
 *   was read) or the waiting list is asked for, one transaction locks the event, counts its seats and inserts,
 *   renews a cancelled sign-up with a new voucher, or answers the repeat.
 *
 * The same student (e-mail and name, ignoring case) signing up again gets no second row and an answer like a first
 * sign-up's: the visitor's own spelling and the time of this request, never the stored ones (ADR 005, TRUST.md).
 * Past the deadline: 409; past the seats: 409, or the waiting list when asked for.
 */
export async function inscrever(
  app: FastifyInstance,
  evento: EventoAberto,
  data: LeadData,
  consent: ConsentimentoDado,
  agora: Date,
): Promise<{ created: boolean; body: LeadAnswer }> {
  const { consentimento: _consent, listaEspera: querEspera, whatsapp: querWhatsapp, ...lead } = data;
  // Issue 47: the option 'Quero receber avisos pelo WhatsApp', a consent of its own kept beside the form's.
  const whatsapp = querWhatsapp === true ? consentimentoWhatsapp(consent, WHATSAPP_CLOUD_MESSAGES.opcao) : null;
  /** The consents this sign-up gives, for a path that writes them itself. */
  const consentir = async (tx: Parameters<typeof insertConsentimento>[0], leadId: string) => {
    await insertConsentimento(tx, { leadId }, consent);
    if (whatsapp) await insertConsentimento(tx, { leadId }, whatsapp);
  };
  const day = todayInBrasilia(agora);
  const encerrada = (ate: Date | null) => ate !== null && agora.getTime() >= ate.getTime();
  if (encerrada(evento.inscricoesAte)) throw conflict(INSCRICAO_MESSAGES.encerradas);
  /** The sign-up with all it writes (`insertLeadsIfOpen`), let in as `admissao` says. */
  const inscricao = (listaEspera: boolean, admissao: Admissao): InscricaoNova => {
    const id = randomUUID();
    const voucher = novoVoucher(evento.dataEvento);
    const kind = listaEspera ? 'espera' : 'confirmada';
    return {
      id,
      today: day,
      agora,
      lead: { ...lead, consentidoEm: agora, listaEspera },
      consent,
      whatsapp: whatsapp?.texto ?? null,
      admissao,
      voucher,
      // Its network, lead and voucher code are the new row's, written by the statement; by WhatsApp when the family
      // ticked the option (issue 47).
      email: linhaDeJob(
        jobDoAviso(
          app,
          voucherMail(app, kind, data.email, data.nomeAluno, evento, voucher.token, VOUCHER_CODIGO_A_ESCREVER),
          { rede: null, registroId: null },
          avisoDoVoucher(app, kind, { id, nomeAluno: data.nomeAluno, telefone: data.telefone }, evento, voucher.token),
          whatsapp !== null,
        ),
        agora,
      ),
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
  const written = (listaEspera: boolean, row: Escrita) =>
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
    const fast = written(false, await lote(app).call(inscricao(false, 'semVagas')));
    if (fast) return answer(fast);
  } else if (!querEspera) {
    // Seats, and a seat asked for: the event locked and its seats counted inside the same statement, which
    // writes the row only while a seat is left. Full, a repeat or past the deadline: the path below says which.
    // Batched too, one sign-up per event in a statement.
    const fast = written(false, await lote(app).call(inscricao(false, 'lugar')));
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
      await consentir(tx, existing.id);
      const token = await issueVoucher(tx, existing.id, evento.dataEvento);
      await sendVoucherMail(
        app,
        tx,
        listaEspera ? 'espera' : 'confirmada',
        {
          id: existing.id,
          email: data.email,
          nomeAluno: data.nomeAluno,
          codigoVoucher: existing.codigoVoucher,
          telefone: data.telefone,
        },
        evento,
        token,
      );
      return { created: false, id: existing.id, createdAt: agora, listaEspera, comVoucher: true };
    }
    return { created: false, id: existing.id, createdAt: agora, listaEspera: existing.listaEspera, comVoucher: false };
  });
  if (!outcome.comVoucher) {
    // A plain repeat (no new voucher) stays on the lead's history for whoever follows it up (issue 16), the
    // answer unchanged.
    await app.db.transaction(async (tx) => {
      await recordReinscricao(tx, outcome.id, agora, {
        nomeResponsavel: data.nomeResponsavel,
        telefone: data.telefone,
      });
      await consentir(tx, outcome.id);
    });
  }
  return answer(outcome);
}
