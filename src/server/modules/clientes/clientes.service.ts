import type { FastifyInstance } from 'fastify';
import type { ClienteCreate, ClienteUpdate, ClienteView } from '../../../shared/schemas/cliente';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { clientes } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { assertUncommonPassword } from '../../lib/common-passwords';
import {
  assertCnpjFree,
  assertEmailFree,
  assertMayChangeEmail,
  insertAccount,
  setAccountActive,
  updateAccount,
  withUniqueConflicts,
} from '../usuarios';
import {
  findCliente,
  insertCliente,
  toClienteView,
  updateCliente,
  vendedorMicroFranquiaId,
} from './clientes.repository';

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

export async function createCliente(app: FastifyInstance, actor: Actor, input: ClienteCreate): Promise<ClienteView> {
  assertUncommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const id = await withUniqueConflicts(() =>
    app.db.transaction(async (tx) => {
      const owner = await ownerOf(tx, actor);
      await assertEmailFree(tx, input.email);
      await assertCnpjFree(tx, clientes, input.cnpj);
      const userId = await insertAccount(tx, {
        email: input.email,
        passwordHash,
        role: 'cliente',
        nome: input.nomeFantasia,
        cpf: input.cpf,
        telefone: input.telefone,
        endereco: input.endereco,
        microFranquiaId: owner.microFranquiaId,
      });
      const clienteId = await insertCliente(tx, {
        ...owner,
        userId,
        nomeFantasia: input.nomeFantasia,
        cnpj: input.cnpj,
        repLegal: input.repLegal,
        produto: input.produto,
        kit: input.kit,
        cep: input.cep,
        cidade: input.cidade,
        estado: input.estado,
      });
      await updateAccount(tx, userId, { clienteId });
      return clienteId;
    }),
  );
  return toClienteView((await findCliente(app.db, actor, id))!);
}

export async function editCliente(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: ClienteUpdate,
): Promise<ClienteView> {
  await withUniqueConflicts(() =>
    app.db.transaction(async (tx) => {
      const current = await findCliente(tx, actor, id);
      if (!current) throw notFound();
      assertMayChangeEmail(actor, current.user.email, input.email);
      await assertEmailFree(tx, input.email, current.userId);
      await assertCnpjFree(tx, clientes, input.cnpj, id);
      await updateCliente(tx, id, {
        nomeFantasia: input.nomeFantasia,
        cnpj: input.cnpj,
        repLegal: input.repLegal,
        produto: input.produto,
        kit: input.kit,
        cep: input.cep,
        cidade: input.cidade,
        estado: input.estado,
      });
      await updateAccount(tx, current.userId, {
        email: input.email,
        nome: input.nomeFantasia,
        cpf: input.cpf,
        telefone: input.telefone,
        endereco: input.endereco,
      });
    }),
  );
  return toClienteView((await findCliente(app.db, actor, id))!);
}

/** Desativar: the cliente can no longer sign in and its sessions end at once; Ativar lets it in again. */
export async function setClienteActive(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<ClienteView> {
  await app.db.transaction(async (tx) => {
    const current = await findCliente(tx, actor, id);
    if (!current) throw notFound();
    await updateCliente(tx, id, { isActive });
    await setAccountActive(tx, current.userId, isActive);
  });
  return toClienteView((await findCliente(app.db, actor, id))!);
}
