import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTOR_NAMES,
  type ActorName,
  type Path,
  WORLD_ENV,
  type World,
  buildWorld,
  call,
  loadGraph,
  paths,
  roleOf,
} from '../../../../tests/api/trust/fixtures/network';
import { confirmLinkFrom, createTestApp, login, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo-network';
import { auditLog, cursoModulos, sessions } from '../../db/schema';
import { executeRows } from '../../db/connect';
import { TABLES } from './auditoria.repository';
import type { AtividadeItem, AuditoriaItem } from '../../../shared/schemas/auditoria';
import type { Sessao } from '../../../shared/schemas/conta';
import { can } from '../../../shared/permissions';

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  ctx = await createTestApp(WORLD_ENV);
  world = await buildWorld(ctx);
  // A few more acts on records of the graph: an edit, a panel read, an export, a failed sign-in.
  const valinhos = `/api/clientes/${world.ids.valinhos}`;
  const cliente = await call<Record<string, unknown>>(ctx.app, world.sessions.micro_franquia, 'GET', valinhos);
  const user = cliente.user as Record<string, unknown>;
  await call(ctx.app, world.sessions.micro_franquia, 'PATCH', valinhos, {
    nomeFantasia: 'Escola Valinhos Renomeada',
    cnpj: cliente.cnpj,
    repLegal: 'Responsável Novo da Silva',
    produto: cliente.produto,
    kit: cliente.kit,
    cep: cliente.cep,
    cidade: cliente.cidade,
    estado: cliente.estado,
    email: user.email,
    cpf: user.cpf,
    telefone: user.telefone,
    endereco: user.endereco,
  });
  const lead = world.graph.leads.find((l) => l.eventoId === world.ids.eventoHorizonte)!;
  await call(ctx.app, world.sessions.vendedor, 'GET', `/api/leads/${lead.id}`);
  await ctx.app.inject({
    url: '/api/leads/export.csv?q=maria@exemplo.com.br',
    headers: { cookie: world.sessions.franquia },
  });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: DEMO_ACCOUNTS.franquia, password: 'senha-errada-123' },
  });
});
afterAll(() => ctx.close());

const get = (name: ActorName, url: string) => ctx.app.inject({ url, headers: { cookie: world.sessions[name] } });

