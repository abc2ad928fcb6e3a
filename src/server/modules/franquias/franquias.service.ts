import type { FranquiaCreate, FranquiaUpdate } from '../../../shared/schemas/franquia';
import { franquias } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { empresaAccountOf, empresaRowOf, withAccount } from '../accounts';
import { findFranquia, insertFranquia, toFranquiaView, updateFranquia } from './franquias.repository';
import { sendInviteEmail } from '../auth';

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
  account: empresaAccountOf,
  insert: (db, input, placed) => insertFranquia(db, { ...empresaRowOf(input), ...placed }),
  update: (db, id, input) => updateFranquia(db, id, empresaRowOf(input)),
  setRowActive: (db, id, isActive) => updateFranquia(db, id, { isActive }),
  link: (franquiaId) => ({ franquiaId }),
  find: findFranquia,
  invite: sendInviteEmail,
  toView: toFranquiaView,
});
