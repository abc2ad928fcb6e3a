import fc from 'fast-check';
import { and, asc, eq } from 'drizzle-orm';
import { cursos, eventosCursos } from '../../../../src/server/db/schema';
import { MATRICULA_READERS, type Role } from '../../../../src/shared/roles';
import { clientePayload, empresaPayload, vendedorPayload } from '../../../support/network-payloads';
import { cursoPayload, eventoPayload, leadPayload, preMatriculaPayload } from '../fixtures/network';
import {
  actorOf,
  checkReads,
  figures,
  isMine,
  mailbox,
  microOf,
  newMail,
  newMailbox,
  readMailboxes,
  roleOf,
  scopeOfUser,
  send,
  tally,
  userIdByEmail,
  userOfRow,
  type Held,
  type Model,
  type Real,
} from './model';

/**
 * The attacker's moves, each one call (or the two of a public sign-up) made as one of the accounts it holds.
 * Who acts and on what is picked by index among what the model knows, so fast-check can shrink a sequence.
 */

/** Where a target comes from: the attacker's own things, what the acting account sees, or anything. */
type From = 'mine' | 'visible' | 'any';
interface Pick {
  from: From;
  n: number;
}
const fromArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant<From>('mine') },
  { weight: 2, arbitrary: fc.constant<From>('visible') },
  { weight: 2, arbitrary: fc.constant<From>('any') },
);
const pickArb: fc.Arbitrary<Pick> = fc.record({ from: fromArb, n: fc.nat() });
/** Mostly an account whose role may make the call; now and then any account, to be refused. */
const actorArb = fc.record({ n: fc.nat(), anyone: fc.nat({ max: 4 }).map((v) => v === 0) });
type ActorPick = { n: number; anyone: boolean };

const at = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const showPick = (p: Pick) => `${p.from}#${p.n}`;

/** The first list of the three that has something in it, from the one asked for on. */
function choose<T>(pick: Pick, lists: Record<From, () => T[]>): T | undefined {
  const order: From[] =
    pick.from === 'mine' ? ['mine', 'visible', 'any'] : pick.from === 'visible' ? ['visible', 'any'] : ['any'];
  for (const from of order) {
    const list = lists[from]();
    if (list.length) return at(list, pick.n);
  }
  return undefined;
}

function actorFor(m: Model, roles: readonly Role[] | null, pick: ActorPick): Held {
  const all = [...m.held.values()];
  const able = roles ? all.filter((h) => roles.includes(roleOf(m, h.userId))) : all;
  return at(pick.anyone || able.length === 0 ? all : able, pick.n)!;
}

const ok = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly name: string,
    readonly args: string,
    readonly act: (m: Model, r: Real) => Promise<string>,
  ) {}
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    figures.commands += 1;
    m.log.push(`${this.toString()}: ${await this.act(m, r)}`);
    await readMailboxes(m, r);
    await checkReads(m, r);
  }
  toString() {
    return `${this.name}(${this.args})`;
  }
}

/**
 * Records the outcome and answers the log line. `allowed` is the model's verdict; the effect is applied only
 * when the app succeeded and the model allows it. An app that succeeds where the model refuses is noted (the
 * reads that follow decide whether it gave anything away).
 */
function outcome(
  name: string,
  allowed: boolean,
  status: number | undefined,
  apply: () => Promise<void> | void,
  what: string,
): Promise<string> {
  return (async () => {
    if (status === undefined) {
      tally(name, 'unusable');
      return `${what}: the account could not sign in`;
    }
    tally(name, ok(status) ? 'allowed' : 'refused');
    if (ok(status) && !allowed) figures.againstRules.push(`${name}: ${what} answered ${status}`);
    if (ok(status) && allowed) await apply();
    return `${what} -> ${status}${ok(status) !== allowed ? ` (the rules ${allowed ? 'allow' : 'refuse'} it)` : ''}`;
  })();
}

