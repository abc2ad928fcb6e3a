/**
 * What other modules use of usuarios: the accounts behind the network's rows (DESIGN §4.2), created, edited and
 * switched on or off together with their franquia, micro-franquia, cliente or vendedor. Other modules import
 * from here only.
 */
export {
  assertCnpjFree,
  assertEmailFree,
  assertMayChangeEmail,
  insertAccount,
  setAccountActive,
  updateAccount,
  withUniqueConflicts,
} from './accounts';
