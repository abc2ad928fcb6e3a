import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FranquiaView } from '../../../shared/schemas/franquia';
import type { Actor } from '../../access/actor';
import { franquiasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { franquias, users } from '../../db/schema';
import { listPage, networkOrder, statusIs, type StatusListFilter } from '../../lib/list-page';
import { searchWithCnpj } from '../../lib/search';
import { empresaViewColumns } from '../accounts';

const franquiaView = {
  ...empresaViewColumns(franquias),
};

type Row = Awaited<ReturnType<typeof selectFranquias>>[number];

function selectFranquias(db: Executor, where: SQL | undefined, sort?: StatusListFilter['sort']) {
  return db
    .select(franquiaView)
    .from(franquias)
    .innerJoin(users, eq(users.id, franquias.userId))
    .where(where)
    .orderBy(
      ...networkOrder(sort, { nome: franquias.razaoSocial, isActive: franquias.isActive, id: franquias.id }, [
        desc(franquias.createdAt),
        desc(franquias.id),
      ]),
    );
}

/** The row as the wire has it; `userId` stays on the server, dropped by the route's response schema. */
export function toFranquiaView({ createdAt, ...row }: Row): FranquiaView {
  return { ...row, createdAt: createdAt.toISOString() };
}

export async function listFranquias(db: Executor, actor: Actor, filter: StatusListFilter) {
  const { rows, total } = await listPage(
    db,
    {
      table: franquias,
      where: [
        franquiasVisibleTo(actor),
        searchWithCnpj(filter.q, [franquias.razaoSocial, franquias.repLegal], franquias.cnpj),
        statusIs(franquias.isActive, filter.isActive),
      ],
      select: (where) => selectFranquias(db, where, filter.sort),
    },
    filter,
  );
  return { rows: rows.map(toFranquiaView), total };
}

/** The franquia if the actor may see it; undefined otherwise (the route answers 404). */
export async function findFranquia(db: Executor, actor: Actor, id: string) {
  const [row] = await selectFranquias(db, and(franquiasVisibleTo(actor), eq(franquias.id, id))).limit(1);
  return row;
}

export async function insertFranquia(db: Executor, values: typeof franquias.$inferInsert): Promise<string> {
  const [row] = await db.insert(franquias).values(values).returning({ id: franquias.id });
  return row!.id;
}

export async function updateFranquia(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof franquias.$inferInsert, 'id' | 'franqueadorId' | 'userId'>>,
): Promise<void> {
  await db.update(franquias).set(values).where(eq(franquias.id, id));
}
