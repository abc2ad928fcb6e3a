import fc from 'fast-check';
import { eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { alunos, clientes, franquias, microFranquias, users, vendedores } from '../../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/db/seed/demo-network';
import { ROLES, type Role } from '../../../src/shared/roles';
import { createTestApp, login, resetLinkFrom, type TestContext } from '../../setup/test-app';
import { buildWorld, loadGraph, WORLD_ENV, type World } from './fixtures/network';
import { COMMANDS } from './sequences/commands';
import { figures, newMail, type Model, type Real } from './sequences/model';

/**
 * Escalation by sequences of allowed calls (issue 14, TRUST.md): fast-check writes sequences of the writes an
 * attacker can chain -- create a franquia, micro-franquia, vendedor or cliente with a password it chose, point
 * another account's login e-mail at its mailbox, ask for a reset and use the link if it lands there, move an
 * event to another cliente, switch accounts off and on, make a pré-matrícula effective, sign up publicly, open a
 * ticket or a course, change its own e-mail -- each made as one of the accounts the attacker holds, starting from
 * one account of each role in each of two networks. After every command, every account it holds reads every
 * list and the dashboard, and each answer must hold exactly the rows DESIGN §4.1 gives that account's role in
 * its own subtree, and none that the start account could not read unless the attacker made it itself
 * (sequences/model.ts). A failure prints the shortest sequence found, with what each step did; the run prints its
 * seed (`FC_SEED=...`, each start account adds its index) and FC_SEED=<that seed> replays it.
 */

/**
 * Sequences per start role, in each network, and commands per sequence, sized for < 60 s on two cores. The
 * roles with reads withheld on their own subtree (the vendedor's matrículas, the franquia's and micro-franquia's
 * usuários and tickets) get the most; the franqueador reads its whole network and the aluno has three moves.
 */
const SEQUENCES: Record<Role, number> = {
  franqueador: 3,
  franquia: 4,
  micro_franquia: 5,
  vendedor: 6,
  cliente: 4,
  aluno: 2,
};
const MAX_COMMANDS = 12;
const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));

const STARTS = ROLES.flatMap((role) => (['A', 'B'] as const).map((rede) => ({ role, rede })));
type StartName = `${Role} (rede ${'A' | 'B'})`;
const nameOf = (s: (typeof STARTS)[number]): StartName => `${s.role} (rede ${s.rede})`;

let ctx: TestContext;
let world: World;
const starts = new Map<StartName, { email: string; password: string }>();
/** What the runs put back before each sequence: the start accounts' e-mail, password and status. */
let startRows: { id: string; email: string; password: string }[] = [];
/** The tables with a status switch; an aluno's is per network, on its links. */
const TABLES = { users, franquias, microFranquias, clientes, vendedores, alunos };
const inactiveAtStart = Object.fromEntries(Object.keys(TABLES).map((name) => [name, [] as string[]])) as Record<
  keyof typeof TABLES,
  string[]
>;
const real: Real = { ctx: undefined as unknown as TestContext, seenMail: new Set() };
let runs = 0;

