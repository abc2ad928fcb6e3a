import type { FastifyInstance } from 'fastify';
import { type EmailDeModelo, enfileirar, modeloDeEmail, type OrigemDoEmail } from '../../jobs';
import { formatDateOnly } from '../../../shared/format';
import { LOCAL_EVENTO_LABELS } from '../../../shared/enums';
import { type Aviso, enfileirarAviso, jobDoAviso } from '../whatsapp';
import { addDays } from '../../../shared/brasilia';
import {
  INSCRICAO_MESSAGES,
  primeiroNome,
  type PresencaAnswer,
  type PresencaInput,
  type VoucherView,
} from '../../../shared/schemas/inscricao';
import { EVENTO_MESSAGES } from '../../../shared/schemas/evento';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { conflict, notFound } from '../../lib/http-error';
import { digest, newToken } from '../../lib/tokens';
import { auditInsert } from '../auditoria';
import {
  cancelLead,
  countSeated,
  findLeadAtDoor,
  findVisibleEventoCounts,
  isVisibleEvento,
  findVoucher,
  familiasDaVespera,
  firstOnWaitingList,
  lockEventoForSeats,
  markPresentAtDoor,
  type NovoVoucher,
  insertVoucher,
  isCodigoDeOutroEvento,
  type NaPorta,
  redeDoLead,
  takeSeat,
  findQuemRegistrouPresenca,
} from './inscricoes.repository';
import { type EventoDoVoucher, type VoucherMailKind, VOUCHER_SUBJECTS, voucherEmail } from './inscricoes.mail';

const DAY = 24 * 60 * 60 * 1000;

interface Counts {
  inscritos: number;
  presentes: number;
}
/** A voucher is good until 7 days after the event (the end of that day in São Paulo, -03:00). */
export const VOUCHER_DIAS_APOS_EVENTO = 7;

export function voucherExpiry(dataEvento: string): Date {
  return new Date(new Date(`${dataEvento}T00:00:00-03:00`).getTime() + (VOUCHER_DIAS_APOS_EVENTO + 1) * DAY);
}

export const voucherUrl = (app: FastifyInstance, token: string) => `${app.config.appUrl}/voucher/${token}`;

/** A new voucher: the token goes to the family, only its digest is kept; good until a week after the event. */
export function novoVoucher(dataEvento: string): NovoVoucher {
  const token = newToken();
  return { token, tokenHash: digest(token), expiraEm: voucherExpiry(dataEvento) };
}

/** A new voucher for the lead. */
export async function issueVoucher(db: Executor, leadId: string, dataEvento: string): Promise<string> {
  const voucher = novoVoucher(dataEvento);
  await insertVoucher(db, voucher, leadId);
  return voucher.token;
}

/** What the voucher's e-mail is written from (ADR 044): the first name, the event, the token, its code and when. */
interface VoucherMail {
  kind: VoucherMailKind;
  primeiroNome: string;
  evento: EventoDoVoucher;
  token: string;
  /**
   * The voucher's short code (issue 51). The public sign-up's statement writes the lead's, drawn by the database in
   * that statement, over the empty one queued (`VOUCHER_CODIGO_A_ESCREVER`). Absent in an e-mail queued before.
   */
  codigo?: string;
  /** The sign-up's instant, the calendar file's DTSTAMP. */
  em: string;
}

const modeloVoucher = modeloDeEmail<VoucherMail>('voucher', {
  assunto: (dados) => VOUCHER_SUBJECTS[dados.kind],
  escrever: (app, { kind, primeiroNome, evento, token, codigo, em }) =>
    voucherEmail(kind, primeiroNome, evento, voucherUrl(app, token), new Date(em), codigo),
});

/**
 * The code of a sign-up's voucher e-mail before its lead is written: the statement that writes the lead puts the
 * lead's code in its place (`dados.codigo`, inscricao-publica.repository).
 */
