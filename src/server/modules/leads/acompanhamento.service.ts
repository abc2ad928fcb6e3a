import type { FastifyInstance } from 'fastify';
import {
  ACOMPANHAMENTO_MESSAGES as M,
  type ContatoInput,
  type HistoricoEntry,
  type LeadDetalhe,
  type LeadPatch,
} from '../../../shared/schemas/acompanhamento';
import { can } from '../../../shared/permissions';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { todayInBrasilia } from '../../../shared/brasilia';
import {
  type LeadFollowUpChange,
  type LockedLead,
  findLeadDetalheRow,
  findResponsavel,
  findVendedorVisible,
  insertHistorico,
  leadExistsInScope,
  leadHasMatricula,
  leadMicroFranquiaInScope,
  listHistorico,
  listResponsaveisOf,
  lockLeadInScope,
  toResponsavel,
  updateLeadFollowUp,
} from './acompanhamento.repository';
import { audit } from '../auditoria';

/**
 * A lead followed up (issue 16). Every change and the history entry that tells it are one transaction: the lead
 * is locked first, so two people changing it at once are told in order, each entry's `[antes, depois]` true.
 */

const autorOf = (actor: Actor) => ({ id: actor.id, nome: actor.nome ?? actor.email });

/** GET /api/leads/:id */
export async function getLeadDetalhe(db: Executor, actor: Actor, id: string): Promise<LeadDetalhe> {
  const row = await findLeadDetalheRow(db, actor, id);
  if (!row) throw notFound(M.leadNaoEncontrado);
  const historico = await listHistorico(db, actor, { ...row, email: row.emailRegistro });
  const {
    responsavelId,
    responsavelNome,
    clienteNome,
    createdAt,
    consentidoEm,
    primeiroContatoEm,
    emailRegistro: _e,
    ...lead
  } = row;
  return {
    ...lead,
    createdAt: createdAt.toISOString(),
    consentidoEm: consentidoEm.toISOString(),
    primeiroContatoEm: primeiroContatoEm?.toISOString() ?? null,
    responsavel: toResponsavel(responsavelId, responsavelNome),
    cliente: clienteNome === null ? null : { nomeFantasia: clienteNome },
    historico,
  };
}

async function checkResponsavel(tx: Executor, actor: Actor, lead: LockedLead, vendedorId: string) {
  const vendedor = await findVendedorVisible(tx, actor, vendedorId);
  if (!vendedor) throw notFound(M.responsavelNaoEncontrado);
  if (vendedor.microFranquiaId !== lead.microFranquiaId || !vendedor.isActive) {
    throw badRequest(M.responsavelOutraMicroFranquia, { responsavelId: M.responsavelOutraMicroFranquia });
  }
}

/** The columns a PATCH changes, checked against the lead as it is now; unchanged values are left out. */
async function changesOf(
  tx: Executor,
  actor: Actor,
  lead: LockedLead,
  patch: LeadPatch,
  now: Date,
): Promise<LeadFollowUpChange> {
  const today = todayInBrasilia(now);
  const change: LeadFollowUpChange = {};
  if (patch.status !== undefined) {
    if (patch.status !== 'convertido' && lead.status === 'convertido' && (await leadHasMatricula(tx, lead.id))) {
      throw conflict(M.convertidoComMatricula);
    }
    // 'Novo' means nobody has talked to the family yet (the follow-up report relies on it).
    if (patch.status === 'novo' && lead.status !== 'novo' && lead.primeiroContatoEm) {
      throw badRequest(M.contatadoNaoVoltaNovo, { status: M.contatadoNaoVoltaNovo });
    }
    if (patch.status !== lead.status) change.status = patch.status;
    // Someone who says the family is em contato or interessada has reached it: its first contact, if none was
    // logged. So 'sem contato' is exactly 'novo' (countedSemContato).
    if ((patch.status === 'em_contato' || patch.status === 'interessado') && !lead.primeiroContatoEm) {
      change.primeiroContatoEm = now;
    }
    const motivo = patch.status === 'sem_interesse' ? (patch.motivoPerda ?? null) : null;
    if (motivo !== lead.motivoPerda) change.motivoPerda = motivo;
  } else if (patch.motivoPerda !== undefined) {
    if (lead.status !== 'sem_interesse') {
      if (patch.motivoPerda !== null) throw badRequest(M.motivoSoSemInteresse, { motivoPerda: M.motivoSoSemInteresse });
    } else if (patch.motivoPerda === null) {
      throw badRequest(M.motivoObrigatorio, { motivoPerda: M.motivoObrigatorio });
    } else if (patch.motivoPerda !== lead.motivoPerda) {
      change.motivoPerda = patch.motivoPerda;
    }
  }
  if (patch.proximoContatoEm !== undefined) {
    if (patch.proximoContatoEm !== null && patch.proximoContatoEm < today) {
      throw badRequest(M.retornoPassado, { proximoContatoEm: M.retornoPassado });
    }
    if (patch.proximoContatoEm !== lead.proximoContatoEm) change.proximoContatoEm = patch.proximoContatoEm;
  }
  if (patch.responsavelId !== undefined) {
    if (patch.responsavelId !== null) await checkResponsavel(tx, actor, lead, patch.responsavelId);
    if (patch.responsavelId !== lead.responsavelId) change.responsavelId = patch.responsavelId;
  }
  return change;
}

