import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import {
  comissaoRegrasEditaveisPor,
  comissaoRegrasVisibleTo,
  cursosVisibleTo,
  franquiasVisibleTo,
} from '../../access/scope';
import type { Executor } from '../../db/connect';
import { comissaoRegras, cursos, franqueadores, franquias } from '../../db/schema';
import type { Beneficiario, TipoRegra } from '../../../shared/comissoes/regras';

/** Comissões' SQL (issue 44, ADR 081): the rules. */

export type RegraRow = typeof comissaoRegras.$inferSelect & {
  beneficiario: Beneficiario;
  tipo: TipoRegra;
  franquia: string | null;
  curso: string | null;
  editavel: boolean;
};

const comNomes = (db: Executor, actor: Actor) =>
  db
    .select({
      regra: comissaoRegras,
      franquia: franquias.razaoSocial,
      curso: cursos.titulo,
      editavel: sql<boolean>`(${comissaoRegrasEditaveisPor(actor)})`,
    })
    .from(comissaoRegras)
    .leftJoin(franquias, eq(franquias.id, comissaoRegras.franquiaId))
    .leftJoin(cursos, eq(cursos.id, comissaoRegras.cursoId));

const linha = (r: {
  regra: typeof comissaoRegras.$inferSelect;
  franquia: string | null;
  curso: string | null;
  editavel: boolean;
}): RegraRow => ({
  ...r.regra,
  beneficiario: r.regra.beneficiario as Beneficiario,
  tipo: r.regra.tipo as TipoRegra,
  franquia: r.franquia,
  curso: r.curso,
  editavel: Boolean(r.editavel),
});

/** The rules the caller reads: the network's first, then by beneficiary and start. */
export async function listRegras(db: Executor, actor: Actor): Promise<RegraRow[]> {
  const rows = await comNomes(db, actor)
    .where(comissaoRegrasVisibleTo(actor))
    .orderBy(
      sql`${comissaoRegras.franquiaId} nulls first`,
      asc(comissaoRegras.beneficiario),
      asc(comissaoRegras.inicio),
      asc(comissaoRegras.id),
    );
  return rows.map(linha);
}

/** One rule the caller reads, or undefined (404). */
export async function findRegra(db: Executor, actor: Actor, id: string): Promise<RegraRow | undefined> {
  const [row] = await comNomes(db, actor).where(and(eq(comissaoRegras.id, id), comissaoRegrasVisibleTo(actor)));
  return row ? linha(row) : undefined;
}

/** One rule the caller may change, locked for the change, or undefined (404). */
export async function regraEditavel(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(comissaoRegras)
    .where(and(eq(comissaoRegras.id, id), comissaoRegrasEditaveisPor(actor)))
    .for('update');
  return row;
}

/**
 * The network's rules for one beneficiary, read under the
 * lock of the franqueador's row: a second save in the network waits for this one, so two overlapping rules never
 * both pass the check.
 */
export async function regrasDoBeneficiario(db: Executor, franqueadorId: string, beneficiario: Beneficiario) {
  await db
    .select({ id: franqueadores.id })
    .from(franqueadores)
    .where(eq(franqueadores.id, franqueadorId))
    .for('update');
  return db
    .select()
    .from(comissaoRegras)
    .where(and(eq(comissaoRegras.franqueadorId, franqueadorId), eq(comissaoRegras.beneficiario, beneficiario)));
}

/** A franquia in the caller's scope, with its network, or undefined (404). */
export async function franquiaNoEscopo(db: Executor, actor: Actor, franquiaId: string) {
  const [row] = await db
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId })
    .from(franquias)
    .where(and(eq(franquias.id, franquiaId), franquiasVisibleTo(actor)));
  return row;
}

/** A curso in the caller's scope, or undefined (404). */
export async function cursoNoEscopo(db: Executor, actor: Actor, cursoId: string) {
  const [row] = await db
    .select({ id: cursos.id })
    .from(cursos)
    .where(and(eq(cursos.id, cursoId), cursosVisibleTo(actor)));
  return row;
}

export async function inserirRegra(db: Executor, values: typeof comissaoRegras.$inferInsert): Promise<string> {
  const [row] = await db.insert(comissaoRegras).values(values).returning({ id: comissaoRegras.id });
  return row!.id;
}

export async function alterarRegra(
  db: Executor,
  id: string,
  set: Partial<Pick<typeof comissaoRegras.$inferInsert, 'percentualCentesimos' | 'valorCentavos' | 'inicio' | 'fim'>>,
  now: Date,
) {
  await db
    .update(comissaoRegras)
    .set({ ...set, updatedAt: now })
    .where(eq(comissaoRegras.id, id));
}

// --- The network's setting (ADR 088) -----------------------------------------------------------------------------

/** Whether the network lets each franquia close its own subtree's months (`undefined`: no such network). */
export async function franquiaFechaDaRede(db: Executor, franqueadorId: string) {
  const [row] = await db
    .select({ franquiaFecha: franqueadores.comissaoFranquiaFecha })
    .from(franqueadores)
    .where(eq(franqueadores.id, franqueadorId));
  return row?.franquiaFecha;
}

/**
 * The network's flag set, answering the one it replaced (undefined: no such network). The row is locked as a
 * closing locks it (ADR 082): a franquia's closing in flight finishes under the old flag.
 */
export async function mudarFranquiaFecha(db: Executor, franqueadorId: string, franquiaFecha: boolean, now: Date) {
  const [antes] = await db
    .select({ franquiaFecha: franqueadores.comissaoFranquiaFecha })
    .from(franqueadores)
    .where(eq(franqueadores.id, franqueadorId))
    .for('update');
  if (!antes) return undefined;
  await db
    .update(franqueadores)
    .set({ comissaoFranquiaFecha: franquiaFecha, updatedAt: now })
    .where(eq(franqueadores.id, franqueadorId));
  return antes.franquiaFecha;
}
