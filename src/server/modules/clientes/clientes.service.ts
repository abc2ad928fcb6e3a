import type { ClienteCreate, ClienteUpdate } from '../../../shared/schemas/cliente';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { clientes } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { withAccount } from '../accounts';
import {
  findCliente,
  insertCliente,
  toClienteView,
  updateCliente,
  vendedorMicroFranquiaId,
} from './clientes.repository';
import { sendInviteEmail } from '../auth';

/**
 * Where a new cliente sits (DESIGN §4.1): under the caller's micro-franquia, or under the vendedor's
 * micro-franquia with the vendedor recorded. Never from the request body.
 */
async function ownerOf(db: Executor, actor: Actor): Promise<{ microFranquiaId: string; vendedorId: string | null }> {
  if (actor.role === 'micro_franquia' && actor.microFranquiaId) {
    return { microFranquiaId: actor.microFranquiaId, vendedorId: null };
  }
  if (actor.role === 'vendedor' && actor.vendedorId) {
    const microFranquiaId = await vendedorMicroFranquiaId(db, actor.vendedorId);
    if (microFranquiaId) return { microFranquiaId, vendedorId: actor.vendedorId };
  }
  throw forbidden();
}

const rowOf = (input: ClienteCreate | ClienteUpdate) => ({
  nomeFantasia: input.nomeFantasia,
  cnpj: input.cnpj,
  repLegal: input.repLegal,
  produto: input.produto,
  kit: input.kit,
  cep: input.cep,
  cidade: input.cidade,
  estado: input.estado,
});

/** A cliente (a school) and its user (DESIGN §4.1, §4.2); the rule is in `withAccount`. */
export const {
  create: createCliente,
  edit: editCliente,
  /** Desativar: the cliente can no longer sign in and its sessions end at once; Ativar lets it in again. */
  setActive: setClienteActive,
} = withAccount<ClienteCreate, ClienteUpdate>()({
  role: 'cliente',
  cnpjTable: clientes,
  cnpj: (input) => input.cnpj,
  placement: async (db, actor) => {
    const owner = await ownerOf(db, actor);
    return { row: owner, microFranquiaId: owner.microFranquiaId };
  },
  account: (input) => ({
    nome: input.nomeFantasia,
    cpf: input.cpf,
    telefone: input.telefone,
    endereco: input.endereco,
  }),
  insert: (db, input, placed) => insertCliente(db, { ...rowOf(input), ...placed }),
  update: (db, id, input) => updateCliente(db, id, rowOf(input)),
  setRowActive: (db, id, isActive) => updateCliente(db, id, { isActive }),
  link: (clienteId) => ({ clienteId }),
  find: findCliente,
  invite: sendInviteEmail,
  toView: toClienteView,
});