type AccountKind = 'franquia' | 'micro' | 'vendedor' | 'cliente';
const CREATORS: Record<AccountKind, readonly Role[]> = {
  franquia: ['franqueador'],
  micro: ['franquia'],
  vendedor: ['micro_franquia'],
  cliente: ['micro_franquia', 'vendedor'],
};
const CREATE_URL: Record<AccountKind, string> = {
  franquia: '/api/franquias',
  micro: '/api/micro-franquias',
  vendedor: '/api/vendedores',
  cliente: '/api/clientes',
};

/** The kinds some account the attacker holds may make (all of them for a move meant to be refused). */
function ableKinds<K extends string>(m: Model, who: Record<K, readonly Role[]>, anyone: boolean): K[] {
  const all = Object.keys(who) as K[];
  const roles = new Set([...m.held.keys()].map((id) => roleOf(m, id)));
  const able = all.filter((k) => who[k].some((role) => roles.has(role)));
  return anyone || able.length === 0 ? all : able;
}

/** Creates an account with a mailbox and password the attacker chose: the attacker holds it from then on. */
const createAccount = fc.record({ kind: fc.nat(), actor: actorArb }).map(
  ({ kind: k, actor: pick }) =>
    new Step('createAccount', `kind#${k}, actor#${pick.n}${pick.anyone ? '*' : ''}`, async (m, r) => {
      const kind = at(ableKinds(m, CREATORS, pick.anyone), k)!;
      const held = actorFor(m, CREATORS[kind], pick);
      const actor = actorOf(m.graph, held.userId);
      const email = newMailbox(m);
      const password = `Escolhida-${m.run}-${m.mailboxes}`;
      const body: Record<string, unknown> =
        kind === 'cliente'
          ? clientePayload({ email, password })
          : kind === 'vendedor'
            ? vendedorPayload({ email, password })
            : empresaPayload({ email, password });
      const response = await send(r, held, 'POST', CREATE_URL[kind], body);
      const allowed = CREATORS[kind].includes(actor.role);
      return outcome(
        'createAccount',
        allowed,
        response?.statusCode,
        async () => {
          const id = response!.json<{ id: string }>().id;
          const userId = (await userIdByEmail(r, email))!;
          const g = m.graph;
          const user = {
            id: userId,
            email,
            role: 'cliente' as Role,
            franqueadorId: null as string | null,
            franquiaId: null as string | null,
            microFranquiaId: null as string | null,
            clienteId: null as string | null,
          };
          if (kind === 'franquia') {
            g.franquias.push({ id, franqueadorId: actor.franqueadorId!, razaoSocial: body.razaoSocial as string });
            Object.assign(user, { role: 'franquia', franquiaId: id });
          } else if (kind === 'micro') {
            g.microFranquias.push({ id, franquiaId: actor.franquiaId!, razaoSocial: body.razaoSocial as string });
            Object.assign(user, { role: 'micro_franquia', microFranquiaId: id });
          } else if (kind === 'vendedor') {
            g.vendedores.push({ id, microFranquiaId: actor.microFranquiaId!, userId });
            Object.assign(user, { role: 'vendedor', microFranquiaId: actor.microFranquiaId });
          } else {
            const micro = microOf(m, actor)!;
            g.clientes.push({
              id,
              microFranquiaId: micro,
              vendedorId: actor.role === 'vendedor' ? actor.vendedorId : null,
              nomeFantasia: body.nomeFantasia as string,
            });
            Object.assign(user, { role: 'cliente', microFranquiaId: micro, clienteId: id });
          }
          g.users.push(user);
          m.createdUsers.add(userId);
          m.held.set(userId, { userId, email, password, cookie: null, how: `created by ${actor.role}` });
        },
        `${actor.role} creates a ${kind} with mailbox ${email}`,
      );
    }),
);

