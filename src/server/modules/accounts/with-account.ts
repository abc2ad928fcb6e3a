import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { notFound } from '../../lib/http-error';
import { hashPassword, unusablePasswordHash } from '../../lib/password';
import {
  type AccountUpdate,
  type AccountValues,
  assertCnpjFree,
  assertEmailFree,
  assertMayChangeEmail,
  type CnpjTable,
  insertAccount,
  setAccountActive,
  updateAccount,
  withUniqueConflicts,
} from './accounts.repository';
import { alteracoesDe, audit } from '../auditoria';
import type { AuditAcao } from '../../../shared/schemas/auditoria';

/** The person fields of the account behind a row: the rest of `users` is set by the operations below. */
export type AccountFields = Omit<AccountValues, 'email' | 'passwordHash' | 'role' | 'microFranquiaId'>;

/** Where a new row sits, taken from the caller and never from the request body (DESIGN §4.1). */
export interface Placement<P> {
  row: P;
  /** The account's own tree column, where the role has one before its row exists (cliente, vendedor). */
  microFranquiaId?: string | null;
}

/** What a row needs from the generic operations: its account, and that account's login e-mail. */
export interface RowWithAccount {
  userId: string;
  user: { email: string };
}

/**
 * An entity that is a row with one user account (DESIGN §4.2): a franquia, micro-franquia, cliente or vendedor.
 * The configuration says how its fields split between the row and the account; the operations hold the rule.
 */
export interface WithAccountConfig<Create, Update, P, Found extends RowWithAccount, View> {
  role: AccountValues['role'];
  /** The table whose CNPJ must be unique (409 'CNPJ já cadastrado'); none for a person (vendedor). */
  cnpjTable?: CnpjTable;
  cnpj?: (input: Create | Update) => string;
  placement: (db: Executor, actor: Actor) => Promise<Placement<P>>;
  account: (input: Create | Update) => AccountFields;
  /** Inserts the row, placed and linked to its new account; answers its id. */
  insert: (db: Executor, input: Create, placed: P & { userId: string }) => Promise<string>;
  /** Writes an edit's row fields; absent where the entity is never edited here (vendedor). */
  update?: (db: Executor, id: string, input: Update) => Promise<void>;
  setRowActive?: (db: Executor, id: string, isActive: boolean) => Promise<void>;
  /** The account's link to its row (`users.franquiaId` and the like), written once the row exists. */
  link?: (id: string) => AccountUpdate;
  find: (db: Executor, actor: Actor, id: string) => Promise<Found | undefined>;
  toView: (row: Found) => View;
  /**
   * 'Enviar convite': the set-password e-mail (auth's, as an aluno gets), queued as a job in the transaction
   * that creates the account (ADR 028). Passed in by each entity because auth itself depends on this module.
   */
  invite: (
    app: FastifyInstance,
    db: Executor,
    user: { id: string; email: string; nome: string | null; role: AccountValues['role'] },
  ) => Promise<void>;
}

interface CreateInput {
  email: string;
  /** Absent with `enviarConvite` (src/shared requirePasswordOrInvite): the account starts without one. */
  password?: string;
  enviarConvite?: boolean;
}
interface UpdateInput {
  email: string;
}

export interface WithAccountOperations<Create, Update, View> {
  /** The row and its user in one transaction; 409 for a taken e-mail or CNPJ, a lost race included. */
  create(app: FastifyInstance, actor: Actor, input: Create): Promise<View>;
  /** Row and account together; the login e-mail changes only by the franqueador (assertMayChangeEmail). */
  edit(app: FastifyInstance, actor: Actor, id: string, input: Update): Promise<View>;
  /** Off also stops the account's sign-in and ends its sessions at once; on again restores it. */
  setActive(app: FastifyInstance, actor: Actor, id: string, isActive: boolean): Promise<View>;
}

/**
 * `withAccount<Create, Update>()({...})`: the request types are named, the rest is inferred from the
 * configuration.
 */
