import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/connect';
import type { MailMessage } from '../mail/mailer';
import { currentRequest, mascararEmail } from '../modules/auditoria';
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

/** The job of an e-mail, for `enfileirarEmail` or for a statement that writes it with its change (`jobInsert`). */
export function emailJob(
  app: FastifyInstance,
  message: MailMessage,
  options: { franqueadorId?: string | SQL | null } = {},
): NovoJob {
  return {
    tipo: 'email',
    payload: message,
    resumo: message.subject,
    destino: mascararEmail(message.to),
    franqueadorId: options.franqueadorId ?? redeDoEmail(message.to),
    maxTentativas: app.config.jobs.maxTentativas,
  };
}

export const enviarEmail: JobHandler = async (job, { app }) => {
  await app.mailer.send(job.payload as MailMessage);
};
