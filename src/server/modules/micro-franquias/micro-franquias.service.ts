import type { FastifyInstance } from 'fastify';
import type {
  MicroFranquiaCreate,
  MicroFranquiaUpdate,
  MicroFranquiaView,
} from '../../../shared/schemas/micro-franquia';
import type { Actor } from '../../access/actor';
import { microFranquias } from '../../db/schema';
import { notFound } from '../../lib/http-error';
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
  findMicroFranquia,
  insertMicroFranquia,
  toMicroFranquiaView,
  updateMicroFranquia,
} from './micro-franquias.repository';

/** A micro-franquia and its user, in one transaction, under the caller's franquia (DESIGN §4.1, §4.2). */
export async function createMicroFranquia(
  app: FastifyInstance,
  actor: Actor,
  input: MicroFranquiaCreate,
): Promise<MicroFranquiaView> {
  assertUncommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const id = await withUniqueConflicts(() =>
    app.db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      await assertCnpjFree(tx, microFranquias, input.cnpj);
      const userId = await insertAccount(tx, {
        email: input.email,
        passwordHash,
        role: 'micro_franquia',
        nome: input.repLegal,
        cpf: input.cpf,
        dataNascimento: input.dataNascimento,
        telefone: input.telefone,
        endereco: input.endereco,
      });
      const microFranquiaId = await insertMicroFranquia(tx, {
        franquiaId: actor.franquiaId!,
        userId,
        razaoSocial: input.razaoSocial,
        cnpj: input.cnpj,
        repLegal: input.repLegal,
        cep: input.cep,
        cidade: input.cidade,
        estado: input.estado,
      });
      await updateAccount(tx, userId, { microFranquiaId });
      return microFranquiaId;
    }),
  );
  return toMicroFranquiaView((await findMicroFranquia(app.db, actor, id))!);
}

export async function editMicroFranquia(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: MicroFranquiaUpdate,
): Promise<MicroFranquiaView> {
  await withUniqueConflicts(() =>
    app.db.transaction(async (tx) => {
      const current = await findMicroFranquia(tx, actor, id);
      if (!current) throw notFound();
      assertMayChangeEmail(actor, current.user.email, input.email);
      await assertEmailFree(tx, input.email, current.userId);
      await assertCnpjFree(tx, microFranquias, input.cnpj, id);
      await updateMicroFranquia(tx, id, {
        razaoSocial: input.razaoSocial,
        cnpj: input.cnpj,
        repLegal: input.repLegal,
        cep: input.cep,
        cidade: input.cidade,
        estado: input.estado,
      });
      await updateAccount(tx, current.userId, {
        email: input.email,
        nome: input.repLegal,
        cpf: input.cpf,
        dataNascimento: input.dataNascimento,
        telefone: input.telefone,
        endereco: input.endereco,
      });
    }),
  );
  return toMicroFranquiaView((await findMicroFranquia(app.db, actor, id))!);
}

/** Off also stops the micro-franquia user's sign-in and ends its sessions; on again restores it. */
export async function setMicroFranquiaActive(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<MicroFranquiaView> {
  await app.db.transaction(async (tx) => {
    const current = await findMicroFranquia(tx, actor, id);
    if (!current) throw notFound();
    await updateMicroFranquia(tx, id, { isActive });
    await setAccountActive(tx, current.userId, isActive);
  });
  return toMicroFranquiaView((await findMicroFranquia(app.db, actor, id))!);
}