export const VOUCHER_CODIGO_A_ESCREVER = '';

/** Only the parts of the street address the event has: a null costs the queued e-mail's row its bytes. */
function comEndereco(evento: EventoDoVoucher): EventoDoVoucher {
  const { id, nomeEscola, dataEvento, horario, local, cidade, estado } = evento;
  const endereco = Object.fromEntries(
    (['logradouro', 'numero', 'complemento', 'bairro', 'cep'] as const)
      .filter((campo) => evento.logradouro && evento[campo])
      .map((campo) => [campo, evento[campo]]),
  );
  return { id, nomeEscola, dataEvento, horario, local, ...endereco, cidade, estado };
}

/**
 * A voucher's e-mail, as its template's data (ADR 044): the worker writes the message when it sends it. What
 * `sendVoucherMail` queues, and what the public sign-up writes with the voucher (`linhaDeEmail`, issue 41).
 */
export function voucherMail(
  app: FastifyInstance,
  kind: VoucherMailKind,
  to: string,
  nomeAluno: string,
  evento: EventoDoVoucher,
  token: string,
  codigo: string,
): EmailDeModelo<VoucherMail> {
  return modeloVoucher(to, {
    kind,
    primeiroNome: primeiroNome(nomeAluno),
    evento: comEndereco(evento),
    token,
    codigo,
    em: app.clock.now().toISOString(),
  });
}

/**
 * The voucher's notice by WhatsApp (issue 47, ADR 103): the sign-up's moment, with the fields a template may use.
 * A place on the waiting list has no voucher to show: its notice is the e-mail alone.
 */
export function avisoDoVoucher(
  app: FastifyInstance,
  kind: VoucherMailKind,
  lead: { id: string; nomeAluno: string; telefone: string | null },
  evento: EventoDoVoucher,
  token: string,
): Aviso {
  return {
    momento: kind === 'lembrete' ? 'lembrete_vespera' : 'inscricao',
    telefone: kind === 'espera' ? null : lead.telefone,
    familia: { leadId: lead.id, preMatriculaId: null },
    campos: camposDoEvento(app, lead.nomeAluno, evento, token),
  };
}

/** What a template may say of a family's event: the first name, the school, day, time, place and voucher link. */
export function camposDoEvento(app: FastifyInstance, nomeAluno: string, evento: EventoDoVoucher, token: string) {
  return {
    primeiro_nome: primeiroNome(nomeAluno),
    evento: evento.nomeEscola,
    data: formatDateOnly(evento.dataEvento),
    hora: evento.horario,
    local: `${LOCAL_EVENTO_LABELS[evento.local]} - ${evento.cidade} - ${evento.estado}`,
    link_voucher: voucherUrl(app, token),
  };
}

/** A lead's e-mail's origin: the lead, on its network's 'Envios'. */
export const doLead = (leadId: string): OrigemDoEmail => ({
  rede: redeDoLead(leadId),
  registroId: leadId,
});

/**
 * The voucher's notice, queued as a job in the transaction that made the voucher (ADR 028): by WhatsApp when the
 * family consented (on record) and the channel is on, by e-mail otherwise (issue 47).
 */
export async function sendVoucherMail(
  app: FastifyInstance,
  tx: Executor,
  kind: VoucherMailKind,
  lead: { id: string; email: string; nomeAluno: string; codigoVoucher: string; telefone: string | null },
  evento: EventoDoVoucher,
  token: string,
): Promise<void> {
  const email = voucherMail(app, kind, lead.email, lead.nomeAluno, evento, token, lead.codigoVoucher);
  await enfileirarAviso(app, tx, email, doLead(lead.id), avisoDoVoucher(app, kind, lead, evento, token));
}