/** The clientes the attacker holds, those the actor sees, and all. */
function clienteLists(m: Model, userId: string) {
  const heldClientes = [...m.held.values()]
    .map((h) => m.graph.users.find((u) => u.id === h.userId)!)
    .filter((u) => u.role === 'cliente' && u.clienteId)
    .map((u) => u.clienteId!);
  return {
    mine: () => heldClientes,
    visible: () => [...scopeOfUser(m, userId).clientes],
    any: () => m.graph.clientes.map((c) => c.id),
  };
}

const EVENT_CREATORS: readonly Role[] = ['cliente', 'vendedor', 'micro_franquia'];
const EVENT_EDITORS: readonly Role[] = ['franquia', 'micro_franquia', 'vendedor', 'cliente'];
/** The editors that name the cliente (a cliente's own events stay its own). */
const EVENT_MOVERS: readonly Role[] = ['franquia', 'micro_franquia', 'vendedor'];

/** A new event for a cliente (a cliente's own are always its own). */
const createEvento = fc.record({ actor: actorArb, cliente: pickArb }).map(
  ({ actor: pick, cliente }) =>
    new Step('createEvento', `actor#${pick.n}${pick.anyone ? '*' : ''}, cliente ${showPick(cliente)}`, async (m, r) => {
      const held = actorFor(m, EVENT_CREATORS, pick);
      const actor = actorOf(m.graph, held.userId);
      const target = actor.role === 'cliente' ? actor.clienteId! : choose(cliente, clienteLists(m, held.userId));
      if (!target) return 'no cliente to aim at';
      const response = await send(
        r,
        held,
        'POST',
        '/api/eventos',
        eventoPayload(`Evento ${m.run}`, { clienteId: target }),
      );
      const allowed = EVENT_CREATORS.includes(actor.role) && scopeOfUser(m, held.userId).clientes.has(target);
      return outcome(
        'createEvento',
        allowed,
        response?.statusCode,
        () => {
          const id = response!.json<{ id: string }>().id;
          const micro = m.graph.clientes.find((c) => c.id === target)!.microFranquiaId;
          m.graph.eventos.push({
            id,
            clienteId: target,
            microFranquiaId: micro,
            nomeEscola: `Evento ${m.run}`,
            isActive: true,
          });
          m.createdEventos.add(id);
        },
        `${actor.role} creates an event for cliente ${target}`,
      );
    }),
);

/** DESIGN §4.1's matrícula readers: the model's rule for a move, whatever the app's permission table says. */
const readsMatriculas = (role: Role) => (MATRICULA_READERS as readonly Role[]).includes(role);

/** PUT /api/eventos/:id naming another cliente: the move ADR 003 allows only to matrícula readers. */
const moveEvento = fc.record({ actor: actorArb, evento: pickArb, n: fc.nat() }).map(
  ({ actor: pick, evento, n }) =>
    new Step(
      'moveEvento',
      `actor#${pick.n}${pick.anyone ? '*' : ''}, evento ${showPick(evento)}, to cliente ${evento.from}#${n}`,
      async (m, r) => {
        const held = actorFor(m, EVENT_MOVERS, pick);
        const actor = actorOf(m.graph, held.userId);
        const scope = scopeOfUser(m, held.userId);
        const eventoId = choose(evento, {
          // The events with matrículas the acting account sees are the prize.
          mine: () => [...scope.eventos].filter((id) => m.graph.matriculas.some((x) => x.eventoId === id)),
          visible: () => [...scope.eventos],
          any: () => m.graph.eventos.map((e) => e.id),
        });
        // One of the attacker's own clientes for one of the events it sees with matrículas, and so on.
        const target = choose({ from: evento.from, n }, clienteLists(m, held.userId));
        if (!eventoId || !target) return 'nothing to move';
        const current = m.graph.eventos.find((e) => e.id === eventoId)!;
        const response = await send(
          r,
          held,
          'PUT',
          `/api/eventos/${eventoId}`,
          eventoPayload(`Evento movido ${m.run}`, { clienteId: target }),
        );
        // A cliente's event stays its own whatever the body names.
        const moves = actor.role !== 'cliente' && target !== current.clienteId;
        const allowed =
          EVENT_EDITORS.includes(actor.role) &&
          scope.eventos.has(eventoId) &&
          (!moves || (scope.clientes.has(target) && readsMatriculas(actor.role)));
        return outcome(
          'moveEvento',
          allowed,
          response?.statusCode,
          () => {
            if (!moves) return;
            current.clienteId = target;
            current.microFranquiaId = m.graph.clientes.find((c) => c.id === target)!.microFranquiaId;
          },
          `${actor.role} moves event ${eventoId} from cliente ${current.clienteId} to ${target}`,
        );
      },
    ),
);

