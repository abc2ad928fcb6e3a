import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { addDays, brasiliaAt } from '../../../shared/brasilia';
import {
  CHECK_IN_OFFLINE_MESSAGES,
  iniciais,
  type PresencaLoteAnswer,
  type PresencaLoteInput,
  type PresencaLoteResultado,
  type presencaConflitosSchema,
  ROTEIRO_DIAS_APOS_EVENTO,
  type RoteiroItem,
  type roteiroSchema,
} from '../../../shared/schemas/check-in-offline';
import { EVENTO_MESSAGES } from '../../../shared/schemas/evento';
import { INSCRICAO_MESSAGES, primeiroNome } from '../../../shared/schemas/inscricao';
import type { Actor } from '../../access/actor';
import { notFound } from '../../lib/http-error';
import { digest } from '../../lib/tokens';
import { audit, auditInsertEach } from '../auditoria';
import { findLeadsAtDoor, lockEventoForSeats, markPresentBatch } from '../inscricoes';
import {
  contagensDoEvento,
  findEventoDaPorta,
  findPresencasLote,
  findRegistradas,
  findRoteiro,
  insertPresencasLote,
  listConflitos,
  type NovaPresencaLote,
} from './check-in.repository';

/**
 * The door without a signal (issue 49, ADR 105). Same permission and scope as the online check-in
 * (`eventos.checkin`; an event out of scope is 404 'Evento não encontrado', as for one that exists nowhere).
 *
 * - The roster: what a device keeps to check families in offline -- hashes it can compute itself from what it reads
 *   (SHA-256 hex of the voucher's token as the QR code holds it, and of the short code upper case), the first name
 *   and initials, whether the family is in. `versao` is a digest of all of it (and of the event's name and day): it
 *   changes exactly when the roster would -- a presence, a seat taken or given up, a voucher issued or expired.
 * - The batch: each check-in is kept under its client id, with its outcome. An id already kept for this event answers
 *   its kept outcome again, whatever it was (`registrada` stays `registrada`): a batch sent twice gets the same
 *   answers and creates nothing; an id kept for another event is refused and not kept (it is that event's).
 */

/** The answers as the routes hand them to their schemas: instants as Dates (ADR 018). */
type RoteiroView = z.output<typeof roteiroSchema>;
type ConflitosView = z.output<typeof presencaConflitosSchema>;

const sha256 = (texto: string) => createHash('sha256').update(texto, 'utf8').digest('hex');

async function eventoDaPorta(app: FastifyInstance, actor: Actor, eventoId: string) {
  const evento = await findEventoDaPorta(app.db, actor, eventoId);
  if (!evento) throw notFound(EVENTO_MESSAGES.notFound);
  return evento;
}

/** When the device forgets the roster: the end of the second day after the event, in São Paulo. */
export const roteiroExpiraEm = (dataEvento: string) => brasiliaAt(addDays(dataEvento, ROTEIRO_DIAS_APOS_EVENTO + 1), 0);

/** GET /api/eventos/:id/check-in/roteiro */
export async function verRoteiro(app: FastifyInstance, actor: Actor, eventoId: string): Promise<RoteiroView> {
  const evento = await eventoDaPorta(app, actor, eventoId);
  const now = app.clock.now();
  const familias = await findRoteiro(app.db, actor, eventoId, now);
  const itens: RoteiroItem[] = familias.map((f) => ({
    leadId: f.id,
    tokenHashes: f.tokenHashes,
    codigoHash: sha256(f.codigoVoucher.toUpperCase()),
    primeiroNome: primeiroNome(f.nomeAluno),
    iniciais: iniciais(f.nomeAluno),
    presente: f.presente,
  }));
  const versao = sha256(JSON.stringify([evento.nomeEscola, evento.dataEvento, itens])).slice(0, 32);
  return {
    eventoId: evento.id,
    nomeEscola: evento.nomeEscola,
    dataEvento: evento.dataEvento,
    versao,
    geradoEm: now,
    expiraEm: roteiroExpiraEm(evento.dataEvento),
    itens,
  };
}

/** A check-in's instant as kept: the device's, never in the future, never before the day before the event. */
function instanteDoItem(em: string, dataEvento: string, now: Date): Date {
  const piso = brasiliaAt(addDays(dataEvento, -1), 0).getTime();
  const t = Date.parse(em);
  if (Number.isNaN(t)) return now;
  return new Date(Math.min(now.getTime(), Math.max(piso, t)));
}

