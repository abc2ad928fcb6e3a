import { and, eq, type SQL } from 'drizzle-orm';
import type { ClienteView } from '../../../shared/schemas/cliente';
import type { Actor } from '../../access/actor';
import { clientesVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, microFranquias, users, vendedores } from '../../db/schema';
import { listPage, networkOrder, statusIs, type StatusListFilter } from '../../lib/list-page';
import { searchWithCnpjInText } from '../../lib/search';

const clienteView = {
  id: clientes.id,
  microFranquiaId: clientes.microFranquiaId,
  vendedorId: clientes.vendedorId,
  nomeFantasia: clientes.nomeFantasia,
  cnpj: clientes.cnpj,
  repLegal: clientes.repLegal,
  produto: clientes.produto,
  kit: clientes.kit,
  cep: clientes.cep,
  cidade: clientes.cidade,
  estado: clientes.estado,
  isActive: clientes.isActive,
  createdAt: clientes.createdAt,
  userId: clientes.userId,
  microFranquia: { razaoSocial: microFranquias.razaoSocial },
  user: { email: users.email, cpf: users.cpf, telefone: users.telefone, endereco: users.endereco },
};

type Row = Awaited<ReturnType<typeof selectClientes<Record<never, SQL>>>>[number];

function selectClientes<E extends Record<string, SQL>>(db: Executor, extra: E = {} as E) {
  return db
    .select({ ...clienteView, ...extra })
    .from(clientes)
    .innerJoin(microFranquias, eq(microFranquias.id, clientes.microFranquiaId))
    .innerJoin(users, eq(users.id, clientes.userId));
}

/** The list's order (issue 23, 46): newest first without a sort, or by name or status; its keys are the cursors'. */
function clientesOrder(sort: StatusListFilter['sort']) {
  const columns = {
    nome: clientes.nomeFantasia,
    nomeOrdem: clientes.nomeOrdem,
    isActive: clientes.isActive,
    id: clientes.id,
  };
  return networkOrder('clientes', sort, columns, [
    { expr: clientes.createdAt, type: 'timestamptz', desc: true },
    { expr: clientes.id, type: 'uuid', desc: true },
  ]);
}

/** The row as the wire has it; `userId` stays on the server, dropped by the route's response schema. */
export function toClienteView({ createdAt, ...row }: Row): ClienteView {
  return { ...row, createdAt: createdAt.toISOString() };
}

export async function listClientes(db: Executor, actor: Actor, filter: StatusListFilter) {
  const { rows, total, exact, cursors } = await listPage(
    db,
    {
      table: clientes,
      where: [
        clientesVisibleTo(actor),
        searchWithCnpjInText(filter.q, clientes.busca, clientes.cnpj),
        statusIs(clientes.isActive, filter.isActive),
      ],
      order: clientesOrder(filter.sort),
      select: ({ where, orderBy, cursorChaves }) =>
        selectClientes(db, { cursorChaves })
          .where(where)
          .orderBy(...orderBy),
    },
    filter,
  );
  return { rows: rows.map(toClienteView), total, exact, cursors };
}

export async function findCliente(db: Executor, actor: Actor, id: string) {
  const [row] = await selectClientes(db)
    .where(and(clientesVisibleTo(actor), eq(clientes.id, id)))
    .limit(1);
  return row;
}

/** The micro-franquia a vendedor sells for. */
export async function vendedorMicroFranquiaId(db: Executor, vendedorId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ microFranquiaId: vendedores.microFranquiaId })
    .from(vendedores)
    .where(eq(vendedores.id, vendedorId))
    .limit(1);
  return row?.microFranquiaId;
}

export async function insertCliente(db: Executor, values: typeof clientes.$inferInsert): Promise<string> {
  const [row] = await db.insert(clientes).values(values).returning({ id: clientes.id });
  return row!.id;
}

export async function updateCliente(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof clientes.$inferInsert, 'id' | 'microFranquiaId' | 'vendedorId' | 'userId'>>,
): Promise<void> {
  await db.update(clientes).set(values).where(eq(clientes.id, id));
}
