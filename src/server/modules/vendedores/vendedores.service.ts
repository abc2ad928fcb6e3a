import type { VendedorCreate } from '../../../shared/schemas/vendedor';
import { forbidden } from '../../lib/http-error';
import { withAccount } from '../accounts';
import { findVendedor, insertVendedor, toVendedorView } from './vendedores.repository';
import { sendInviteEmail } from '../auth';

/** A vendedor account and its row under the caller's micro-franquia (DESIGN §4.1); the rule is in `withAccount`. */
export const { create: createVendedor } = withAccount<VendedorCreate, VendedorCreate>()({
  role: 'vendedor',
  placement: async (_db, actor) => {
    if (!actor.microFranquiaId) throw forbidden();
    return { row: { microFranquiaId: actor.microFranquiaId }, microFranquiaId: actor.microFranquiaId };
  },
  account: (input) => ({
    nome: input.nome,
    cpf: input.cpf,
    dataNascimento: input.dataNascimento,
    telefone: input.telefone,
    endereco: input.endereco,
  }),
  insert: (db, _input, placed) => insertVendedor(db, placed),
  find: findVendedor,
  invite: sendInviteEmail,
  toView: toVendedorView,
});