type EditKind = 'franquia' | 'micro' | 'cliente';
const EDITORS: Record<EditKind, readonly Role[]> = {
  franquia: ['franqueador'],
  micro: ['franquia'],
  cliente: ['micro_franquia', 'vendedor'],
};
const EDIT_URL: Record<EditKind, string> = {
  franquia: '/api/franquias',
  micro: '/api/micro-franquias',
  cliente: '/api/clientes',
};
const rowsOf = (m: Model, kind: EditKind) =>
  kind === 'franquia' ? m.graph.franquias : kind === 'micro' ? m.graph.microFranquias : m.graph.clientes;
const tableOf = (kind: EditKind) =>
  kind === 'franquia' ? ('franquias' as const) : kind === 'micro' ? ('microFranquias' as const) : ('clientes' as const);

function rowLists(m: Model, userId: string, kind: EditKind) {
  const visible = [...scopeOfUser(m, userId)[tableOf(kind)]];
  const heldIds = new Set(m.held.keys());
  return {
    // Someone else's account the actor sees: the victim.
    mine: () => visible.filter((id) => !heldIds.has(userOfRow(m, kind, id)?.id ?? '')),
    visible: () => visible,
    any: () => rowsOf(m, kind).map((row) => row.id),
  };
}

/** An edit that points another account's login e-mail at a mailbox of the attacker's. */
const editEmail = fc.record({ kind: fc.nat(), actor: actorArb, target: pickArb }).map(
  ({ kind: k, actor: pick, target }) =>
    new Step('editEmail', `kind#${k} ${showPick(target)}, actor#${pick.n}${pick.anyone ? '*' : ''}`, async (m, r) => {
      const kind = at(ableKinds(m, EDITORS, pick.anyone), k)!;
      const held = actorFor(m, EDITORS[kind], pick);
      const actor = actorOf(m.graph, held.userId);
      const id = choose(target, rowLists(m, held.userId, kind));
      if (!id) return `no ${kind} to aim at`;
      const email = newMailbox(m);
      const { password: _p, ...body } = kind === 'cliente' ? clientePayload({ email }) : empresaPayload({ email });
      m.pointed.push(email);
      const response = await send(r, held, 'PATCH', `${EDIT_URL[kind]}/${id}`, body);
      // ADR 003: only the franqueador changes another account's login e-mail.
      const allowed =
        EDITORS[kind].includes(actor.role) &&
        scopeOfUser(m, held.userId)[tableOf(kind)].has(id) &&
        actor.role === 'franqueador';
      return outcome(
        'editEmail',
        allowed,
        response?.statusCode,
        () => {
          const user = userOfRow(m, kind, id)!;
          user.email = email;
          const heldUser = m.held.get(user.id);
          if (heldUser) heldUser.email = email;
        },
        `${actor.role} points ${kind} ${id}'s login at ${email}`,
      );
    }),
);

