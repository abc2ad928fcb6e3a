/**
 * Accounts (DESIGN §4.2): every franquia, micro-franquia, cliente and vendedor is a row with one user, created,
 * edited and switched on or off together with it. The rule lives here once; each entity gives its configuration.
 */
export {
  assertEmailFree,
  assertMayChangeEmail,
  insertAccount,
  setAccountActive,
  setLinkedRowActive,
  updateAccount,
  withUniqueConflicts,
} from './accounts.repository';
export { withAccount, type WithAccountOperations } from './with-account';
export { empresaAccountOf, empresaRowOf, empresaViewColumns } from './empresa';