/** Every row an actor reads, page by page. */
async function readAll(name: ActorName, query = ''): Promise<AuditoriaItem[]> {
  const rows: AuditoriaItem[] = [];
  for (let page = 1; ; page++) {
    const response = await get(name, `/api/auditoria?pageSize=500&page=${page}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const batch = response.json<AuditoriaItem[]>();
    rows.push(...batch);
    if (batch.length < 500) return rows;
  }
}

/**
 * Where each audit row sits, from the network graph rather than from the SQL that wrote it: its record's place
 * in the tree, or its actor's where it names none. An aluno's own acts sit nowhere in the staff's trail.
 */
async function expectedPlaces(): Promise<Map<string, Path | null>> {
  const graph = await loadGraph(ctx.handle.db);
  const p = paths(graph);
  const userPath = (id: string | null) => {
    const user = graph.users.find((u) => u.id === id);
    return !user || user.role === 'aluno' ? null : p.user(user.id);
  };
  const rows = await ctx.handle.db.select().from(auditLog);
  const places = new Map<string, Path | null>();
  for (const row of rows) {
    const id = row.entidadeId;
    const of: Record<string, () => Path | null> = {
      franquia: () => p.of.franquias(id!),
      micro_franquia: () => p.of.microFranquias(id!),
      cliente: () => p.of.clientes(id!),
      vendedor: () => userPath(graph.vendedores.find((v) => v.id === id)!.userId),
      curso: () => p.of.cursos(id!),
      evento: () => p.of.eventos(id!),
      lead: () => p.of.leads(id!),
      pre_matricula: () => p.of.preMatriculas(id!),
      matricula: () => p.of.matriculas(id!),
      sac_ticket: () => p.of.tickets(id!),
      usuario: () => userPath(id),
    };
    places.set(row.id, id && of[row.entidade] ? of[row.entidade]!() : userPath(row.usuarioId));
  }
  return places;
}

describe('GET /api/auditoria', () => {
  it('gives each level exactly the rows of its subtree, and no other role any', async () => {
    const places = await expectedPlaces();
    let checked = 0;
    for (const name of ACTOR_NAMES) {
      const actor = world.actors[name];
      if (!can(roleOf(name), 'auditoria.ler')) {
        expect((await get(name, '/api/auditoria')).statusCode, name).toBe(403);
        expect((await get(name, '/api/auditoria/export.csv')).statusCode, name).toBe(403);
        continue;
      }
      const node =
        actor.role === 'franqueador'
          ? `F:${actor.franqueadorId}`
          : actor.role === 'franquia'
            ? `R:${actor.franquiaId}`
            : `M:${actor.microFranquiaId}`;
      const expected = [...places].filter(([, path]) => path?.includes(node)).map(([id]) => id);
      const seen = (await readAll(name)).map((r) => r.id);
      expect(seen.sort(), name).toEqual(expected.sort());
      expect(expected.length, name).toBeGreaterThan(0);
      checked += 1;
    }
    expect(checked).toBe(4);
  });

  it('shows who, what and the change, newest first, with the total in the headers', async () => {
    const response = await get('franqueador', '/api/auditoria?acao=cliente.editar');
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.headers['x-total-count-exact']).toBe('true');
    const [row] = response.json<AuditoriaItem[]>();
    expect(row).toMatchObject({
      acao: 'cliente.editar',
      entidade: 'cliente',
      entidadeId: world.ids.valinhos,
      entidadeExiste: true,
      papel: 'micro_franquia',
      usuario: { email: DEMO_ACCOUNTS.micro_franquia },
    });
    expect(row!.alteracoes).toMatchObject({
      nomeFantasia: [expect.any(String), 'Escola Valinhos Renomeada'],
      repLegal: [expect.stringMatching(/^\S\*\*\*/), 'R*** N*** d*** S***'],
    });
    expect(row!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const all = (await readAll('franqueador')).map((r) => r.em);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('tells a record of the money screens that still exists from one that is gone', async () => {
    // A contract template (its own table, as parcelas, commission rules, royalties' agreements and goals have):
    // the row about it must not say "O registro não existe mais" while it is there.
    const criado = await ctx.app.inject({
      method: 'POST',
      url: '/api/contratos/modelos',
      headers: { cookie: world.sessions.franqueador },
      payload: { titulo: 'Contrato da auditoria', texto: 'Texto do contrato.', multaCancelamentoPct: 10 },
    });
    expect(criado.statusCode).toBe(201);
    const id = criado.json<{ id: string }>().id;
    const [row] = (await get('franqueador', `/api/auditoria?acao=contrato_modelo.criar&entidadeId=${id}`)).json<
      AuditoriaItem[]
    >();
    expect(row).toMatchObject({ entidade: 'contrato_modelo', entidadeId: id, entidadeExiste: true });
    // A record id no table holds: gone.
    const gone = '00000000-0000-4000-8000-000000000042';
    await ctx.app.db.insert(auditLog).values({
      acao: 'parcela.baixa',
      entidade: 'parcela',
      entidadeId: gone,
      franqueadorId: world.actors.franqueador.franqueadorId,
    });
    const orphans = (await get('franqueador', `/api/auditoria?entidadeId=${gone}`)).json<AuditoriaItem[]>();
    expect(orphans).toEqual([expect.objectContaining({ entidade: 'parcela', entidadeExiste: false })]);
  });

  it('does not call gone the ticket of a note or the network of its settings while they are there', async () => {
    // These rows name their record in another table than their entity's name says (ADR 170's addendum): a note
    // names its ticket, the network's settings its franqueador (an export names its own row, an envio its job).
    const franqueador = { cookie: world.sessions.franqueador };
    const [ticket] = (await ctx.app.inject({ method: 'GET', url: '/api/sac/tickets', headers: franqueador })).json<
      { id: string }[]
    >();
    const nota = await ctx.app.inject({
      method: 'POST',
      url: `/api/sac/tickets/${ticket!.id}/mensagens`,
      headers: franqueador,
      payload: { texto: 'Nota para a auditoria', interna: true },
    });
    expect(nota.statusCode).toBe(201);
    const config = await ctx.app.inject({
      method: 'PUT',
      url: '/api/cobranca/configuracao',
      headers: franqueador,
      payload: { descontoMaximoRenegociacaoPct: 7 },
    });
    expect(config.statusCode).toBe(200);
    const [note] = (await get('franqueador', '/api/auditoria?acao=sac_nota_interna.criar')).json<AuditoriaItem[]>();
    expect(note).toMatchObject({ entidadeId: ticket!.id, entidadeExiste: true });
    const [rede] = (await get('franqueador', '/api/auditoria?acao=rede.configurar_cobranca')).json<AuditoriaItem[]>();
    expect(rede).toMatchObject({ entidadeId: world.actors.franqueador.franqueadorId, entidadeExiste: true });
    expect(Object.keys(TABLES)).toEqual(expect.arrayContaining(['exportacao', 'envio', 'sac_nota_interna', 'rede']));
  });

  it('says of every row of a long page whether its record exists, as a lookup of that record does (ADR 170)', async () => {
    // Gone records of several entities, among the trail's rows of records that exist and rows of no record.
    const gone = ['00000000-0000-4000-8000-000000000051', '00000000-0000-4000-8000-000000000052'];
    await ctx.app.db.insert(auditLog).values([
      {
        acao: 'parcela.baixa',
        entidade: 'parcela',
        entidadeId: gone[0],
        franqueadorId: world.actors.franqueador.franqueadorId,
      },
      {
        acao: 'lead.editar',
        entidade: 'lead',
        entidadeId: gone[1],
        franqueadorId: world.actors.franqueador.franqueadorId,
      },
    ]);
    const rows = (await get('franqueador', '/api/auditoria?pageSize=500')).json<AuditoriaItem[]>();
    const existing = async (row: AuditoriaItem) => {
      const table = row.entidadeId ? TABLES[row.entidade] : undefined;
      if (!table || !row.entidadeId) return false;
      const found = await executeRows(ctx.app.db, sql`select 1 from ${table} where id = ${row.entidadeId}`);
      return found.length > 0;
    };
    const expected = await Promise.all(rows.map(existing));
    expect(rows.map((r) => r.entidadeExiste)).toEqual(expected);
    // The page mixes the three kinds, so each answer is its own row's.
    expect(rows.filter((r) => gone.includes(r.entidadeId ?? '')).map((r) => r.entidadeExiste)).toEqual([false, false]);
    expect(expected.filter(Boolean).length).toBeGreaterThan(10);
    expect(rows.some((r) => r.entidadeId === null)).toBe(true);
  });

  it('filters by action, record, person, name or e-mail and period, and says the filter errors in Portuguese', async () => {
    const byEntity = (await readAll('franqueador', `&entidadeId=${world.ids.valinhos}`)).map((r) => r.acao);
    expect(byEntity).toContain('cliente.editar');
    const micro = world.actors.micro_franquia.id;
    const byUser = await readAll('franqueador', `&usuarioId=${micro}`);
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((r) => r.usuario?.id === micro)).toBe(true);
    const byQ = await readAll('franqueador', `&q=${encodeURIComponent(DEMO_ACCOUNTS.micro_franquia)}`);
    expect(byQ.map((r) => r.id).sort()).toEqual(byUser.map((r) => r.id).sort());
    // A name no one has: nothing, counted as nothing (the users are found first, then their rows by key).
    const nobody = await get('franqueador', `/api/auditoria?q=${encodeURIComponent('Ninguém Tem Este Nome')}`);
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toEqual([]);
    expect(nobody.headers['x-total-count']).toBe('0');
    expect(await readAll('franqueador', '&de=2001-01-01&ate=2001-12-31')).toEqual([]);
    const bad = await get('franqueador', '/api/auditoria?acao=franquia.explodir&de=2026-13-01&entidadeId=x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['acao', 'de', 'entidadeId']);
  });

  it('answers a record or a person out of the caller’s subtree as nothing at all', async () => {
    // The franquia's sibling branch and the other network: their records and people exist, and hold rows.
    const foreign = [world.ids.franquiaMg, world.ids.clienteB, world.ids.microB];
    for (const entidadeId of foreign) {
      expect(await readAll('franqueador', `&entidadeId=${world.ids.clienteB}`)).toEqual([]);
      expect(await readAll('franquia', `&entidadeId=${entidadeId}`)).toEqual([]);
    }
    const otherNetwork = world.actors.franqueadorB.id;
    expect(await readAll('franqueador', `&usuarioId=${otherNetwork}`)).toEqual([]);
    expect((await readAll('franqueadorB', `&usuarioId=${otherNetwork}`)).length).toBeGreaterThan(0);
    // Searched by that owner's e-mail: the same nothing, and to its own network exactly its rows (ADR 139: a search
    // keeps the people who acted where the caller sees).
    const ownerB = world.graph.users.find((u) => u.id === otherNetwork)!;
    const byItsEmail = `&q=${encodeURIComponent(ownerB.email)}`;
    expect(await readAll('franqueador', byItsEmail)).toEqual([]);
    expect((await readAll('franqueadorB', byItsEmail)).map((r) => r.id).sort()).toEqual(
      (await readAll('franqueadorB', `&usuarioId=${otherNetwork}`)).map((r) => r.id).sort(),
    );
  });

  it('masks the e-mail of a refused sign-in and of a search typed into an export', async () => {
    const [failed] = await readAll('franqueador', '&acao=auth.login_falhou');
    expect(failed).toMatchObject({ detalhes: { email: 'f***@d***.br', motivo: 'credenciais' } });
    const [exported] = await readAll('franquia', '&acao=leads.exportar');
    expect(exported!.detalhes).toEqual({ filtros: { q: 'm***@e***.br', view: 'leads' }, linhas: 0, completo: true });
    const raw = JSON.stringify(await ctx.handle.db.select().from(auditLog));
    expect(raw).not.toContain('maria@exemplo.com.br');
    expect(raw).not.toContain(DEMO_ACCOUNTS.franquia);
  });
});

describe('GET /api/auditoria/export.csv', () => {
  it('downloads the filtered trail and is itself audited, with its filters and rows', async () => {
    const response = await get('franqueador', '/api/auditoria/export.csv?acao=cliente.editar');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/auditoria-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Quando";"Quem";"E-mail";"Papel";"Ação"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Alterou o cliente');
    const [row] = await readAll('franqueador', '&acao=auditoria.exportar');
    expect(row!.detalhes).toEqual({ filtros: { acao: 'cliente.editar' }, linhas: 1, completo: true });
  });
});

describe('audit_log', () => {
  const db = () => ctx.handle.db;
  it('refuses UPDATE, DELETE and TRUNCATE; the retention purge alone removes rows, the old ones', async () => {
    await expect(db().execute(sql`update audit_log set acao = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow();
    const old = new Date(Date.now() - 2000 * 86_400_000);
    await db().insert(auditLog).values({ em: old, acao: 'auth.login', entidade: 'usuario' });
    const before = (await db().select().from(auditLog)).length;
    const purged = await db().execute(sql`select audit_log_purgar(1825) as n`);
    expect(Number((purged as unknown as { rows: { n: string }[] }).rows[0]!.n)).toBe(1);
    expect((await db().select().from(auditLog)).length).toBe(before - 1);
    // Outside the purge, a delete is still refused.
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('records the routes the write-route suite does not call: a session ended, a module removed, a panel read', async () => {
    const cookie = await login(ctx.app, DEMO_ACCOUNTS.cliente);
    await login(ctx.app, DEMO_ACCOUNTS.cliente);
    const other = (await ctx.app.inject({ url: '/api/user/sessoes', headers: { cookie } }))
      .json<Sessao[]>()
      .find((s) => !s.atual)!;
    const ended = await ctx.app.inject({ method: 'DELETE', url: `/api/user/sessoes/${other.id}`, headers: { cookie } });
    expect(ended.statusCode).toBe(200);
    const [modulo] = await db()
      .select({ id: cursoModulos.id })
      .from(cursoModulos)
      .where(eq(cursoModulos.cursoId, world.ids.cursoHorizonte));
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cursos/${world.ids.cursoHorizonte}/modulos/${modulo!.id}`,
      headers: { cookie: world.sessions.cliente },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = await db().select().from(auditLog);
    const acoes = (acao: string) => rows.filter((r) => r.acao === acao);
    expect(acoes('sessao.encerrada').at(-1)!.detalhes).toMatchObject({ sessao: other.id });
    expect(acoes('curso.modulo_excluir').at(-1)).toMatchObject({
      entidadeId: world.ids.cursoHorizonte,
      detalhes: { moduloId: modulo!.id },
    });
    expect(acoes('lead.visualizar').length).toBeGreaterThan(0);

    // The e-mail change confirmed from the new mailbox (a GET that writes).
    const vendedor = await login(ctx.app, DEMO_ACCOUNTS.vendedor);
    const earlier = new Set(readOutbox(ctx.dataDir));
    const novo = 'vendedor.novo@exemplo.com.br';
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/email',
      headers: { cookie: vendedor },
      payload: { email: novo, password: DEMO_PASSWORD },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await ctx.app.background.drain(); // the e-mail is a job (issue 22)
    const mail = readOutbox(ctx.dataDir).find((m) => !earlier.has(m) && m.includes(novo))!;
    const confirmed = await ctx.app.inject({ url: confirmLinkFrom(mail) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await db().select().from(auditLog);
    const changed = after.filter((r) => r.acao === 'usuario.email_alterado');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.alteracoes).toEqual({ email: ['v***@d***.br', 'v***@e***.br'] });
    expect(JSON.stringify(after)).not.toContain(novo);
    expect(await db().select().from(sessions).where(eq(sessions.id, other.id))).toEqual([]);
  });
});

describe('GET /api/user/atividade', () => {
  it("lists the account's own sign-ins and refused attempts of the last 90 days, and nobody else's", async () => {
    const email = DEMO_ACCOUNTS.micro_franquia;
    await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'errada-1234' } });
    const cookie = await login(ctx.app, email, DEMO_PASSWORD);
    const me = world.actors.micro_franquia.id;
    await ctx.handle.db
      .insert(auditLog)
      .values({ em: new Date(Date.now() - 100 * 86_400_000), acao: 'auth.login', entidade: 'usuario', usuarioId: me });
    const response = await ctx.app.inject({ url: '/api/user/atividade', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const items = response.json<AtividadeItem[]>();
    expect(items[0]).toMatchObject({ acao: 'auth.login' });
    expect(items[1]).toMatchObject({ acao: 'auth.login_falhou' });
    const ninetyDaysAgo = Date.now() - 90 * 86_400_000;
    expect(items.every((i) => Date.parse(i.em) >= ninetyDaysAgo)).toBe(true);
    const theirs = await ctx.app.inject({ url: '/api/user/atividade', headers: { cookie: world.sessions.franquia } });
    expect(theirs.json<AtividadeItem[]>().some((i) => items.some((m) => m.id === i.id))).toBe(false);
    expect((await ctx.app.inject({ url: '/api/user/atividade' })).statusCode).toBe(401);
  });
});
