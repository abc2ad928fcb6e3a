import type { FranquiaCreate, FranquiaUpdate } from '../../../shared/schemas/franquia';
import { franquias } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { withAccount } from '../accounts';
import { findFranquia, insertFranquia, toFranquiaView, updateFranquia } from './franquias.repository';

const rowOf = (input: FranquiaCreate | FranquiaUpdate) => ({
  razaoSocial: input.razaoSocial,
  cnpj: input.cnpj,
  repLegal: input.repLegal,
  cep: input.cep,
  cidade: input.cidade,
  estado: input.estado,
});

/** A franquia and its user under the caller's franqueador (DESIGN §4.1, §4.2); the rule is in `withAccount`. */
export const {
  create: createFranquia,
  edit: editFranquia,
  setActive: setFranquiaActive,
} = withAccount<FranquiaCreate, FranquiaUpdate>()({
  role: 'franquia',
  cnpjTable: franquias,
  cnpj: (input) => input.cnpj,
  placement: async (_db, actor) => {
    if (!actor.franqueadorId) throw forbidden();
    return { row: { franqueadorId: actor.franqueadorId } };
  },
  account: (input) => ({
    nome: input.repLegal,
    cpf: input.cpf,
    dataNascimento: input.dataNascimento,
    telefone: input.telefone,
    endereco: input.endereco,
  }),
  insert: (db, input, placed) => insertFranquia(db, { ...rowOf(input), ...placed }),
  update: (db, id, input) => updateFranquia(db, id, rowOf(input)),
  setRowActive: (db, id, isActive) => updateFranquia(db, id, { isActive }),
  link: (franquiaId) => ({ franquiaId }),
  find: findFranquia,
  toView: toFranquiaView,
});