/** PATCH /api/leads/:id: status (with the loss reason), return date, owner; each change with its entry. */
export async function patchLead(app: FastifyInstance, actor: Actor, id: string, patch: LeadPatch) {
  if (patch.responsavelId !== undefined && !can(actor.role, 'leads.atribuir')) throw forbidden(M.semPermissaoAtribuir);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const lead = await lockLeadInScope(tx, actor, id);
    if (!lead) throw notFound(M.leadNaoEncontrado);
    const change = await changesOf(tx, actor, lead, patch, now);
    await updateLeadFollowUp(tx, lead.id, change);

    const dados: Record<string, unknown> = {};
    if (change.status !== undefined) dados.status = [lead.status, change.status];
    if (change.motivoPerda !== undefined) dados.motivoPerda = [lead.motivoPerda, change.motivoPerda];
    if (change.proximoContatoEm !== undefined)
      dados.proximoContatoEm = [lead.proximoContatoEm, change.proximoContatoEm];
    if (Object.keys(dados).length > 0) {
      await insertHistorico(tx, { leadId: lead.id, tipo: 'status', em: now, autorId: actor.id, dados });
    }
    if (change.responsavelId !== undefined) {
      const [de, para] = await Promise.all([
        findResponsavel(tx, lead.responsavelId),
        findResponsavel(tx, change.responsavelId),
      ]);
      await insertHistorico(tx, {
        leadId: lead.id,
        tipo: 'responsavel',
        em: now,
        autorId: actor.id,
        dados: { de, para },
      });
    }
    const alteracoes: Record<string, [unknown, unknown]> = { ...(dados as Record<string, [unknown, unknown]>) };
    if (change.responsavelId !== undefined) alteracoes.responsavelId = [lead.responsavelId, change.responsavelId];
    if (change.primeiroContatoEm !== undefined) {
      alteracoes.primeiroContatoEm = [null, change.primeiroContatoEm?.toISOString() ?? null];
    }
    await audit(tx, { acao: 'lead.editar', entidadeId: lead.id, alteracoes });
  });
  return getLeadDetalhe(app.db, actor, id);
}

/**
 * POST /api/leads/:id/contatos. The first contact dates the lead's `primeiroContatoEm`; a contact with a lead
 * still 'novo' puts it 'em_contato' (its own status entry), as anyone following it would.
 */
export async function registrarContato(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: ContatoInput,
): Promise<HistoricoEntry> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const lead = await lockLeadInScope(tx, actor, id);
    if (!lead) throw notFound(M.leadNaoEncontrado);
    const change: LeadFollowUpChange = {};
    if (!lead.primeiroContatoEm) change.primeiroContatoEm = now;
    if (lead.status === 'novo') {
      change.status = 'em_contato';
      await insertHistorico(tx, {
        leadId: lead.id,
        tipo: 'status',
        em: now,
        autorId: actor.id,
        dados: { status: ['novo', 'em_contato'] },
      });
    }
    await updateLeadFollowUp(tx, lead.id, change);
    const dados = { canal: input.canal, resultado: input.resultado, nota: input.nota };
    const entry = await insertHistorico(tx, { leadId: lead.id, tipo: 'contato', em: now, autorId: actor.id, dados });
    await audit(tx, {
      acao: 'lead.contato',
      entidadeId: lead.id,
      alteracoes: change.status ? { status: [lead.status, change.status] } : null,
      // The note's text stays in the lead's history, where its readers are; the trail says a contact was made.
      detalhes: { canal: input.canal, resultado: input.resultado, historicoId: entry.id },
    });
    return { id: entry.id, tipo: 'contato', em: now.toISOString(), autor: autorOf(actor), dados };
  });
}

/** POST /api/leads/:id/notas */
export async function registrarNota(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  texto: string,
): Promise<HistoricoEntry> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    if (!(await leadExistsInScope(tx, actor, id))) throw notFound(M.leadNaoEncontrado);
    const dados = { texto };
    const entry = await insertHistorico(tx, { leadId: id, tipo: 'nota', em: now, autorId: actor.id, dados });
    await audit(tx, { acao: 'lead.nota', entidadeId: id, detalhes: { historicoId: entry.id } });
    return { id: entry.id, tipo: 'nota', em: now.toISOString(), autor: autorOf(actor), dados };
  });
}

/** GET /api/leads/:id/responsaveis */
export async function listResponsaveis(db: Executor, actor: Actor, id: string) {
  const lead = await leadMicroFranquiaInScope(db, actor, id);
  if (!lead) throw notFound(M.leadNaoEncontrado);
  if (!lead.microFranquiaId) return [];
  return listResponsaveisOf(db, actor, lead.microFranquiaId);
}
