import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/connect';
import type { MailMessage } from '../mail/mailer';
import { currentRequest, mascararEmail } from '../modules/auditoria';
import { FalhaDeEnvio, textoDaFalha } from './falha';
import { enfileirar, type NovoJob } from './queue';
import type { JobHandler } from './worker';

/** The network of a user, whatever its place in the tree (an aluno's is none). */
const redeDoUsuario = (where: SQL) => sql`select coalesce(f.franqueador_id, u.franqueador_id)
  from users u
  left join vendedores v on v.user_id = u.id
  left join clientes c on c.id = u.cliente_id
  left join micro_franquias mf on mf.id = coalesce(u.micro_franquia_id, c.micro_franquia_id, v.micro_franquia_id)
  left join franquias f on f.id = coalesce(u.franquia_id, mf.franquia_id)
  where ${where} limit 1`;

/**
 * The network whose 'Envios' lists an e-mail: the recipient's, if it has an account in one; else the signed-in
 * user's who caused it; else that of the latest lead with that address (a family's voucher).
 */
function redeDoEmail(to: string): SQL {
  const actorId = currentRequest()?.actor?.id ?? null;
  return sql`select coalesce(
    (${redeDoUsuario(sql`lower(u.email) = ${to.toLowerCase()}`)}),
    (${actorId ? redeDoUsuario(sql`u.id = ${actorId}::uuid`) : sql`select null::uuid`}),
    (select franqueador_id from leads where lower(email) = ${to.toLowerCase()} order by created_at desc limit 1))`;
}

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
  options: { franqueadorId?: string | SQL | null } = {},
): Promise<void> {
  await enfileirar(db, emailJob(app, message, options), app.clock.now());
}

/** An e-mail's job: its summary, masked address and tries are always values. */
export type EmailJob = NovoJob & { resumo: string; destino: string; maxTentativas: number };

/** The job of an e-mail, for `enfileirarEmail` or for a statement that writes it with its change (`jobInsert`). */
export function emailJob(
  app: FastifyInstance,
  message: MailMessage | EmailDeModelo,
  options: { franqueadorId?: string | SQL | null } = {},
): EmailJob {
  return {
    tipo: 'email',
    payload: message,
    resumo: deModelo(message) ? modeloDe(message).assunto(message.dados) : message.subject,
    destino: mascararEmail(message.to),
    franqueadorId: options.franqueadorId ?? redeDoEmail(message.to),
    maxTentativas: app.config.jobs.maxTentativas,
  };
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
