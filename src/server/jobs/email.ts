import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/connect';
import type { MailMessage } from '../mail/mailer';
import { mascararEmail } from '../lib/mask';
import { FalhaDeEnvio, textoDaFalha } from './falha';
import { enfileirar, jobInsert, type LinhaDeJob, linhaDeJob, type NovoJob } from './queue';
import type { JobHandler } from './worker';
import { alunos, clientes, franquias, microFranquias, preMatriculas, users, vendedores } from '../db/schema';

/**
 * Whose an e-mail is (issue 39, item 4): the network(s) of the record that caused it -- a lead's, a pre-matrícula's,
 * an LGPD request's, an account's -- never inferred from the address it goes to (a lead planted with another
 * network's family's address would make that network the owner of the family's e-mails). `rede` lists it on
 * 'Envios': a franqueador's id (or SQL selecting one), `{ redes }` (SQL selecting a uuid[]: an aluno of several
 * networks), or null (the person's own, no network's: the titular portal's link). `registroId` is the record, by
 * which an anonymisation finds the undelivered e-mails it caused, in its own scope only.
 */
export interface OrigemDoEmail {
  rede: string | SQL | { redes: SQL } | null;
  registroId: string | SQL | null;
}

/**
 * The networks of an account, whatever its place in the tree: a staff account's one network, an aluno's every
 * network it is enrolled in (through its pre-matrículas), as a uuid[] (empty for none).
 */
export const redesDaConta = (userId: string | SQL): SQL => {
  const id = typeof userId === 'string' ? sql`${userId}::uuid` : userId;
  return sql`select coalesce(array_agg(distinct r) filter (where r is not null), '{}'::uuid[]) from (
      select coalesce(f.franqueador_id, u.franqueador_id) as r
        from ${users} u
        left join ${vendedores} v on v.user_id = u.id
        left join ${clientes} c on c.id = u.cliente_id
        left join ${microFranquias} mf on mf.id = coalesce(u.micro_franquia_id, c.micro_franquia_id, v.micro_franquia_id)
        left join ${franquias} f on f.id = coalesce(u.franquia_id, mf.franquia_id)
        where u.id = ${id}
      union all select p.franqueador_id from ${alunos} a join ${preMatriculas} p on p.id = a.pre_matricula_id
        where a.user_id = ${id}) x`;
};

/** An account's e-mail (a reset link, an invitation, an e-mail change): its networks, the account the record. */
export const daConta = (userId: string): OrigemDoEmail => ({
  rede: { redes: redesDaConta(userId) },
  registroId: userId,
});

/**
 * An e-mail written when it is sent (ADR 044): the job keeps the template's name and the few values it needs,
 * not the finished message -- a public sign-up's confirmation is a few hundred bytes instead of 3 KB, and its
 * text, HTML and calendar file are built by the worker, after the answer.
 */
export interface EmailDeModelo<D = unknown> {
  /** The recipient, where the LGPD erasure looks for it (`payload->>'to'`), as on a finished message. */
  to: string;
  modelo: string;
  dados: D;
}

/** A template: its subject (for 'Envios', known when queued) and the rest of the message, when sent. */
export interface ModeloDeEmail<D> {
  assunto(dados: D): string;
  escrever(app: FastifyInstance, dados: D): Omit<MailMessage, 'to' | 'subject'>;
}

const MODELOS = new Map<string, ModeloDeEmail<never>>();

/**
 * Names a template, once, where it is written; answers the function that makes its e-mails. The worker finds it
 * by the name, so the name is the template's for good: queued jobs keep it.
 */
export function modeloDeEmail<D>(nome: string, modelo: ModeloDeEmail<D>): (to: string, dados: D) => EmailDeModelo<D> {
  if (MODELOS.has(nome)) throw new Error(`e-mail template '${nome}' named twice`);
  MODELOS.set(nome, modelo as ModeloDeEmail<never>);
  return (to, dados) => ({ to, modelo: nome, dados });
}

function modeloDe(message: EmailDeModelo): ModeloDeEmail<unknown> {
  const modelo = MODELOS.get(message.modelo);
  if (!modelo) throw new Error(`no e-mail template named '${message.modelo}'`);
  return modelo as ModeloDeEmail<unknown>;
}

const deModelo = (message: MailMessage | EmailDeModelo): message is EmailDeModelo => 'modelo' in message;

/** The message to send: a finished one as it is, a template's written now. */
export function escreverEmail(app: FastifyInstance, message: MailMessage | EmailDeModelo): MailMessage {
  if (!deModelo(message)) return message;
  const modelo = modeloDe(message);
  return { to: message.to, subject: modelo.assunto(message.dados), ...modelo.escrever(app, message.dados) };
}

/**
 * Writes an e-mail as a job, in the transaction of the change it tells about: it is sent by the worker after the
 * commit, retried while SMTP refuses it, and kept as a dead letter after the last try. The message is exactly the
 * one sent today (no more personal data than that); once delivered it is dropped from the row.
 */
export async function enfileirarEmail(
  app: FastifyInstance,
  db: Executor,
  message: MailMessage,
  origem: OrigemDoEmail,
): Promise<void> {
  await enfileirar(db, emailJob(app, message, origem), app.clock.now());
}

/**
 * `enfileirarEmail`'s INSERT, for a statement that writes it with the change it follows (a WITH), only when
 * `onlyIf` holds (the contract's acceptance, issue 42's bench).
 */
export function emailInsert(
  app: FastifyInstance,
  message: MailMessage,
  origem: OrigemDoEmail,
  onlyIf?: SQL,
): SQL {
  return jobInsert(emailJob(app, message, origem), app.clock.now(), onlyIf);
}

/**
 * An e-mail's recipient as Envios finds it (issue 51): the SHA-256 of the trimmed, lower-case address. Only the
 * whole address finds it -- a fragment matches nothing, so the masked list cannot be read back a letter at a time.
 */
export const chaveDoDestinatario = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** An e-mail's job: its summary, masked address and tries are always values. */
export type EmailJob = NovoJob & { resumo: string; destino: string; maxTentativas: number };

/** The job of an e-mail, for `enfileirarEmail` (or its values, `linhaDeEmail`, for a statement that writes it). */
export function emailJob(app: FastifyInstance, message: MailMessage | EmailDeModelo, origem: OrigemDoEmail): EmailJob {
  const { rede, registroId } = origem;
  const dono =
    rede !== null && typeof rede === 'object' && 'redes' in rede ? { redes: rede.redes } : { franqueadorId: rede };
  return {
    tipo: 'email',
    payload: message,
    resumo: deModelo(message) ? modeloDe(message).assunto(message.dados) : message.subject,
    destino: mascararEmail(message.to),
    destinoChave: chaveDoDestinatario(message.to),
    ...dono,
    registroId,
    maxTentativas: app.config.jobs.maxTentativas,
  };
}

/**
 * An e-mail's job as values (`linhaDeJob`), for a statement that writes it with the record that causes it and
 * gives its network and record itself (the public sign-up's confirmation, issue 41).
 */
export function linhaDeEmail(app: FastifyInstance, message: MailMessage | EmailDeModelo, now: Date): LinhaDeJob {
  return linhaDeJob(emailJob(app, message, { rede: null, registroId: null }), now);
}

/** Sends one e-mail; a failure says what `textoDaFalha` says, never the SMTP host or the address (issue 39). */
export const enviarEmail: JobHandler = async (job, { app }) => {
  const message = escreverEmail(app, job.payload as MailMessage | EmailDeModelo);
  try {
    await app.mailer.send(message);
  } catch (error) {
    throw new FalhaDeEnvio(textoDaFalha(error));
  }
};