/** GET /api/public/voucher/:token: the first name, the voucher's code and the event, nothing else of the family. */
export async function getVoucher(app: FastifyInstance, token: string): Promise<VoucherView> {
  const row = await findVoucher(app.db, digest(token), app.clock.now());
  if (!row) throw notFound(INSCRICAO_MESSAGES.voucherNaoEncontrado);
  const { id: _id, ...evento } = row.evento;
  return {
    primeiroNome: primeiroNome(row.nomeAluno),
    listaEspera: row.listaEspera,
    cancelado: row.canceladoEm !== null,
    presente: row.presenteEm !== null,
    codigo: row.codigoVoucher,
    evento,
  };
}

/**
 * POST /api/public/voucher/:token/cancelar: the family gives the seat up. Under the event's lock, a freed seat
 * goes to the first lead of the waiting list, who gets a voucher of their own by e-mail.
 */
export async function cancelVoucher(app: FastifyInstance, token: string): Promise<{ message: string }> {
  const now = app.clock.now();
  const found = await findVoucher(app.db, digest(token), now);
  if (!found) throw notFound(INSCRICAO_MESSAGES.voucherNaoEncontrado);
  await app.db.transaction(async (tx) => {
    const evento = await lockEventoForSeats(tx, found.evento.id);
    const cancelled = await cancelLead(tx, found.leadId, now);
    if (!cancelled) throw conflict(INSCRICAO_MESSAGES.jaCancelada);
    if (cancelled.listaEspera || !evento) return;
    if (evento.vagas !== null && (await countSeated(tx, evento.id, evento.vagas)) >= evento.vagas) return;
    const next = await firstOnWaitingList(tx, evento.id);
    if (!next) return;
    await takeSeat(tx, next.id);
    const token = await issueVoucher(tx, next.id, evento.dataEvento);
    await sendVoucherMail(app, tx, 'promovida', next, found.evento, token);
  });
  return { message: INSCRICAO_MESSAGES.cancelada };
}

/**
 * POST /api/eventos/:id/presencas: the family at the door, by the voucher's QR code, its short code typed (issue
 * 51) or by name. The first time records the moment (201); again answers 200 'Presença já registrada'. A voucher
 * of another event, or a lead the actor does not read, is 404; a code of another event says so.
 */
export async function registrarPresenca(
  app: FastifyInstance,
  actor: Actor,
  eventoId: string,
  input: PresencaInput,
): Promise<{ created: boolean; body: PresencaAnswer }> {
  const now = app.clock.now();
  const by: NaPorta = input.token
    ? { tokenHash: digest(input.token), now }
    : input.codigo
      ? { codigo: input.codigo }
      : { leadId: input.leadId! };
  const answer = (lead: { id: string; nomeAluno: string }, presenteEm: Date, created: boolean, counts?: Counts) => ({
    created,
    body: {
      message: created ? INSCRICAO_MESSAGES.presencaRegistrada : INSCRICAO_MESSAGES.presencaJaRegistrada,
      id: lead.id,
      leadId: lead.id,
      nomeAluno: lead.nomeAluno,
      presenteEm: presenteEm.toISOString(),
      presentes: counts?.presentes ?? 0,
      inscritos: counts?.inscritos ?? 0,
    },
  });
  // The usual case in one statement: a seated family not yet in, marked present (a conditional UPDATE, so two
  // check-ins racing each other cannot both win), its audit row and the event's counts. Only when nothing was
  // marked is the lead read, to say why.
  const marked = await markPresentAtDoor(app.db, actor, eventoId, by, now, (lead) =>
    auditInsert(
      {
        acao: 'lead.presenca',
        entidadeId: lead.id,
        alteracoes: { presenteEm: [null, now.toISOString()] },
        detalhes: { eventoId, meio: input.token ? 'voucher' : input.codigo ? 'codigo' : 'nome' },
      },
      lead.marcado,
    ),
  );
  if (marked) return answer(marked, marked.presenteEm, true, marked);
  const lead = await findLeadAtDoor(app.db, actor, eventoId, by);
  if (!lead) {
    if (!(await isVisibleEvento(app.db, actor, eventoId))) throw notFound(EVENTO_MESSAGES.notFound);
    if (input.codigo) {
      const deOutro = await isCodigoDeOutroEvento(app.db, actor, eventoId, input.codigo);
      throw notFound(deOutro ? INSCRICAO_MESSAGES.codigoOutroEvento : INSCRICAO_MESSAGES.codigoNaoEncontrado);
    }
    throw notFound(INSCRICAO_MESSAGES.inscricaoNaoEncontrada);
  }
  if (lead.canceladoEm) throw conflict(INSCRICAO_MESSAGES.presencaCancelada);
  if (lead.listaEspera) throw conflict(INSCRICAO_MESSAGES.presencaListaEspera);
  const again = answer(lead, lead.presenteEm!, false, await findVisibleEventoCounts(app.db, actor, eventoId));
  return { ...again, body: { ...again.body, registradaPor: await findQuemRegistrouPresenca(app.db, lead.id) } };
}