/** The accounts near the attacker: those of the rows its start account sees, and the alunos of its events. */
function nearUsers(m: Model): string[] {
  const scope = scopeOfUser(m, m.startId);
  const pres = m.graph.preMatriculas.filter((p) => scope.eventos.has(p.eventoId)).map((p) => p.email.toLowerCase());
  return m.graph.users
    .filter(
      (u) =>
        scope.usuarios.has(u.id) ||
        (u.franquiaId !== null && u.role === 'franquia' && scope.franquias.has(u.franquiaId)) ||
        (u.microFranquiaId !== null && u.role === 'micro_franquia' && scope.microFranquias.has(u.microFranquiaId)) ||
        (u.clienteId !== null && u.role === 'cliente' && scope.clientes.has(u.clienteId)) ||
        (u.role === 'vendedor' &&
          m.graph.vendedores.some((v) => v.userId === u.id && scope.microFranquias.has(v.microFranquiaId))) ||
        (u.role === 'aluno' && pres.includes(u.email.toLowerCase())),
    )
    .map((u) => u.id);
}

/**
 * 'Esqueci minha senha' for an address: every mailbox the attacker ever handed out (whatever the app answered
 * then), the accounts near it, or any account. The link is of use only when it lands in a mailbox of its own.
 */
const requestReset = pickArb.map(
  (target) =>
    new Step('requestReset', showPick(target), async (m, r) => {
      const emailOf = (id: string) => m.graph.users.find((u) => u.id === id)!.email;
      const email = choose(target, {
        mine: () => (m.pointed.length ? m.pointed : Array.from({ length: m.mailboxes }, (_, i) => mailbox(m, i + 1))),
        visible: () => nearUsers(m).map(emailOf),
        any: () => m.graph.users.map((u) => u.email),
      })!;
      const response = await r.ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
      });
      tally('requestReset', ok(response.statusCode) ? 'allowed' : 'refused');
      return `reset asked for ${email} -> ${response.statusCode}`;
    }),
);

type StatusKind = EditKind | 'usuario';
const STATUS_EDITORS: Record<StatusKind, readonly Role[]> = { ...EDITORS, usuario: ['franqueador', 'micro_franquia'] };

/** Switches an account off or on (the rules change no read by it; the reads that follow check that). */
const setStatus = fc.record({ kind: fc.nat(), actor: actorArb, target: pickArb, isActive: fc.boolean() }).map(
  ({ kind: k, actor: pick, target, isActive }) =>
    new Step(
      'setStatus',
      `kind#${k} ${showPick(target)} ${isActive ? 'on' : 'off'}, actor#${pick.n}${pick.anyone ? '*' : ''}`,
      async (m, r) => {
        const kind = at(ableKinds(m, STATUS_EDITORS, pick.anyone), k)!;
        const held = actorFor(m, STATUS_EDITORS[kind], pick);
        const actor = actorOf(m.graph, held.userId);
        const id =
          kind === 'usuario'
            ? choose(target, {
                mine: () => [...m.held.keys()].filter((u) => u !== held.userId),
                visible: () => [...scopeOfUser(m, held.userId).usuarios],
                any: () => m.graph.users.map((u) => u.id),
              })
            : choose(target, rowLists(m, held.userId, kind));
        if (!id) return `no ${kind} to aim at`;
        const url = kind === 'usuario' ? `/api/usuarios/${id}` : `${EDIT_URL[kind]}/${id}`;
        const response = await send(r, held, 'PATCH', url, { isActive });
        const inScope =
          kind === 'usuario'
            ? scopeOfUser(m, held.userId).usuarios.has(id)
            : scopeOfUser(m, held.userId)[tableOf(kind)].has(id);
        const allowed = STATUS_EDITORS[kind].includes(actor.role) && inScope;
        return outcome(
          'setStatus',
          allowed,
          response?.statusCode,
          () => undefined,
          `${actor.role} turns ${kind} ${id} ${isActive ? 'on' : 'off'}`,
        );
      },
    ),
);

const STAFF: readonly Role[] = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'];

