import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { MicroFranquiaView } from '../../../shared/schemas/micro-franquia';
import type { Actor } from '../../access/actor';
import { microFranquiasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { franquias, microFranquias, users } from '../../db/schema';
import { listPage, networkOrder, statusIs, type StatusListFilter } from '../../lib/list-page';
import { searchWithCnpj } from '../../lib/search';
import { empresaViewColumns } from '../accounts';

const microFranquiaView = {
  ...empresaViewColumns(microFranquias),
  franquiaId: microFranquias.franquiaId,
  franquia: { razaoSocial: franquias.razaoSocial },
};

type Row = Awaited<ReturnType<typeof selectMicroFranquias>>[number];

function selectMicroFranquias(db: Executor, where: SQL | undefined, sort?: StatusListFilter['sort']) {
  return db
    .select(microFranquiaView)
    .from(microFranquias)
    .innerJoin(franquias, eq(franquias.id, microFranquias.franquiaId))
    .innerJoin(users, eq(users.id, microFranquias.userId))
    .where(where)
    .orderBy(
      ...networkOrder(
        sort,
        { nome: microFranquias.razaoSocial, isActive: microFranquias.isActive, id: microFranquias.id },
        [desc(microFranquias.createdAt), desc(microFranquias.id)],
      ),
    );
}

/** The row as the wire has it; `userId` stays on the server, dropped by the route's response schema. */
export function toMicroFranquiaView({ createdAt, ...row }: Row): MicroFranquiaView {
  return { ...row, createdAt: createdAt.toISOString() };
}

export async function listMicroFranquias(db: Executor, actor: Actor, filter: StatusListFilter) {
  const { rows, total } = await listPage(
    db,
    {
      table: microFranquias,
      where: [
        microFranquiasVisibleTo(actor),
        searchWithCnpj(filter.q, [microFranquias.razaoSocial, microFranquias.repLegal], microFranquias.cnpj),
        statusIs(microFranquias.isActive, filter.isActive),
      ],
      select: (where) => selectMicroFranquias(db, where, filter.sort),
    },
    filter,
  );
  return { rows: rows.map(toMicroFranquiaView), total };
}

export async function findMicroFranquia(db: Executor, actor: Actor, id: string) {
  const [row] = await selectMicroFranquias(db, and(microFranquiasVisibleTo(actor), eq(microFranquias.id, id))).limit(1);
  return row;
}

export async function insertMicroFranquia(db: Executor, values: typeof microFranquias.$inferInsert): Promise<string> {
  const [row] = await db.insert(microFranquias).values(values).returning({ id: microFranquias.id });
  return row!.id;
}

export async function updateMicroFranquia(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof microFranquias.$inferInsert, 'id' | 'franquiaId' | 'userId'>>,
): Promise<void> {
  await db.update(microFranquias).set(values).where(eq(microFranquias.id, id));
}
