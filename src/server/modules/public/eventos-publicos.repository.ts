import { and, asc, desc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { LocalEvento } from '../../../shared/enums';
import type { PublicEvento } from '../../../shared/schemas/public';
import type { Executor } from '../../db/connect';
import { cursos, eventos, eventosCursos } from '../../db/schema';
import { seatsTaken } from '../contagens';
import { openOn } from '../eventos';

/**
 * The events the public pages show and accept (SPEC §7, DESIGN §4.4): the cities, a city's events with their
 * courses, seats left and deadline, and the one event a form is sent for. What the public cache keeps (issue 21).
 */

/**
 * Which events a public list or write accepts (issue 23). The sign-up: open on `today`. The activation: active,
 * never cancelled, dated `desde` (today minus ATIVACAO_JANELA_DIAS, YYYY-MM-DD) or later -- the card is handed out
 * at the event, so its families activate in the days after it.
 */
export type JanelaPublica = { para: 'inscricao'; today: string } | { para: 'ativacao'; desde: string };

const accepts = (janela: JanelaPublica) =>
  janela.para === 'inscricao'
    ? openOn(janela.today)
    : and(eq(eventos.isActive, true), ne(eventos.status, 'cancelado'), gte(eventos.dataEvento, janela.desde));

/** A generous ceiling: a city never has this many open events, and an answer stays small. */
const MAX_PUBLIC_ROWS = 500;

export async function listOpenCidades(db: Executor, janela: JanelaPublica): Promise<string[]> {
  const rows = await db
    .selectDistinct({ cidade: eventos.cidade })
    .from(eventos)
    .where(accepts(janela))
    .orderBy(asc(eventos.cidade))
    .limit(2000);
  return rows.map((r) => r.cidade);
}

/** A city's open events as they stand until an event or course changes: what the public cache keeps. */
export interface OpenEventoRow extends Omit<PublicEvento, 'vagasRestantes' | 'inscricoesAbertas'> {
  /** The sign-up deadline (ISO), compared with the request's moment on every answer. */
  inscricoesAte: string | null;
}

/** The seats taken of the events that have seats (their counts, migration 0030), and each deadline against `now`. */
export async function withSeatsAndDeadline(db: Executor, rows: OpenEventoRow[], now: Date): Promise<PublicEvento[]> {
  const taken = await seatsTaken(
    db,
    rows.filter((r) => r.vagas !== null).map((r) => r.id),
  );
  const at = now.getTime();
  return rows.map(({ inscricoesAte, ...row }) => ({
    ...row,
    ...(row.vagas !== null ? { vagasRestantes: Math.max(0, row.vagas - (taken.get(row.id) ?? 0)) } : {}),
    inscricoesAbertas: inscricoesAte === null || new Date(inscricoesAte).getTime() > at,
  }));
}

/** The first sign-up deadline of `rows` still ahead of `now` (ms since the epoch); Infinity when none is. */
export function nextDeadline(rows: OpenEventoRow[], now: Date): number {
  let next = Infinity;
  for (const { inscricoesAte } of rows) {
    const at = inscricoesAte === null ? Infinity : new Date(inscricoesAte).getTime();
    if (at > now.getTime() && at < next) next = at;
  }
  return next;
}

export async function listOpenEventoRows(
  db: Executor,
  janela: JanelaPublica,
  cidade: string,
): Promise<OpenEventoRow[]> {
  const rows = await db
    .select({
      id: eventos.id,
      nomeEscola: eventos.nomeEscola,
      dataEvento: eventos.dataEvento,
      horario: eventos.horario,
      cidade: eventos.cidade,
      estado: eventos.estado,
      valorTotalDesconto: eventos.valorTotalDesconto,
      vagas: eventos.vagas,
      inscricoesAte: eventos.inscricoesAte,
    })
    .from(eventos)
    .where(and(accepts(janela), eq(eventos.cidade, cidade)))
    // The activation lists the most recent events first: the one a family just attended is on top.
    .orderBy(
      ...(janela.para === 'ativacao' ? [desc(eventos.dataEvento), desc(eventos.horario)] : []),
      asc(eventos.dataEvento),
      asc(eventos.horario),
      asc(eventos.nomeEscola),
      asc(eventos.id),
    )
    .limit(MAX_PUBLIC_ROWS);
  if (rows.length === 0) return [];

  const cursoRows = await db
    .select({ eventoId: eventosCursos.eventoId, id: cursos.id, titulo: cursos.titulo })
    .from(eventosCursos)
    .innerJoin(cursos, eq(cursos.id, eventosCursos.cursoId))
    .where(
      and(
        inArray(
          eventosCursos.eventoId,
          rows.map((r) => r.id),
        ),
        eq(cursos.isActive, true),
      ),
    )
    .orderBy(asc(cursos.ordem), asc(cursos.titulo));
  const cursosByEvento = new Map<string, { id: string; titulo: string }[]>();
  for (const { eventoId, id, titulo } of cursoRows) {
    const list = cursosByEvento.get(eventoId) ?? [];
    list.push({ id, titulo });
    cursosByEvento.set(eventoId, list);
  }
  return rows.map(({ inscricoesAte, ...row }) => ({
    ...row,
    valorTotalDesconto: toMoney(row.valorTotalDesconto),
    cursos: cursosByEvento.get(row.id) ?? [],
    inscricoesAte: inscricoesAte === null ? null : new Date(inscricoesAte).toISOString(),
  }));
}

export interface OpenEvento {
  id: string;
  nomeEscola: string;
  dataEvento: string;
  horario: string;
  local: LocalEvento;
  /** The street address (issue 51): the voucher e-mail written with the sign-up carries it. */
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cep: string | null;
  cidade: string;
  estado: string;
  valorTotalDesconto: number;
  vagas: number | null;
  inscricoesAte: Date | null;
}

export async function findOpenEvento(db: Executor, janela: JanelaPublica, id: string): Promise<OpenEvento | undefined> {
  const [row] = await db
    .select({
      id: eventos.id,
      nomeEscola: eventos.nomeEscola,
      dataEvento: eventos.dataEvento,
      horario: eventos.horario,
      local: eventos.local,
      logradouro: eventos.logradouro,
      numero: eventos.numero,
      complemento: eventos.complemento,
      bairro: eventos.bairro,
      cep: eventos.cep,
      cidade: eventos.cidade,
      estado: eventos.estado,
      valorTotalDesconto: eventos.valorTotalDesconto,
      vagas: eventos.vagas,
      inscricoesAte: eventos.inscricoesAte,
    })
    .from(eventos)
    .where(and(eq(eventos.id, id), accepts(janela)));
  return row ? { ...row, valorTotalDesconto: toMoney(row.valorTotalDesconto) } : undefined;
}

/** The title of one of the event's active courses, or undefined when the event does not offer it. */
export async function findCursoDoEvento(db: Executor, eventoId: string, cursoId: string) {
  const [row] = await db
    .select({ titulo: cursos.titulo })
    .from(eventosCursos)
    .innerJoin(cursos, eq(cursos.id, eventosCursos.cursoId))
    .where(and(eq(eventosCursos.eventoId, eventoId), eq(eventosCursos.cursoId, cursoId), eq(cursos.isActive, true)));
  return row?.titulo;
}

/** The wire carries a number, 0 when the event has no credit set. */
function toMoney(value: number | null): number {
  return value ?? 0;
}

/**
 * The event an event's share link names (issue 48), when the page accepts it: what the form opens on. One lookup by
 * the code's unique index, whatever the code.
 */
export async function findEventoPorCodigo(db: Executor, janela: JanelaPublica, codigo: string) {
  const [row] = await db
    .select({ id: eventos.id, cidade: eventos.cidade })
    .from(eventos)
    .where(and(eq(eventos.codigoIndicacao, codigo), accepts(janela)))
    .limit(1);
  return row ?? null;
}
