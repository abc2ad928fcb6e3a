import fc from 'fast-check';
import { eq, inArray, notInArray, sql as dsql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alunos, clientes, franquias, microFranquias, users, vendedores } from '../../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/db/seed/demo-network';
import { ROLES, type Role } from '../../../src/shared/roles';
import { createTestApp, login, resetLinkFrom, type TestContext } from '../../setup/test-app';
import { mascararEmail } from '../../../src/server/modules/auditoria';
import { LGPD_MESSAGES } from '../../../src/shared/schemas/lgpd';
import { uniqueEmail } from '../../support/network-payloads';
import {
  buildWorld,
  efetivarComCurso,
  leadPayload,
  loadGraph,
  preMatriculaPayload,
  WORLD_ENV,
  type World,
} from './fixtures/network';
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

/**
 * The cross-network plant (issue 39, items 1, 2 and 4), as a two-network scenario: network B signs up a lead on
 * its own event with the e-mail of a family of network A (an aluno there), then acts on "its" titular. Nothing B
 * does may reach A's side of the family: A's requests and their free text, A's queued e-mails and webhook bodies,
 * the family's portal links, the aluno's e-mails on 'Envios'.
 */
describe('a lead planted by another network with a family’s e-mail (issue 39)', () => {
  const RESET = 'Redefinição de senha';
  const ANONIMIZADO = 'Titular anonimizado (LGPD).';
  interface Envio {
    resumo: string | null;
    destino: string | null;
    status: string;
    ultimoErro: string | null;
  }
  const get = async <T>(cookie: string, url: string) => {
    const response = await ctx.app.inject({ url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const post = (cookie: string | null, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const mailsTo = (email: string) => newMail(real).filter((m) => m.to === email.toLowerCase());

  /** The portal's link for the e-mail, from the family's mailbox: its token. */
  async function portalToken(email: string): Promise<string> {
    await ctx.app.background.drain();
    newMail(real);
    expect((await post(null, '/api/public/titular/solicitar', { email })).statusCode).toBe(200);
    await ctx.app.background.drain();
    const mail = mailsTo(email)
      .filter((m) => m.text.includes('meus-dados'))
      .at(-1);
    const link = mail?.text
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .match(/\/meus-dados\?token=([A-Za-z0-9_%-]+)/);
    expect(link, 'the portal link reached the family').toBeTruthy();
    return decodeURIComponent(link![1]!);
  }

  it('B reaches nothing of A’s: requests, free text, queued e-mails and webhooks, portal links, Envios', async () => {
    // The sequences above may have reset a start account's password or switched it off (which ends its sessions):
    // put the accounts back and sign in afresh.
    await restore();
    const franqueadorA = await login(ctx.app, starts.get('franqueador (rede A)')!.email);
    const franqueadorB = await login(ctx.app, starts.get('franqueador (rede B)')!.email);
    const email = uniqueEmail('zeferino.plantado');
    const filho = 'Joaquim Plantado Ferreira';
    const irma = 'Benedita Plantada Ferreira';
    const envios = async (cookie: string) =>
      (await get<Envio[]>(cookie, '/api/envios?tipo=email&pageSize=100')).filter(
        (e) => e.destino === mascararEmail(email),
      );

    // Network A: an integration that hears of every lead, and the family, enrolled (an aluno account).
    expect(
      (
        await post(franqueadorA, '/api/integracoes/webhooks', {
          url: 'https://crm.rede-a.invalid/ganchos',
          eventos: ['lead.criado'],
        })
      ).statusCode,
    ).toBe(201);
    const eventoA = world.ids.eventoHorizonte;
    expect(
      (await post(null, '/api/leads', { ...leadPayload(eventoA, 'Plantio A'), email, nomeAluno: filho })).statusCode,
    ).toBe(201);
    const ativacao = { ...preMatriculaPayload(eventoA, 'Plantio A'), email, nomeAluno: filho };
    const pre = await post(null, '/api/pre-matriculas', ativacao);
    expect(pre.statusCode, pre.body).toBe(201);
    // The matrícula takes one of the event's courses (issue 42).
    await efetivarComCurso(ctx.app, franqueadorA, pre.json<{ id: string }>().id);
    await ctx.app.background.drain();

    // Network B plants a lead with the family's e-mail on its own event.
    const plantado = await post(null, '/api/leads', { ...leadPayload(world.ids.eventoB, 'Plantio B'), email });
    expect(plantado.statusCode, plantado.body).toBe(201);
    await ctx.app.background.drain();
    const deB = await envios(franqueadorB);

    // Item 4: the aluno's password reset is A's e-mail, whoever else took a lead with the address.
    expect((await post(null, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
    await ctx.app.background.drain();
    expect(
      (await envios(franqueadorA)).some((e) => e.resumo === RESET),
      'A lists its aluno’s reset',
    ).toBe(true);
    expect(await envios(franqueadorB), 'B lists only what B caused').toEqual(deB);
    expect(deB.map((e) => e.resumo)).toEqual(['Inscrição confirmada']);

    // Item 2: the family's portal shows both networks; a request that says something goes only where it is sent.
    const token = await portalToken(email);
    const view = await get<{ redes: { id: string; nome: string }[] }>(
      '',
      `/api/public/titular?token=${encodeURIComponent(token)}`,
    );
    expect(view.redes.map((r) => r.id).sort()).toEqual(
      [world.actors.franqueador.franqueadorId!, world.ids.franqueadorB].sort(),
    );
    const detalhe = `O nome do meu filho é ${filho}, CPF ${ativacao.cpfAluno}.`;
    const semEscolha = await post(null, '/api/public/titular/pedidos', { token, tipo: 'correcao', detalhe });
    expect(semEscolha.statusCode).toBe(400);
    expect(semEscolha.json().errors).toEqual({ redes: LGPD_MESSAGES.escolhaRede });
    const pedido = await post(null, '/api/public/titular/pedidos', {
      token,
      tipo: 'correcao',
      detalhe,
      redes: [world.actors.franqueador.franqueadorId],
    });
    expect(pedido.statusCode, pedido.body).toBe(201);
    const pedidosB = await ctx.app.inject({ url: '/api/lgpd/pedidos?pageSize=100', headers: { cookie: franqueadorB } });
    for (const secret of [filho, ativacao.cpfAluno, email]) expect(pedidosB.body).not.toContain(secret);
    const deA = async () =>
      (await get<{ email: string; detalhe: string | null }[]>(franqueadorA, '/api/lgpd/pedidos?pageSize=100')).filter(
        (p) => p.detalhe === detalhe,
      );
    expect(await deA()).toHaveLength(1);

    // A live portal link, then a second child of the family signs up with A: its voucher and its webhook queued.
    const vivo = await portalToken(email);
    const irmao = await post(null, '/api/leads', { ...leadPayload(eventoA, 'Plantio A2'), email, nomeAluno: irma });
    expect(irmao.statusCode, irmao.body).toBe(201);
    const irmaoId = irmao.json<{ id: string }>().id;

    // Item 1: B anonymises "its" titular.
    const anon = await post(franqueadorB, '/api/lgpd/titulares/anonimizar', { email });
    expect(anon.statusCode, anon.body).toBe(200);
    expect(anon.json().anonimizados).toMatchObject({ leads: 1, preMatriculas: 0, matriculas: 0 });

    // A's request keeps the family's address and words.
    expect(await deA()).toEqual([expect.objectContaining({ email: email.toLowerCase(), detalhe })]);
    // The family's portal link still opens, on A's records.
    const portal = await ctx.app.inject({ url: `/api/public/titular?token=${encodeURIComponent(vivo)}` });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json<{ registros: unknown[] }>().registros.length).toBeGreaterThanOrEqual(3);
    // A's queued webhook about the second child still carries the family's address.
    const [webhook] = (
      (await ctx.handle.db.execute(
        dsql`select payload->>'corpo' as corpo from jobs where tipo = 'webhook' and payload->>'corpo' like ${`%${irmaoId}%`}`,
      )) as unknown as { rows: { corpo: string }[] }
    ).rows;
    expect(webhook?.corpo).toContain(email);
    // A's queued voucher reaches the family.
    await ctx.app.background.drain();
    expect(mailsTo(email).some((m) => m.text.includes(irma.split(' ')[0]!))).toBe(true);
    const aposA = await envios(franqueadorA);
    expect(aposA.filter((e) => e.status === 'cancelado' || e.ultimoErro === ANONIMIZADO)).toEqual([]);
  }, 300_000);
});
