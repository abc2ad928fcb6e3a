import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DistribuicaoModo } from '../../../shared/schemas/distribuicao';
import type { Actor } from '../../access/actor';
import { microFranquiasVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import { distribuicaoCidades, microFranquias, users, vendedores } from '../../db/schema';

/**
 * A micro-franquia's distribution (issue 50, ADR 106): its rule, its city table and the vendedores the turns go
 * through. The choice itself is the database's (`distribuicao_escolher`, used by the trigger of every new lead).
 */

/** The micro-franquia's rule, when the actor sees it (null otherwise: 404); locked for a change with `lock`. */
export async function findDistribuicao(db: Executor, actor: Actor, id: string, lock = false) {
  const query = db
    .select({ id: microFranquias.id, modo: microFranquias.distribuicaoModo })
    .from(microFranquias)
    .where(and(eq(microFranquias.id, id), microFranquiasVisibleTo(actor)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ? { id: row.id, modo: row.modo as DistribuicaoModo } : null;
}

const nomeDoVendedor = sql<string>`coalesce(${users.nome}, ${users.email})`;

/** The city table, by state and city, with each vendedor's name. */
export async function listCidades(db: Executor, microFranquiaId: string) {
  return db
    .select({
      cidade: distribuicaoCidades.cidade,
      estado: distribuicaoCidades.estado,
      vendedorId: distribuicaoCidades.vendedorId,
      vendedorNome: nomeDoVendedor,
    })
    .from(distribuicaoCidades)
    .innerJoin(vendedores, eq(vendedores.id, distribuicaoCidades.vendedorId))
    .innerJoin(users, eq(users.id, vendedores.userId))
    .where(eq(distribuicaoCidades.microFranquiaId, microFranquiaId))
    .orderBy(asc(distribuicaoCidades.estado), asc(distribuicaoCidades.cidadeChave));
}

/** The micro-franquia's vendedores by name: away or not, active or not (a vendedor may sign in when both are). */
export async function listVendedoresDaDistribuicao(db: Executor, microFranquiaId: string) {
  return db
    .select({
      id: vendedores.id,
      nome: nomeDoVendedor,
      ausente: vendedores.ausente,
      ativo: sql<boolean>`(${vendedores.isActive} and ${users.isActive})`,
    })
    .from(vendedores)
    .innerJoin(users, eq(users.id, vendedores.userId))
    .where(eq(vendedores.microFranquiaId, microFranquiaId))
    .orderBy(asc(nomeDoVendedor), asc(vendedores.id))
    .limit(1000);
}

/** Of `ids`, those that are active vendedores of the micro-franquia. */
export async function vendedoresAtivosDe(db: Executor, microFranquiaId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: vendedores.id })
    .from(vendedores)
    .innerJoin(users, eq(users.id, vendedores.userId))
    .where(
      and(
        eq(vendedores.microFranquiaId, microFranquiaId),
        inArray(vendedores.id, ids),
        eq(vendedores.isActive, true),
        eq(users.isActive, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Each city's key as the trigger compares it with the event's: `f_unaccent(lower(btrim(cidade)))`, in order. */
export async function chavesDasCidades(db: Executor, cidades: string[]): Promise<string[]> {
  if (cidades.length === 0) return [];
  const rows = await executeRows<{ chave: string }>(
    db,
    sql`select f_unaccent(lower(btrim(c.cidade))) as chave
      from unnest(${sql.param(cidades)}::text[]) with ordinality as c(cidade, n) order by c.n`,
  );
  return rows.map((r) => r.chave);
}

/** The rule and the whole city table replaced (in the caller's transaction). */
export async function replaceDistribuicao(
  tx: Executor,
  microFranquiaId: string,
  modo: DistribuicaoModo,
  cidades: { cidade: string; estado: string; vendedorId: string }[],
): Promise<void> {
  await tx.update(microFranquias).set({ distribuicaoModo: modo }).where(eq(microFranquias.id, microFranquiaId));
  await tx.delete(distribuicaoCidades).where(eq(distribuicaoCidades.microFranquiaId, microFranquiaId));
  if (cidades.length === 0) return;
  await tx.execute(sql`insert into ${distribuicaoCidades} (micro_franquia_id, cidade_chave, cidade, estado, vendedor_id)
    select ${microFranquiaId}::uuid, f_unaccent(lower(btrim(c.cidade))), btrim(c.cidade), c.estado, c.vendedor_id
    from unnest(${sql.param(cidades.map((c) => c.cidade))}::text[], ${sql.param(cidades.map((c) => c.estado))}::text[],
      ${sql.param(cidades.map((c) => c.vendedorId))}::uuid[]) as c(cidade, estado, vendedor_id)`);
}