/** Efetivar: a matrícula, and an aluno account for the e-mail (whose set-password link goes to that mailbox). */
const efetivar = fc.record({ actor: actorArb, target: pickArb }).map(
  ({ actor: pick, target }) =>
    new Step('efetivar', `pre ${showPick(target)}, actor#${pick.n}${pick.anyone ? '*' : ''}`, async (m, r) => {
      const held = actorFor(m, STAFF, pick);
      const actor = actorOf(m.graph, held.userId);
      const scope = scopeOfUser(m, held.userId);
      const pending = m.graph.preMatriculas.filter((p) => p.status !== 'efetivada');
      const id = choose(target, {
        mine: () => pending.filter((p) => isMine(m, p.email) && scope.preMatriculas.has(p.id)).map((p) => p.id),
        visible: () => pending.filter((p) => scope.preMatriculas.has(p.id)).map((p) => p.id),
        any: () => pending.map((p) => p.id),
      });
      if (!id) return 'no pre-matrícula pending';
      // Issue 42: the matrícula takes one of its event's active courses, named in the body (none: 400).
      const pre = m.graph.preMatriculas.find((p) => p.id === id)!;
      const [curso] = await r.ctx.handle.db
        .select({ id: cursos.id })
        .from(eventosCursos)
        .innerJoin(cursos, eq(cursos.id, eventosCursos.cursoId))
        .where(and(eq(eventosCursos.eventoId, pre.eventoId), eq(cursos.isActive, true)))
        .orderBy(asc(cursos.id))
        .limit(1);
      const response = await send(
        r,
        held,
        'POST',
        `/api/matriculas/efetivar/${id}`,
        curso ? { cursoId: curso.id } : undefined,
      );
      const allowed = STAFF.includes(actor.role) && scope.preMatriculas.has(id);
      return outcome(
        'efetivar',
        allowed,
        response?.statusCode,
        async () => {
          const pre = m.graph.preMatriculas.find((p) => p.id === id)!;
          pre.status = 'efetivada';
          m.graph.matriculas.push({
            id: response!.json<{ id: string }>().id,
            eventoId: pre.eventoId,
            preMatriculaId: id,
            email: pre.email,
          });
          const email = pre.email.trim().toLowerCase();
          let user = m.graph.users.find((u) => u.email.toLowerCase() === email);
          if (!user) {
            user = {
              id: (await userIdByEmail(r, email))!,
              email,
              role: 'aluno',
              franqueadorId: null,
              franquiaId: null,
              microFranquiaId: null,
              clienteId: null,
            };
            m.graph.users.push(user);
          }
          // A staff account with the same e-mail is left alone.
          if (user.role === 'aluno') m.graph.alunos.push({ userId: user.id, preMatriculaId: id });
        },
        `${actor.role} makes pre-matrícula ${id} effective`,
      );
    }),
);

/** The public sign-up and activation, with a mailbox of the attacker's. */
const signUp = pickArb.map(
  (target) =>
    new Step('signUp', `evento ${showPick(target)}`, async (m, r) => {
      const eventoId = choose(target, {
        mine: () => [...m.createdEventos],
        visible: () => [...scopeOfUser(m, m.startId).eventos],
        any: () => m.graph.eventos.map((e) => e.id),
      });
      if (!eventoId) return 'no event';
      const email = newMailbox(m);
      const lead = await r.ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: { ...leadPayload(eventoId, `Atacante ${m.run}`), email },
      });
      const pre = await r.ctx.app.inject({
        method: 'POST',
        url: '/api/pre-matriculas',
        payload: { ...preMatriculaPayload(eventoId, `Atacante ${m.run}`), email },
      });
      tally('signUp', ok(pre.statusCode) ? 'allowed' : 'refused');
      if (ok(lead.statusCode)) m.graph.leads.push({ id: lead.json<{ id: string }>().id, eventoId, email });
      if (ok(pre.statusCode)) {
        const { id, nomeAluno } = pre.json<{ id: string; nomeAluno: string }>();
        m.graph.preMatriculas.push({ id, eventoId, email, nome: nomeAluno, status: 'pendente' });
      }
      return `signs up at event ${eventoId} as ${email} -> lead ${lead.statusCode}, pré-matrícula ${pre.statusCode}`;
    }),
);