export function withAccount<Create extends CreateInput, Update extends UpdateInput>() {
  return <P, Found extends RowWithAccount, View>(
    config: WithAccountConfig<Create, Update, P, Found, View>,
  ): WithAccountOperations<Create, Update, View> => operations(config);
}

function operations<Create extends CreateInput, Update extends UpdateInput, P, Found extends RowWithAccount, View>(
  config: WithAccountConfig<Create, Update, P, Found, View>,
): WithAccountOperations<Create, Update, View> {
  async function assertUnique(db: Executor, input: Create | Update, exceptUserId?: string, exceptId?: string) {
    await assertEmailFree(db, input.email, exceptUserId);
    if (config.cnpjTable && config.cnpj) await assertCnpjFree(db, config.cnpjTable, config.cnpj(input), exceptId);
  }

  async function view(app: FastifyInstance, actor: Actor, id: string): Promise<View> {
    return config.toView((await config.find(app.db, actor, id))!);
  }

  /** The audit's action for this entity (issue 17): `cliente.editar`, `franquia.desativar`... */
  const acao = (verbo: 'criar' | 'editar' | 'ativar' | 'desativar') => `${config.role}.${verbo}` as AuditAcao;
  /** The row as its screen shows it, inside the writing transaction: what the audit compares. */
  const seen = async (tx: Executor, actor: Actor, id: string) => {
    const found = await config.find(tx, actor, id);
    return found ? (config.toView(found) as object) : null;
  };

  return {
    async create(app, actor, input) {
      const invited = input.enviarConvite === true || input.password === undefined;
      let passwordHash = unusablePasswordHash();
      if (input.password !== undefined && !invited) {
        assertUncommonPassword(input.password, 'password');
        passwordHash = await hashPassword(input.password);
      }
      const account = config.account(input);
      let userId = '';
      const id = await withUniqueConflicts(() =>
        app.db.transaction(async (tx) => {
          const placement = await config.placement(tx, actor);
          await assertUnique(tx, input);
          userId = await insertAccount(tx, {
            email: input.email,
            passwordHash,
            role: config.role,
            ...account,
            microFranquiaId: placement.microFranquiaId ?? null,
          });
          const rowId = await config.insert(tx, input, { ...placement.row, userId });
          if (config.link) await updateAccount(tx, userId, config.link(rowId));
          if (invited) {
            const user = { id: userId, email: input.email, nome: account.nome ?? null, role: config.role };
            await config.invite(app, tx, user);
          }
          await audit(tx, {
            acao: acao('criar'),
            entidadeId: rowId,
            alteracoes: alteracoesDe(null, await seen(tx, actor, rowId)),
            detalhes: invited ? { convite: true } : null,
          });
          return rowId;
        }),
      );
      return view(app, actor, id);
    },

    async edit(app, actor, id, input) {
      const update = config.update;
      if (!update) throw notFound();
      await withUniqueConflicts(() =>
        app.db.transaction(async (tx) => {
          const current = await config.find(tx, actor, id);
          if (!current) throw notFound();
          assertMayChangeEmail(actor, current.user.email, input.email);
          await assertUnique(tx, input, current.userId, id);
          await update(tx, id, input);
          await updateAccount(tx, current.userId, { email: input.email, ...config.account(input) });
          await audit(tx, {
            acao: acao('editar'),
            entidadeId: id,
            alteracoes: alteracoesDe(config.toView(current) as object, await seen(tx, actor, id)),
          });
        }),
      );
      return view(app, actor, id);
    },

    async setActive(app, actor, id, isActive) {
      const setRowActive = config.setRowActive;
      if (!setRowActive) throw notFound();
      await app.db.transaction(async (tx) => {
        const current = await config.find(tx, actor, id);
        if (!current) throw notFound();
        await setRowActive(tx, id, isActive);
        await setAccountActive(tx, current.userId, isActive);
        await audit(tx, {
          acao: acao(isActive ? 'ativar' : 'desativar'),
          entidadeId: id,
          alteracoes: alteracoesDe(config.toView(current) as object, await seen(tx, actor, id)),
        });
      });
      return view(app, actor, id);
    },
  };
}