beforeAll(async () => {
  ctx = await createTestApp(WORLD_ENV);
  world = await buildWorld(ctx);
  real.ctx = ctx;
  const g = world.graph;
  const emailOf = (id: string) => g.users.find((u) => u.id === id)!.email;
  for (const role of ROLES) starts.set(`${role} (rede A)`, { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
  const b = world.ids;
  const bUser = (pick: (u: World['graph']['users'][number]) => boolean) => g.users.find(pick)!.email;
  starts.set('franqueador (rede B)', { email: world.actors.franqueadorB.email, password: DEMO_PASSWORD });
  starts.set('franquia (rede B)', {
    email: bUser((u) => u.role === 'franquia' && u.franquiaId === b.franquiaB),
    password: DEMO_PASSWORD,
  });
  starts.set('micro_franquia (rede B)', {
    email: bUser((u) => u.role === 'micro_franquia' && u.microFranquiaId === b.microB),
    password: DEMO_PASSWORD,
  });
  starts.set('vendedor (rede B)', {
    email: emailOf(g.vendedores.find((v) => v.id === b.vendedorB)!.userId),
    password: DEMO_PASSWORD,
  });
  starts.set('cliente (rede B)', {
    email: bUser((u) => u.role === 'cliente' && u.clienteId === b.clienteB),
    password: DEMO_PASSWORD,
  });
  // The second network's own aluno (made effective by the fixture; the demo aluno is enrolled there too) sets its
  // password through its link.
  const preB = new Set(g.preMatriculas.filter((p) => p.eventoId === b.eventoB).map((p) => p.id));
  const alunoB = g.users.find(
    (u) =>
      u.role === 'aluno' &&
      g.alunos.some((a) => a.userId === u.id) &&
      g.alunos.filter((a) => a.userId === u.id).every((a) => a.preMatriculaId && preB.has(a.preMatriculaId)),
  )!.email;
  const mail = newMail(real).find((x) => x.to === alunoB.toLowerCase())!;
  const token = new URL(resetLinkFrom(mail.text)).searchParams.get('token')!;
  const alunoPassword = 'Aluno-da-Rede-B-2026';
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: alunoPassword, confirmPassword: alunoPassword },
  });
  starts.set('aluno (rede B)', { email: alunoB, password: alunoPassword });

  const db = ctx.handle.db;
  const emails = [...starts.values()].map((s) => s.email.toLowerCase());
  startRows = await db
    .select({ id: users.id, email: users.email, password: users.password })
    .from(users)
    .where(inArray(users.email, emails));
  for (const [name, table] of Object.entries(TABLES)) {
    inactiveAtStart[name as keyof typeof TABLES] = (
      await db.select({ id: table.id }).from(table).where(eq(table.isActive, false))
    ).map((row) => row.id);
  }
  console.log(`sequences: FC_SEED=${SEED}`);
});

afterAll(async () => {
  const byCommand = Object.entries(figures.byCommand)
    .map(([name, t]) => `${name} ${t.allowed}/${t.refused}${t.unusable ? `/${t.unusable}` : ''}`)
    .join(', ');
  console.log(
    [
      `Sequences: ${figures.sequences} sequences, ${figures.commands} commands (at most ${MAX_COMMANDS} a sequence), ${STARTS.length} start accounts, FC_SEED=${SEED}`,
      `  by command (answered 2xx/refused): ${byCommand}`,
      `  accounts taken over through a reset link in the attacker's mailbox: ${figures.takeovers}; most accounts held at once: ${figures.maxHeld}`,
      `  reads checked: ${figures.reads} requests, ${figures.rowsChecked} rows`,
      `  writes the app let through against the rules: ${figures.againstRules.length}${figures.againstRules.length ? ` (${figures.againstRules.slice(0, 5).join('; ')})` : ''}`,
    ].join('\n'),
  );
  await ctx?.close();
});

/** Puts the start accounts and every account's status back as they were, so each sequence starts alike. */
async function restore(): Promise<void> {
  const db = ctx.handle.db;
  for (const row of startRows) {
    await db
      .update(users)
      .set({ email: row.email, password: row.password, isActive: true })
      .where(eq(users.id, row.id));
  }
  for (const [name, table] of Object.entries(TABLES)) {
    const inactive = inactiveAtStart[name as keyof typeof TABLES];
    await db
      .update(table)
      .set({ isActive: true })
      .where(inactive.length ? notInArray(table.id, inactive) : eq(table.isActive, false));
    if (inactive.length) await db.update(table).set({ isActive: false }).where(inArray(table.id, inactive));
  }
}

function setup(name: StartName) {
  return async () => {
    runs += 1;
    figures.sequences += 1;
    await restore();
    const start = starts.get(name)!;
    const cookie = await login(ctx.app, start.email, start.password);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    const startId = me.json<{ id: string }>().id;
    const model: Model = {
      run: runs,
      graph: await loadGraph(ctx.handle.db),
      startId,
      held: new Map([[startId, { userId: startId, ...start, cookie, how: `the start account, ${name}` }]]),
      createdUsers: new Set(),
      createdTickets: new Set(),
      createdEventos: new Set(),
      mailboxes: 0,
      pointed: [],
      log: [`start: ${name}`],
    };
    return { model, real };
  };
}

describe('no sequence of allowed calls gives an account a read its role may not have (DESIGN §4.1)', () => {
  it.each(STARTS.map(nameOf))(
    'starting as %s',
    async (name) => {
      await fc.assert(
        fc.asyncProperty(fc.commands(COMMANDS, { maxCommands: MAX_COMMANDS, size: 'max' }), (commands) =>
          fc.asyncModelRun(setup(name), commands),
        ),
        { numRuns: SEQUENCES[name.split(' ')[0] as Role], seed: SEED + STARTS.map(nameOf).indexOf(name) },
      );
    },
    120_000,
  );
});