type Resposta = PresencaLoteAnswer['itens'][number];

/** POST /api/eventos/:id/presencas/lote */
export async function registrarLote(
  app: FastifyInstance,
  actor: Actor,
  eventoId: string,
  input: PresencaLoteInput,
): Promise<PresencaLoteAnswer> {
  const evento = await eventoDaPorta(app, actor, eventoId);
  const now = app.clock.now();
  const dispositivoNome = input.dispositivoNome?.trim() || null;
  const itens = input.itens.map((item) => ({
    idCliente: item.idCliente.toLowerCase(),
    tokenHash: item.token ? digest(item.token) : null,
    leadId: item.leadId?.toLowerCase() ?? null,
    em: instanteDoItem(item.em, evento.dataEvento, now),
  }));

  return app.db.transaction(async (tx) => {
    // One batch of the event at a time: two devices' batches (or one sent again while the first is still at work)
    // see each other's outcomes whole.
    await lockEventoForSeats(tx, eventoId);
    const respostas = new Map<string, Resposta>();
    const novas: NovaPresencaLote[] = [];
    const nova = (
      item: (typeof itens)[number],
      resultado: PresencaLoteResultado,
      lead: { id: string; nomeAluno: string } | null,
      extra: { motivo?: string; conflitoCom?: string | null } = {},
    ) => {
      respostas.set(item.idCliente, {
        idCliente: item.idCliente,
        resultado,
        leadId: lead?.id ?? null,
        primeiroNome: lead ? primeiroNome(lead.nomeAluno) : null,
        motivo: extra.motivo ?? null,
      });
      novas.push({
        idCliente: item.idCliente,
        eventoId,
        leadId: lead?.id ?? null,
        dispositivo: input.dispositivo,
        dispositivoNome,
        usuarioId: actor.id,
        em: item.em,
        resultado,
        conflitoCom: extra.conflitoCom ?? null,
        motivo: extra.motivo ?? null,
      });
    };

    // Sent before: the kept outcome again; kept for another event: refused, and not this event's to keep.
    const guardadas = new Map(
      (
        await findPresencasLote(
          tx,
          itens.map((i) => i.idCliente),
        )
      ).map((g) => [g.idCliente, g]),
    );
    const reenviadas = itens.filter((i) => guardadas.has(i.idCliente));
    for (const item of reenviadas) {
      const g = guardadas.get(item.idCliente)!;
      respostas.set(
        item.idCliente,
        g.eventoId === eventoId
          ? {
              idCliente: item.idCliente,
              resultado: g.resultado,
              leadId: g.leadId,
              primeiroNome: g.nomeAluno === null ? null : primeiroNome(g.nomeAluno),
              motivo: g.motivo,
            }
          : {
              idCliente: item.idCliente,
              resultado: 'recusada',
              leadId: null,
              primeiroNome: null,
              motivo: CHECK_IN_OFFLINE_MESSAGES.idDeOutroEvento,
            },
      );
    }
    const pendentes = itens.filter((i) => !guardadas.has(i.idCliente));

    // Each family once, by its voucher (good when the check-in was made) or its id: one statement for the batch.
    const encontrados = await findLeadsAtDoor(tx, actor, eventoId, {
      tokenHashes: [...new Set(pendentes.flatMap((i) => (i.tokenHash ? [i.tokenHash] : [])))],
      leadIds: [...new Set(pendentes.flatMap((i) => (i.leadId ? [i.leadId] : [])))],
    });
    const porChave = new Map(encontrados.map((l) => [l.chave, l]));
    const aceitos: { item: (typeof itens)[number]; lead: (typeof encontrados)[number] }[] = [];
    for (const item of pendentes) {
      const lead = porChave.get((item.tokenHash ?? item.leadId)!);
      const valido = lead && !lead.anonimizadoEm && (lead.expiraEm === null || lead.expiraEm > item.em);
      if (!lead || !valido) nova(item, 'recusada', null, { motivo: INSCRICAO_MESSAGES.inscricaoNaoEncontrada });
      else if (lead.canceladoEm) nova(item, 'recusada', lead, { motivo: INSCRICAO_MESSAGES.presencaCancelada });
      else if (lead.listaEspera) nova(item, 'recusada', lead, { motivo: INSCRICAO_MESSAGES.presencaListaEspera });
      else aceitos.push({ item, lead });
    }

    // The families not yet in: each marked by its earliest check-in of the batch, with its audit row, in one
    // statement whose condition is the door's (a family another device or the door marked meanwhile stays theirs).
    const primeiraDe = new Map<string, (typeof aceitos)[number]>();
    for (const aceito of aceitos) {
      const atual = primeiraDe.get(aceito.lead.id);
      if (!aceito.lead.presenteEm && (!atual || aceito.item.em < atual.item.em)) primeiraDe.set(aceito.lead.id, aceito);
    }
    const marcados = await markPresentBatch(
      tx,
      actor,
      eventoId,
      [...primeiraDe.values()].map(({ item, lead }) => ({ leadId: lead.id, em: item.em, idCliente: item.idCliente })),
      (registros) =>
        auditInsertEach(
          {
            acao: 'lead.presenca',
            detalhes: { eventoId, meio: 'offline', dispositivo: input.dispositivo, dispositivoNome },
          },
          registros,
        ),
    );
    const marcadoPor = new Map(marcados.map((m) => [m.leadId, m.idCliente]));

    // The others: already in. From this device (the batch's own first check-in, or one it delivered before), nothing
    // new; otherwise a conflict with the presence that counts -- a delivered check-in, or the door's (null).
    const registradas = await findRegistradas(tx, [
      ...new Set(aceitos.filter((a) => marcadoPor.get(a.lead.id) !== a.item.idCliente).map((a) => a.lead.id)),
    ]);
    for (const { item, lead } of aceitos) {
      const marcouAgora = marcadoPor.get(lead.id);
      if (marcouAgora === item.idCliente) {
        nova(item, 'registrada', lead);
        continue;
      }
      const dela = registradas.filter((r) => r.leadId === lead.id);
      if (marcouAgora || dela.some((r) => r.dispositivo === input.dispositivo)) {
        nova(item, 'ja_registrada', lead);
        continue;
      }
      const vencedora = dela.sort((a, b) => a.recebidaEm.getTime() - b.recebidaEm.getTime())[0];
      nova(item, 'conflito', lead, { conflitoCom: vencedora?.idCliente ?? null });
    }

    // Kept; an id another request kept for another event meanwhile is that event's (the batches of one event wait
    // for each other on its lock).
    const escritas = await insertPresencasLote(tx, novas);
    for (const n of novas) {
      if (!escritas.has(n.idCliente)) {
        respostas.set(n.idCliente, {
          idCliente: n.idCliente,
          resultado: 'recusada',
          leadId: null,
          primeiroNome: null,
          motivo: CHECK_IN_OFFLINE_MESSAGES.idDeOutroEvento,
        });
      }
    }

    const conta = (resultado: PresencaLoteResultado) => novas.filter((n) => n.resultado === resultado).length;
    await audit(tx, {
      acao: 'evento.presencas_lote',
      entidadeId: eventoId,
      detalhes: {
        dispositivo: input.dispositivo,
        dispositivoNome,
        itens: itens.length,
        registradas: conta('registrada'),
        jaRegistradas: conta('ja_registrada'),
        conflitos: conta('conflito'),
        recusadas: conta('recusada'),
        reenviadas: reenviadas.length,
      },
    });
    const contagens = await contagensDoEvento(tx, eventoId);
    return { itens: itens.map((i) => respostas.get(i.idCliente)!), ...contagens };
  });
}

/** GET /api/eventos/:id/presencas/conflitos */
export async function verConflitos(app: FastifyInstance, actor: Actor, eventoId: string): Promise<ConflitosView> {
  await eventoDaPorta(app, actor, eventoId);
  const conflitos = await listConflitos(app.db, actor, eventoId);
  return {
    itens: conflitos.map((c) => ({
      idCliente: c.idCliente,
      leadId: c.leadId,
      primeiroNome: primeiroNome(c.nomeAluno),
      iniciais: iniciais(c.nomeAluno),
      primeiro: c.primeiro,
      segundo: c.segundo,
    })),
  };
}