const TICKET_ROLES: readonly Role[] = ['franqueador', 'franquia', 'micro_franquia'];

const createTicket = actorArb.map(
  (pick) =>
    new Step('createTicket', `actor#${pick.n}${pick.anyone ? '*' : ''}`, async (m, r) => {
      const held = actorFor(m, TICKET_ROLES, pick);
      const actor = actorOf(m.graph, held.userId);
      const response = await send(r, held, 'POST', '/api/sac/tickets', {
        titulo: `Chamado ${m.run}`,
        descricao: 'Chamado aberto pela sequência de teste.',
        departamento: 'ti',
        prioridade: 'alta',
      });
      return outcome(
        'createTicket',
        TICKET_ROLES.includes(actor.role),
        response?.statusCode,
        () => {
          const id = response!.json<{ id: string }>().id;
          m.graph.tickets.push({
            id,
            solicitanteId: actor.id,
            franquiaId: actor.franquiaId,
            microFranquiaId: actor.microFranquiaId,
            titulo: `Chamado ${m.run}`,
            resolucao: null,
          });
          m.createdTickets.add(id);
        },
        `${actor.role} opens a ticket`,
      );
    }),
);

const createCurso = actorArb.map(
  (pick) =>
    new Step('createCurso', `actor#${pick.n}${pick.anyone ? '*' : ''}`, async (m, r) => {
      const held = actorFor(m, ['cliente'], pick);
      const actor = actorOf(m.graph, held.userId);
      const response = await send(r, held, 'POST', '/api/cursos', cursoPayload(`Curso ${m.run}`));
      return outcome(
        'createCurso',
        actor.role === 'cliente',
        response?.statusCode,
        () => {
          m.graph.cursos.push({
            id: response!.json<{ id: string }>().id,
            clienteId: actor.clienteId!,
            titulo: `Curso ${m.run}`,
          });
        },
        `${actor.role} creates a course`,
      );
    }),
);

/** The owner's own e-mail change (POST /api/user/email), confirmed through the new mailbox. */
const changeOwnEmail = actorArb.map(
  (pick) =>
    new Step('changeOwnEmail', `actor#${pick.n}`, async (m, r) => {
      const held = actorFor(m, null, pick);
      const actor = actorOf(m.graph, held.userId);
      const email = newMailbox(m);
      const asked = await send(r, held, 'POST', '/api/user/email', { email, password: held.password });
      if (!asked || asked.statusCode !== 202) {
        tally('changeOwnEmail', asked ? 'refused' : 'unusable');
        return `${actor.role} asks to change its e-mail to ${email} -> ${asked?.statusCode ?? 'cannot sign in'}`;
      }
      await r.ctx.app.background.drain();
      const mail = newMail(r).find((x) => x.to === email);
      if (mail) r.seenMail.add(mail.name);
      const link =
        mail &&
        /\/api\/user\/email\/confirm\?token=[A-Za-z0-9_%-]+/.exec(
          mail.text.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
        );
      const confirmed = link ? await r.ctx.app.inject({ method: 'GET', url: link[0] }) : undefined;
      tally('changeOwnEmail', confirmed?.statusCode === 200 ? 'allowed' : 'refused');
      if (confirmed?.statusCode === 200) {
        m.graph.users.find((u) => u.id === held.userId)!.email = email;
        held.email = email;
      }
      return `${actor.role} changes its own e-mail to ${email} -> ${asked.statusCode}, confirmed ${confirmed?.statusCode}`;
    }),
);

/** Every write an attacker could chain; the account-changing ones weigh double. */
export const COMMANDS = [
  createAccount,
  createAccount,
  createEvento,
  moveEvento,
  moveEvento,
  editEmail,
  editEmail,
  requestReset,
  setStatus,
  efetivar,
  signUp,
  createTicket,
  createCurso,
  changeOwnEmail,
];
