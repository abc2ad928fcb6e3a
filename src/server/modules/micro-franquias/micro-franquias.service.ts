import type { MicroFranquiaCreate, MicroFranquiaUpdate } from '../../../shared/schemas/micro-franquia';
import { microFranquias } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { empresaAccountOf, empresaRowOf, withAccount } from '../accounts';
import {
  findMicroFranquia,
  insertMicroFranquia,
  toMicroFranquiaView,
  updateMicroFranquia,
} from './micro-franquias.repository';
import { sendInviteEmail } from '../auth';

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
  account: empresaAccountOf,
  insert: (db, input, placed) => insertMicroFranquia(db, { ...empresaRowOf(input), ...placed }),
  update: (db, id, input) => updateMicroFranquia(db, id, empresaRowOf(input)),
  setRowActive: (db, id, isActive) => updateMicroFranquia(db, id, { isActive }),
  link: (microFranquiaId) => ({ microFranquiaId }),
  find: findMicroFranquia,
  invite: sendInviteEmail,
  toView: toMicroFranquiaView,
});
