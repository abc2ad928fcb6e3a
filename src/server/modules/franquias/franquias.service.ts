import type { FastifyInstance } from 'fastify';
import type { FranquiaCreate, FranquiaUpdate, FranquiaView } from '../../../shared/schemas/franquia';
import type { Actor } from '../../access/actor';
import { franquias } from '../../db/schema';
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
import { findFranquia, insertFranquia, toFranquiaView, updateFranquia } from './franquias.repository';

/** A franquia and its user, in one transaction, under the caller's franqueador (DESIGN §4.1, §4.2). */
export async function createFranquia(app: FastifyInstance, actor: Actor, input: FranquiaCreate): Promise<FranquiaView> {
  assertUncommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const id = await withUniqueConflicts(() =>
    app.db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      await assertCnpjFree(tx, franquias, input.cnpj);
      const userId = await insertAccount(tx, {
        email: input.email,
        passwordHash,
        role: 'franquia',
        nome: input.repLegal,
        cpf: input.cpf,
        dataNascimento: input.dataNascimento,
        telefone: input.telefone,
        endereco: input.endereco,
      });
      const franquiaId = await insertFranquia(tx, {
        franqueadorId: actor.franqueadorId!,
        userId,
        razaoSocial: input.razaoSocial,
        cnpj: input.cnpj,
        repLegal: input.repLegal,
        cep: input.cep,
        cidade: input.cidade,
        estado: input.estado,
      });
      await updateAccount(tx, userId, { franquiaId });
      return franquiaId;
    }),
  );
  return toFranquiaView((await findFranquia(app.db, actor, id))!);
}

export async function editFranquia(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: FranquiaUpdate,
): Promise<FranquiaView> {
  await withUniqueConflicts(() =>
    app.db.transaction(async (tx) => {
      const current = await findFranquia(tx, actor, id);
      if (!current) throw notFound();
      assertMayChangeEmail(actor, current.user.email, input.email);
      await assertEmailFree(tx, input.email, current.userId);
      await assertCnpjFree(tx, franquias, input.cnpj, id);
      await updateFranquia(tx, id, {
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
  return toFranquiaView((await findFranquia(app.db, actor, id))!);
}

/** Switching a franquia off also stops its user's sign-in and ends its sessions; on again restores it. */
export async function setFranquiaActive(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<FranquiaView> {
  await app.db.transaction(async (tx) => {
    const current = await findFranquia(tx, actor, id);
    if (!current) throw notFound();
    await updateFranquia(tx, id, { isActive });
    await setAccountActive(tx, current.userId, isActive);
  });
  return toFranquiaView((await findFranquia(app.db, actor, id))!);
}
