import type { PageCursors } from '../../lib/keyset';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { addDays, brasiliaAt, todayInBrasilia, weekdayOf } from '../../../shared/brasilia';
import {
  AGENDA_EVENTOS_ITENS,
  AGENDA_RETORNOS_ITENS,
  AGENDA_VISITAS_MAX,
  VISITA_EDITAVEL_APOS_REGISTRO,
  VISITA_MESSAGES as M,
  type agendaSchema,
  type VisitaCreateInput,
  type VisitaListQuery,
  type VisitaPatchInput,
  type visitaViewSchema,
  visitaRegistrada,
} from '../../../shared/schemas/visita';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { alteracoesDe, audit } from '../auditoria';
import { countAcompanhamento, listRetornosDevidos } from '../leads';
import {
  type VisitaRow,
  eventoDoCliente,
  findClienteVisivel,
  findVendedorVisivel,
  findVisita,
  insertVisita,
  listEventosDaAgenda,
  listVisitas,
  listVisitasDaAgenda,
  updateVisita,
} from './visitas.repository';

/**
 * Visitas (issue 49, ADR 105). A visit is scheduled at a school the caller sees (404 otherwise) for a vendedor: the
 * vendedor itself, or -- by a micro-franquia, franquia or franqueador -- one of the school's micro-franquia, the
 * school's own vendedor when none is named. Its outcome is logged once ('Visita realizada' with its result, or 'Não
 * realizada'); after that only its notes and the event it scheduled change (409 otherwise). Every write is audited
 * in its transaction.
 */

/** A visit as the route answers it (its instants as Dates; the response schema writes them as ISO text). */
type VisitaView = z.output<typeof visitaViewSchema>;
type Agenda = z.output<typeof agendaSchema>;

export const toVisitaView = ({ clienteMicroFranquiaId: _micro, ...row }: VisitaRow): VisitaView => row;

/** The instants a span of Brasília's days (`de` to `ate`, both included) covers. */
export function periodoDeDias(de: string | undefined, ate: string | undefined): { inicio?: Date; fim?: Date } {
  if (de && ate && de > ate) throw badRequest(M.periodoInvertido, { de: M.periodoInvertido });
  return {
    inicio: de ? brasiliaAt(de, 0) : undefined,
    fim: ate ? brasiliaAt(addDays(ate, 1), 0) : undefined,
  };
}

/** Monday of the week (Monday to Sunday) holding `dia`. */
export const segundaDaSemana = (dia: string) => addDays(dia, -((weekdayOf(dia) + 6) % 7));

const ANO_MINIMO = 2000;
const ANO_MAXIMO = 2100;

/** The visit's time as an instant, refused (400) when out of the years a visit can be in. */
function quando(texto: string): Date {
  const data = new Date(texto);
  const ano = data.getUTCFullYear();
  if (Number.isNaN(data.getTime()) || ano < ANO_MINIMO || ano > ANO_MAXIMO) {
    throw badRequest(M.quandoForaDoPrazo, { agendadaPara: M.quandoForaDoPrazo });
  }
  return data;
}

/** What the trail keeps of a visit: when, what for and how it went (the notes are the vendedor's own words). */
const auditavel = (v: Partial<VisitaRow>) => ({
  clienteId: v.clienteId,
  vendedorId: v.vendedorId,
  agendadaPara: v.agendadaPara?.toISOString(),
  objetivo: v.objetivo,
  notas: v.notas,
  status: v.status,
  resultado: v.resultado,
  motivo: v.motivo,
  eventoId: v.eventoId,
});

/** `db`: the request's read database (`request.dbLeitura`). */
export async function listarVisitas(
  db: Executor,
  actor: Actor,
  query: VisitaListQuery,
): Promise<{ rows: VisitaView[]; total: number; exact: boolean; cursors: PageCursors }> {
  const { rows, total, exact, cursors } = await listVisitas(db, actor, {
    ...periodoDeDias(query.de, query.ate),
    q: query.q,
    vendedorId: query.vendedorId,
    clienteId: query.clienteId,
    status: query.status,
    page: query.page,
    pageSize: query.pageSize,
    apos: query.apos,
    antes: query.antes,
  });
  return { rows: rows.map(toVisitaView), total, exact, cursors };
}

/** Who makes the visit: the vendedor itself; for the levels above it, the one named or the school's own. */
async function vendedorDaVisita(
  app: FastifyInstance,
  actor: Actor,
  cliente: { microFranquiaId: string; vendedorId: string | null },
  pedido: string | undefined,
): Promise<string | null> {
  const vendedorId = pedido ?? (actor.role === 'vendedor' ? actor.vendedorId : cliente.vendedorId);
  if (!vendedorId) return null;
  // A vendedor sees no vendedor but itself: another one is refused as one that exists nowhere.
  const vendedor = await findVendedorVisivel(app.db, actor, vendedorId);
  if (!vendedor) throw notFound(M.vendedorNaoEncontrado);
  if (vendedor.microFranquiaId !== cliente.microFranquiaId) {
    throw badRequest(M.vendedorDeOutraEscola, { vendedorId: M.vendedorDeOutraEscola });
  }
  return vendedor.id;
}

