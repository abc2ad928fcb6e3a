import { and, eq, type SQL } from 'drizzle-orm';
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

type Row = Awaited<ReturnType<typeof selectFranquias<Record<never, SQL>>>>[number];

function selectFranquias<E extends Record<string, SQL>>(db: Executor, extra: E = {} as E) {
  return db
    .select({ ...franquiaView, ...extra })
    .from(franquias)
    .innerJoin(users, eq(users.id, franquias.userId));
}

/** The list's order (issue 23, 46): newest first without a sort, or by name or status; its keys are the cursors'. */
function franquiasOrder(sort: StatusListFilter['sort']) {
  return networkOrder(
    'franquias',
    sort,
    { nome: franquias.razaoSocial, isActive: franquias.isActive, id: franquias.id },
    [
      { expr: franquias.createdAt, type: 'timestamptz', desc: true },
      { expr: franquias.id, type: 'uuid', desc: true },
    ],
  );
}

/** The row as the wire has it; `userId` stays on the server, dropped by the route's response schema. */
export function toFranquiaView({ createdAt, ...row }: Row): FranquiaView {
  return { ...row, createdAt: createdAt.toISOString() };
}

export async function listFranquias(db: Executor, actor: Actor, filter: StatusListFilter) {
  const { rows, total, exact, cursors } = await listPage(
    db,
    {
      table: franquias,
      where: [
        franquiasVisibleTo(actor),
        searchWithCnpj(filter.q, [franquias.razaoSocial, franquias.repLegal], franquias.cnpj),
        statusIs(franquias.isActive, filter.isActive),
      ],
      order: franquiasOrder(filter.sort),
      select: ({ where, orderBy, cursorChaves }) =>
        selectFranquias(db, { cursorChaves })
          .where(where)
          .orderBy(...orderBy),
    },
    filter,
  );
  return { rows: rows.map(toFranquiaView), total, exact, cursors };
}

/** The franquia if the actor may see it; undefined otherwise (the route answers 404). */
export async function findFranquia(db: Executor, actor: Actor, id: string) {
  const [row] = await selectFranquias(db)
    .where(and(franquiasVisibleTo(actor), eq(franquias.id, id)))
    .limit(1);
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
