import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Actor } from '../../../../src/server/access/actor';
import { users } from '../../../../src/server/db/schema';
import type { Role } from '../../../../src/shared/roles';
import { as } from '../../../support/inject-as';
import { resetLinkFrom, sessionCookie, type TestContext } from '../../../setup/test-app';
import { categoryOf, scopeOf, type Graph, type Scope, type Table } from '../fixtures/network';

/**
 * The model of the sequence test (TRUST.md, "Escalation by sequences of allowed calls"): the tree as DESIGN §4.1
 * places every row, what the attacker holds (accounts with their passwords, mailboxes), and the rules that
 * decide who may do what. The app decides whether a payload is valid (an event still open, a pré-matrícula
 * still pending); the model alone decides whether the caller was entitled to it and where the result sits, so
 * a write the app lets through against the rules leaves the model unchanged and shows up in the next reads.
 */

/** An account the attacker signs in as: its password and its session. */
export interface Held {
  userId: string;
  email: string;
  password: string;
  cookie: string | null;
  /** How the attacker came to hold it (for the failure report). */
  how: string;
}

export interface Model {
  /** Unique per sequence (a shrink replay included): the attacker's mailboxes are `atk<run>x<n>@atacante.com.br`. */
  run: number;
  graph: Graph;
  /** The account the attacker started from: what it may read is what the attacker may read. */
  startId: string;
  held: Map<string, Held>;
  /** Rows the attacker made itself: accounts it created, tickets it opened, events it made. */
  createdUsers: Set<string>;
  createdTickets: Set<string>;
  createdEventos: Set<string>;
  mailboxes: number;
  /** Mailboxes the attacker tried to make another account's login e-mail. */
  pointed: string[];
  /** What happened, one line per command, for the failure report. */
  log: string[];
}

export interface Real {
  ctx: TestContext;
  /** Outbox files already read, across sequences. */
  seenMail: Set<string>;
}

const MAILBOX_DOMAIN = '@atacante.com.br';

export const mailbox = (m: Model, n: number) => `atk${m.run}x${n}${MAILBOX_DOMAIN}`;

export function newMailbox(m: Model): string {
  m.mailboxes += 1;
  return mailbox(m, m.mailboxes);
}

export const isMine = (m: Model, email: string) =>
  email.toLowerCase().startsWith(`atk${m.run}x`) && email.toLowerCase().endsWith(MAILBOX_DOMAIN);

export function actorOf(graph: Graph, userId: string): Actor {
  const user = graph.users.find((u) => u.id === userId);
  if (!user) throw new Error(`the model has no user ${userId}`);
  return {
    id: user.id,
    email: user.email,
    nome: null,
    role: user.role,
    franqueadorId: user.franqueadorId,
    franquiaId: user.franquiaId,
    microFranquiaId: user.microFranquiaId,
    clienteId: user.clienteId,
    vendedorId: graph.vendedores.find((v) => v.userId === userId)?.id ?? null,
  };
}

export const roleOf = (m: Model, userId: string): Role => m.graph.users.find((u) => u.id === userId)!.role;
export const scopeOfUser = (m: Model, userId: string): Scope => scopeOf(m.graph, actorOf(m.graph, userId));

/** The micro-franquia a cliente or vendedor account hangs under. */
export function microOf(m: Model, actor: Actor): string | null {
  if (actor.role === 'micro_franquia' || actor.role === 'cliente') return actor.microFranquiaId;
  if (actor.role === 'vendedor')
    return m.graph.vendedores.find((v) => v.id === actor.vendedorId)?.microFranquiaId ?? null;
  return null;
}

/** The user behind a franquia, micro-franquia or cliente row. */
export function userOfRow(m: Model, kind: 'franquia' | 'micro' | 'cliente', id: string) {
  return m.graph.users.find((u) =>
    kind === 'franquia'
      ? u.role === 'franquia' && u.franquiaId === id
      : kind === 'micro'
        ? u.role === 'micro_franquia' && u.microFranquiaId === id
        : u.role === 'cliente' && u.clienteId === id,
  );
}

export async function userIdByEmail(r: Real, email: string): Promise<string | undefined> {
  const [row] = await r.ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id;
}

/** Signs the account in again (after a deactivation, a reset or a lost session); null when it cannot. */
async function signIn(r: Real, held: Held): Promise<string | null> {
  const response = await r.ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: held.email, password: held.password },
  });
  held.cookie = response.statusCode === 200 ? sessionCookie(response) : null;
  return held.cookie;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as a held account, signing in first if its session ended; null when it cannot sign in. */