export async function criarVisita(app: FastifyInstance, actor: Actor, input: VisitaCreateInput): Promise<VisitaView> {
  const agendadaPara = quando(input.agendadaPara);
  const cliente = await findClienteVisivel(app.db, actor, input.clienteId);
  if (!cliente) throw notFound(M.clienteNaoEncontrado);
  const vendedorId = await vendedorDaVisita(app, actor, cliente, input.vendedorId);
  return app.db.transaction(async (tx) => {
    const agora = app.clock.now();
    const valores = {
      clienteId: cliente.id,
      vendedorId,
      agendadaPara,
      objetivo: input.objetivo ?? null,
      notas: input.notas ?? null,
    };
    const id = await insertVisita(tx, { ...valores, criadoPorId: actor.id, createdAt: agora, updatedAt: agora });
    await audit(tx, { acao: 'visita.criar', entidadeId: id, alteracoes: alteracoesDe(null, auditavel(valores)) });
    return toVisitaView((await findVisita(tx, actor, id))!);
  });
}

export async function alterarVisita(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: VisitaPatchInput,
): Promise<VisitaView> {
  // A field the body left out is undefined and stays as it is; a text sent empty or null clears (`patchText`).
  const sent = (campo: keyof VisitaPatchInput) => input[campo] !== undefined;
  const mudancas = (Object.keys(input) as (keyof VisitaPatchInput)[]).filter(sent);
  if (mudancas.length === 0) throw badRequest(M.nadaAlterar);
  const agendadaPara = sent('agendadaPara') ? quando(input.agendadaPara!) : undefined;

  return app.db.transaction(async (tx) => {
    const atual = await findVisita(tx, actor, id, true);
    if (!atual) throw notFound(M.naoEncontrada);
    const registrada = visitaRegistrada(atual.status);
    if (registrada && mudancas.some((c) => !(VISITA_EDITAVEL_APOS_REGISTRO as readonly string[]).includes(c))) {
      throw conflict(M.jaRegistrada);
    }
    const resultado = sent('status') ? (input.resultado ?? null) : atual.resultado;
    if (sent('eventoId')) {
      if (resultado !== 'agendou_evento') throw badRequest(M.eventoSoAgendou, { eventoId: M.eventoSoAgendou });
      if (!(await eventoDoCliente(tx, input.eventoId!, atual.clienteId))) {
        throw badRequest(M.eventoDoCliente, { eventoId: M.eventoDoCliente });
      }
    }
    const agora = app.clock.now();
    const valores = {
      ...(agendadaPara ? { agendadaPara } : {}),
      ...(sent('objetivo') ? { objetivo: input.objetivo ?? null } : {}),
      ...(sent('notas') ? { notas: input.notas ?? null } : {}),
      ...(sent('eventoId') ? { eventoId: input.eventoId! } : {}),
      ...(sent('status')
        ? {
            status: input.status!,
            resultado,
            // A reason is kept for 'Sem interesse' and 'Não realizada' only.
            motivo: resultado === 'sem_interesse' || input.status === 'nao_realizada' ? (input.motivo ?? null) : null,
            registradaEm: agora,
          }
        : sent('motivo')
          ? { motivo: input.motivo ?? null }
          : {}),
    };
    await updateVisita(tx, id, { ...valores, updatedAt: agora });
    const depois = { ...atual, ...valores };
    await audit(tx, {
      acao: sent('status') ? 'visita.registrar' : 'visita.editar',
      entidadeId: id,
      alteracoes: alteracoesDe(auditavel(atual), auditavel(depois)),
    });
    return toVisitaView((await findVisita(tx, actor, id))!);
  });
}

/**
 * 'Minha agenda' of a day (Brasília's; today when absent): its visits and the rest of its week's (Monday to Sunday),
 * by time; the follow-up due that day (the dashboard's counts, the most overdue leads first); the next events.
 */
export async function agendaDoDia(app: FastifyInstance, actor: Actor, pedido: string | undefined): Promise<Agenda> {
  const agora = app.clock.now();
  const dia = pedido ?? todayInBrasilia(agora);
  const segunda = segundaDaSemana(dia);
  const [visitas, resumo, itens, eventos] = await Promise.all([
    listVisitasDaAgenda(
      app.db,
      actor,
      { inicio: brasiliaAt(segunda, 0), fim: brasiliaAt(addDays(segunda, 7), 0) },
      AGENDA_VISITAS_MAX * 2,
    ),
    countAcompanhamento(app.db, actor, dia, agora),
    listRetornosDevidos(app.db, actor, dia, AGENDA_RETORNOS_ITENS),
    listEventosDaAgenda(app.db, actor, dia, AGENDA_EVENTOS_ITENS),
  ]);
  const doDia = (v: VisitaRow) => todayInBrasilia(v.agendadaPara) === dia;
  return {
    dia,
    hoje: visitas.filter(doDia).slice(0, AGENDA_VISITAS_MAX).map(toVisitaView),
    semana: visitas
      .filter((v) => !doDia(v))
      .slice(0, AGENDA_VISITAS_MAX)
      .map(toVisitaView),
    retornos: {
      hoje: resumo.retornosHoje,
      atrasados: resumo.atrasados,
      itens: itens.map((lead) => ({ ...lead, proximoContatoEm: lead.proximoContatoEm ?? dia })),
    },
    eventos,
  };
}