/**
 * After an event's seats change (PUT /api/eventos/:id, in its transaction): the waiting list takes the seats
 * now free, first come first served, each family's voucher e-mail queued in that transaction.
 */
export async function promoteWaitingList(app: FastifyInstance, tx: Executor, eventoId: string): Promise<void> {
  const evento = await lockEventoForSeats(tx, eventoId);
  if (!evento) return;
  const livres = evento.vagas === null ? Infinity : evento.vagas - (await countSeated(tx, eventoId, evento.vagas));
  for (let i = 0; i < livres; i++) {
    const next = await firstOnWaitingList(tx, eventoId);
    if (!next) break;
    await takeSeat(tx, next.id);
    const token = await issueVoucher(tx, next.id, evento.dataEvento);
    await sendVoucherMail(app, tx, 'promovida', next, evento, token);
  }
}

/**
 * The eve-of-event reminders (issue 47, ADR 103), a daily job at 18:00 in Brasília: each family seated for an event
 * of the next day that consented to WhatsApp gets a new voucher link (the stored ones are hashes) and its notice by
 * WhatsApp (its e-mail the fallback), one per family and day whatever the retries (the job's key; a retry's new voucher
 * is rolled back with it). Answers how many families of tomorrow have their reminder.
 */
export async function lembrarVespera(app: FastifyInstance, dia: string): Promise<number> {
  if (!app.config.whatsapp) return 0;
  const amanha = addDays(dia, 1);
  let lembradas = 0;
  let depois: string | null = null;
  for (;;) {
    const lote = await familiasDaVespera(app.db, amanha, depois, LEMBRETES_POR_LOTE);
    for (const familia of lote) {
      await app.db
        .transaction(async (tx) => {
          const token = await issueVoucher(tx, familia.id, familia.evento.dataEvento);
          const email = voucherMail(
            app,
            'lembrete',
            familia.email,
            familia.nomeAluno,
            familia.evento,
            token,
            familia.codigoVoucher,
          );
          const aviso = avisoDoVoucher(app, 'lembrete', familia, familia.evento, token);
          const job = jobDoAviso(app, email, doLead(familia.id), aviso, true);
          const chave = `lembrete_vespera:${familia.id}:${amanha}`;
          // Already queued by an earlier try of the day: its new voucher goes back with this transaction.
          if (!(await enfileirar(tx, { ...job, chave }, app.clock.now()))) throw new JaLembrada();
        })
        .catch((error: unknown) => {
          if (!(error instanceof JaLembrada)) throw error;
        });
      lembradas += 1;
    }
    if (lote.length < LEMBRETES_POR_LOTE) return lembradas;
    depois = lote.at(-1)!.id;
  }
}

/** A family whose reminder of the day was queued before (a retry of the daily job). */
class JaLembrada extends Error {}

/** The eve-of-event reminders' families read this many at a time (their leads' ids in order). */
const LEMBRETES_POR_LOTE = 500;