export async function send(
  r: Real,
  held: Held,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse | null> {
  const go = (cookie: string) => {
    const caller = as(r.ctx.app, { cookie });
    return method === 'GET' ? caller.get(url) : caller[method.toLowerCase() as 'post'](url, payload);
  };
  const cookie = held.cookie ?? (await signIn(r, held));
  if (!cookie) return null;
  const response = await go(cookie);
  if (response.statusCode !== 401) return response;
  const again = await signIn(r, held);
  return again ? go(again) : null;
}

/** Outbox files not read yet, with their recipient (the caller marks those it reads in `seenMail`). */
export function newMail(r: Real): { name: string; to: string; text: string }[] {
  const dir = join(r.ctx.dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names
    .filter((name) => !r.seenMail.has(name))
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      return { name, to: (/^To: (.+)$/m.exec(text)?.[1] ?? '').trim().toLowerCase(), text };
    });
}

/** The figures printed at the end (TRUST.md cites them). */
export const figures = {
  sequences: 0,
  commands: 0,
  byCommand: {} as Record<string, { allowed: number; refused: number; unusable: number }>,
  /** Writes the app let through although the model refuses them (none on a sound app). */
  againstRules: [] as string[],
  takeovers: 0,
  reads: 0,
  rowsChecked: 0,
  maxHeld: 0,
};

export function tally(command: string, outcome: 'allowed' | 'refused' | 'unusable') {
  figures.byCommand[command] ??= { allowed: 0, refused: 0, unusable: 0 };
  figures.byCommand[command][outcome] += 1;
}

/**
 * Reads the attacker's mailboxes: a reset or set-password link there is used, and the account it opens is held
 * from then on. The account must be one the rules give the attacker: one it created, or one whose login e-mail
 * is, in the model, a mailbox of the attacker's.
 */
export async function readMailboxes(m: Model, r: Real): Promise<void> {
  await r.ctx.app.background.drain();
  for (const mail of newMail(r)) {
    r.seenMail.add(mail.name);
    if (!isMine(m, mail.to) || !/reset-password\?token=/.test(mail.text.replace(/=\r?\n/g, ''))) continue;
    const token = new URL(resetLinkFrom(mail.text)).searchParams.get('token')!;
    const password = `Tomada-${m.run}-${m.mailboxes}-senha`;
    const reset = await r.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: password, confirmPassword: password },
    });
    if (reset.statusCode !== 200) continue;
    const held: Held = { userId: '', email: mail.to, password, cookie: null, how: `reset link in ${mail.to}` };
    const me = await send(r, held, 'GET', '/api/user');
    if (!me || me.statusCode !== 200) continue;
    held.userId = me.json<{ id: string }>().id;
    const modelUser = m.graph.users.find((u) => u.id === held.userId);
    const entitled =
      held.userId === m.startId ||
      m.createdUsers.has(held.userId) ||
      (modelUser !== undefined && isMine(m, modelUser.email));
    if (!entitled) {
      throw new Error(
        `the attacker took over ${modelUser?.role ?? 'an unknown'} account ${held.userId} through a reset link in ` +
          `its mailbox ${mail.to}, but by the rules that account's login e-mail is ${modelUser?.email}\n` +
          m.log.join('\n'),
      );
    }
    held.how = m.held.get(held.userId)?.how ?? held.how;
    m.held.set(held.userId, held);
    figures.takeovers += 1;
    m.log.push(`  mailbox: took over ${modelUser!.role} ${held.userId} with the reset link sent to ${mail.to}`);
  }
}

/** The read routes and the table whose rows each lists. */
const LISTS: { url: string; table: Table; paged: boolean }[] = [
  { url: '/api/franquias', table: 'franquias', paged: true },
  { url: '/api/micro-franquias', table: 'microFranquias', paged: true },
  { url: '/api/clientes', table: 'clientes', paged: true },
  { url: '/api/cursos', table: 'cursos', paged: true },
  { url: '/api/eventos', table: 'eventos', paged: true },
  { url: '/api/leads', table: 'leads', paged: true },
  { url: '/api/leads/eventos', table: 'funnelEventos', paged: true },
  { url: '/api/pre-matriculas', table: 'preMatriculas', paged: true },
  { url: '/api/matriculas', table: 'matriculas', paged: true },
  { url: '/api/sac/tickets', table: 'tickets', paged: true },
  { url: '/api/usuarios', table: 'usuarios', paged: true },
];

