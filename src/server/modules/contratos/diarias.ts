import type { FastifyInstance } from 'fastify';
import { emailJob, enfileirar } from '../../jobs';
import { digest, newToken } from '../../lib/tokens';
import { audit } from '../auditoria';
import { setLink } from './aceite.repository';
import { urlDoContrato } from './aceite.service';
import { lembreteDoContratoEmail } from './cancelamento.mail';
import { chaveDoLembrete, contratosParaLembrar, expirarContratos } from './cancelamento.repository';

/**
 * Issue 42: a contract's link is valid 30 days. A contract still waiting after 3 days gets one reminder; one never
 * accepted in 30 days cancels its matrícula as `contrato_expirado`. Both are daily jobs (ADR 065: one run a day
 * across instances, at JOBS_HORA_DIARIA in Brasília), each batch in its own transaction, audited as the system.
 */

export const LEMBRETE_APOS_DIAS = 3;
export const VALIDADE_DO_LINK_DIAS = 30;
const LOTE = 200;
const DAY_MS = 86_400_000;

/**
 * Sends each due reminder once: its e-mail job is written under the contract's key (`on conflict do nothing`), so
 * a second run, another instance or a retry writes nothing more; the audit row goes with the job. The first link is
 * kept hashed, never readable again, so the reminder carries a new one in its place, valid to the same day (the
 * link's sending, and so the reminder's and the expiry's days, stay as they were). Answers how many were sent.
 */
export async function lembrarContratos(app: FastifyInstance, now: Date): Promise<number> {
  let enviados = 0;
  for (;;) {
    const lote = await contratosParaLembrar(app.db, now, {
      lembrarAposDias: LEMBRETE_APOS_DIAS,
      validadeDias: VALIDADE_DO_LINK_DIAS,
      limite: LOTE,
    });
    let escritos = 0;
    for (const c of lote) {
      const escrito = await app.db.transaction(async (tx) => {
        const token = newToken();
        const validoAte = new Date(c.enviadoEm.getTime() + VALIDADE_DO_LINK_DIAS * DAY_MS);
        const mensagem = lembreteDoContratoEmail({
          responsavel: c.nomeResponsavel,
          aluno: c.nomeAluno ?? c.nome,
          curso: c.cursoTitulo,
          enviadoEm: c.enviadoEm,
          validoAte,
          url: urlDoContrato(app, token),
        });
        const job = emailJob(app, { to: c.email, ...mensagem }, { rede: c.franqueadorId, registroId: c.matriculaId });
        const id = await enfileirar(tx, { ...job, chave: chaveDoLembrete(c.contratoId) }, now);
        if (!id) return false;
        await setLink(tx, c.contratoId, digest(token), validoAte);
        await audit(tx, {
          acao: 'matricula.contrato_lembrete',
          entidadeId: c.matriculaId,
          ator: null,
          detalhes: { contratoVersao: c.contratoVersao, linkEnviadoEm: c.enviadoEm.toISOString() },
        });
        return true;
      });
      if (escrito) escritos += 1;
    }
    enviados += escritos;
    // A short batch was the last; a batch of which nothing was written (another run took it) ends the run too.
    if (lote.length < LOTE || escritos === 0) return enviados;
  }
}

/** Cancels every matrícula whose contract passed its 30 days unaccepted, batch by batch; answers how many. */
export async function expirarContratosVencidos(app: FastifyInstance, now: Date): Promise<number> {
  let expirados = 0;
  for (;;) {
    const n = await app.db.transaction(async (tx) => {
      const rows = await expirarContratos(tx, now, { validadeDias: VALIDADE_DO_LINK_DIAS, limite: LOTE });
      for (const row of rows) {
        await audit(tx, {
          acao: 'matricula.contrato_expirado',
          entidadeId: row.id,
          ator: null,
          alteracoes: {
            status: ['aguardando_aceite', 'cancelada'],
            motivoCancelamento: [null, 'contrato_expirado'],
          },
          detalhes: { validadeDias: VALIDADE_DO_LINK_DIAS },
        });
      }
      return rows.length;
    });
    expirados += n;
    if (n < LOTE) return expirados;
  }
}

/** The two daily jobs, registered beside their rules (ADR 065). */
export function registerContratosDiarios(app: FastifyInstance): void {
  app.jobs.daily('contrato_lembrete', async () => {
    const n = await lembrarContratos(app, app.clock.now());
    if (n) app.log.info({ lembretes: n }, 'contract reminders queued');
  });
  app.jobs.daily('contrato_expiracao', async () => {
    const n = await expirarContratosVencidos(app, app.clock.now());
    if (n) app.log.info({ expirados: n }, 'unaccepted contracts expired');
  });
}
