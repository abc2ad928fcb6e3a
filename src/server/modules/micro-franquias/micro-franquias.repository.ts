import { and, eq, type SQL } from 'drizzle-orm';
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

type Row = Awaited<ReturnType<typeof selectMicroFranquias<Record<never, SQL>>>>[number];

function selectMicroFranquias<E extends Record<string, SQL>>(db: Executor, extra: E = {} as E) {
  return db
    .select({ ...microFranquiaView, ...extra })
    .from(microFranquias)
    .innerJoin(franquias, eq(franquias.id, microFranquias.franquiaId))
    .innerJoin(users, eq(users.id, microFranquias.userId));
}

/** The list's order (issue 23, 46): newest first without a sort, or by name or status; its keys are the cursors'. */
function microFranquiasOrder(sort: StatusListFilter['sort']) {
  return networkOrder(
    'microFranquias',
    sort,
    { nome: microFranquias.razaoSocial, isActive: microFranquias.isActive, id: microFranquias.id },
    [
      { expr: microFranquias.createdAt, type: 'timestamptz', desc: true },
      { expr: microFranquias.id, type: 'uuid', desc: true },
    ],
  );
}

/** The row as the wire has it; `userId` stays on the server, dropped by the route's response schema. */
export function toMicroFranquiaView({ createdAt, ...row }: Row): MicroFranquiaView {
  return { ...row, createdAt: createdAt.toISOString() };
}

export async function listMicroFranquias(db: Executor, actor: Actor, filter: StatusListFilter) {
  const { rows, total, exact, cursors } = await listPage(
    db,
    {
      table: microFranquias,
      where: [
        microFranquiasVisibleTo(actor),
        searchWithCnpj(filter.q, [microFranquias.razaoSocial, microFranquias.repLegal], microFranquias.cnpj),
        statusIs(microFranquias.isActive, filter.isActive),
      ],
      order: microFranquiasOrder(filter.sort),
      select: ({ where, orderBy, cursorChaves }) =>
        selectMicroFranquias(db, { cursorChaves })
          .where(where)
          .orderBy(...orderBy),
    },
    filter,
  );
  return { rows: rows.map(toMicroFranquiaView), total, exact, cursors };
}

export async function findMicroFranquia(db: Executor, actor: Actor, id: string) {
  const [row] = await selectMicroFranquias(db)
    .where(and(microFranquiasVisibleTo(actor), eq(microFranquias.id, id)))
    .limit(1);
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
