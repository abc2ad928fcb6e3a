import type { MicroFranquiaCreate, MicroFranquiaUpdate } from '../../../shared/schemas/micro-franquia';
import { microFranquias } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { withAccount } from '../accounts';
import {
  findMicroFranquia,
  insertMicroFranquia,
  toMicroFranquiaView,
  updateMicroFranquia,
} from './micro-franquias.repository';

const rowOf = (input: MicroFranquiaCreate | MicroFranquiaUpdate) => ({
  razaoSocial: input.razaoSocial,
  cnpj: input.cnpj,
  repLegal: input.repLegal,
  cep: input.cep,
  cidade: input.cidade,
  estado: input.estado,
});

/** A micro-franquia and its user under the caller's franquia (DESIGN §4.1, §4.2); the rule is in `withAccount`. */
export const {
  create: createMicroFranquia,
  edit: editMicroFranquia,
  setActive: setMicroFranquiaActive,
} = withAccount<MicroFranquiaCreate, MicroFranquiaUpdate>()({
  role: 'micro_franquia',
  cnpjTable: microFranquias,
  cnpj: (input) => input.cnpj,
  placement: async (_db, actor) => {
    if (!actor.franquiaId) throw forbidden();
    return { row: { franquiaId: actor.franquiaId } };
  },
  account: (input) => ({
    nome: input.repLegal,
    cpf: input.cpf,
    dataNascimento: input.dataNascimento,
    telefone: input.telefone,
    endereco: input.endereco,
  }),
  insert: (db, input, placed) => insertMicroFranquia(db, { ...rowOf(input), ...placed }),
  update: (db, id, input) => updateMicroFranquia(db, id, rowOf(input)),
  setRowActive: (db, id, isActive) => updateMicroFranquia(db, id, { isActive }),
  link: (microFranquiaId) => ({ microFranquiaId }),
  find: findMicroFranquia,
  toView: toMicroFranquiaView,
});