/** The dashboard's figures and the table each counts. */
const METRICS: Record<string, Table> = {
  totalFranquias: 'franquias',
  totalMicroFranquias: 'microFranquias',
  totalClientes: 'clientes',
  totalCursos: 'cursos',
  totalEventos: 'eventos',
  totalInteresses: 'leads',
  totalLeads: 'leads',
  totalPreMatriculas: 'preMatriculas',
  totalMatriculas: 'matriculas',
};

/** Every page of a list as the account; null when its role may not call it (403). */
async function readList(r: Real, held: Held, url: string, paged: boolean): Promise<string[] | null | 'signed out'> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await send(r, held, 'GET', paged ? `${url}?pageSize=500&page=${page}` : url);
    figures.reads += 1;
    if (!response) return 'signed out';
    if (response.statusCode === 403) return null;
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    ids.push(...response.json<{ id: string }[]>().map((row) => row.id));
    const total = Number(response.headers['x-total-count'] ?? ids.length);
    if (!paged || ids.length >= total || response.json<unknown[]>().length === 0) return ids;
  }
}

/** Where a row sits for the account that sees it: another network, above, beside or below it. */
function whereIs(m: Model, actor: Actor, table: Table, id: string): string {
  try {
    return categoryOf(m.graph, actor, table, id);
  } catch {
    return 'a row the rules never made';
  }
}

/** The rows the attacker made itself, whoever reads them: its sign-ups and what came of them, its accounts. */
function madeByAttacker(m: Model): Partial<Record<Table, Set<string>>> {
  const mine = <T extends { id: string; email: string }>(rows: T[]) =>
    new Set(rows.filter((r) => isMine(m, r.email)).map((r) => r.id));
  return {
    leads: mine(m.graph.leads),
    preMatriculas: mine(m.graph.preMatriculas),
    matriculas: mine(m.graph.matriculas),
    usuarios: m.createdUsers,
    tickets: m.createdTickets,
  };
}

/**
 * The invariant, after every command, for every account the attacker holds, on every read route:
 * (a) the rows are exactly those the model places in that account's scope (DESIGN §4.1), so nothing of another
 *     network or of a branch beside or above it;
 * (b) every row is one the start account could read, or one the attacker made itself: no sequence of allowed
 *     calls widens what the attacker reads (a vendedor never reads a matrícula it did not make).
 */
export async function checkReads(m: Model, r: Real): Promise<void> {
  const problems: string[] = [];
  const start = scopeOfUser(m, m.startId);
  const made = madeByAttacker(m);
  figures.maxHeld = Math.max(figures.maxHeld, m.held.size);
  for (const held of m.held.values()) {
    const actor = actorOf(m.graph, held.userId);
    const scope = scopeOf(m.graph, actor);
    const who = `${actor.role} ${held.userId} (${held.how})`;
    let signedOut = false;
    for (const list of LISTS) {
      // A role the route is not declared for is answered 403 by the authorization hook, before any read.
      const access = r.ctx.app.routeAccess.find((route) => route.method === 'GET' && route.url === list.url)!.access;
      const ids =
        typeof access !== 'string' && !access.includes(actor.role)
          ? null
          : await readList(r, held, list.url, list.paged);
      if (ids === 'signed out') {
        signedOut = true;
        break;
      }
      const expected = scope[list.table];
      const seen = ids ?? [];
      figures.rowsChecked += seen.length;
      for (const id of seen) {
        if (!expected.has(id)) {
          problems.push(
            `${list.url} as ${who} shows ${list.table} ${id} (${whereIs(m, actor, list.table, id)}), outside its scope`,
          );
        }
        if (!start[list.table].has(id) && !made[list.table]?.has(id)) {
          problems.push(
            `${list.url} as ${who} shows ${list.table} ${id}, which the start account (${roleOf(m, m.startId)}) may not read and the attacker did not make`,
          );
        }
      }
      if (seen.length !== expected.size) {
        problems.push(`${list.url} as ${who}: ${seen.length} rows, the model's scope holds ${expected.size}`);
      }
    }
    if (signedOut) continue;
    const metrics = await send(r, held, 'GET', '/api/dashboard/metrics');
    figures.reads += 1;
    if (metrics?.statusCode === 200) {
      const body = metrics.json<Record<string, unknown>>();
      for (const [field, table] of Object.entries(METRICS)) {
        if (field in body && body[field] !== scope[table].size) {
          problems.push(
            `/api/dashboard/metrics as ${who}: ${field} ${String(body[field])}, the model's scope holds ${scope[table].size}`,
          );
        }
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(`${problems.slice(0, 20).join('\n')}\nafter:\n${m.log.join('\n')}`);
  }
}
