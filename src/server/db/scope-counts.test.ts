import { foldContagens } from '../modules/contagens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SQL, sql } from 'drizzle-orm';
import { createTestApp, loginAs, type TestContext } from '../../../tests/setup/test-app';
import { queryRows } from '../../../tests/support/database-digest';
import type { Role } from '../../shared/roles';

/**
 * The scope paths and counters of migration 0001 are kept by triggers. Whatever is written, moved or removed,
 * every role's totals must equal a count made the slow way, straight from the tree.
 */

let ctx: TestContext;
const STAFF: Role[] = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'];
const cookies = {} as Record<Role, string>;

const rows = <T>(query: SQL) => queryRows<T>(ctx.handle.db, query);

/** The events a role sees, resolved through the tree as the pre-0001 rules did (the independent oracle). */
function oracleEventos(role: Role, email: string) {
  const user = sql`(select * from users where lower(email) = ${email})`;
  switch (role) {
    case 'franqueador':
      return sql`select e.id from eventos e join micro_franquias m on m.id = e.micro_franquia_id
        join franquias f on f.id = m.franquia_id where f.franqueador_id = (select franqueador_id from ${user} u)`;
    case 'franquia':
      return sql`select e.id from eventos e join micro_franquias m on m.id = e.micro_franquia_id
        where m.franquia_id = (select franquia_id from ${user} u)`;
    case 'micro_franquia':
      return sql`select e.id from eventos e where e.micro_franquia_id = (select micro_franquia_id from ${user} u)`;
    case 'vendedor':
      return sql`select e.id from eventos e join clientes c on c.id = e.cliente_id
        where c.vendedor_id = (select v.id from vendedores v where v.user_id = (select id from ${user} u))`;
    default:
      return sql`select e.id from eventos e where e.cliente_id = (select cliente_id from ${user} u)`;
  }
}

/** The clientes a role sees, through the tree. */
function oracleClientes(role: Role, email: string) {
  const user = sql`(select * from users where lower(email) = ${email})`;
  switch (role) {
    case 'franqueador':
      return sql`select c.id from clientes c join micro_franquias m on m.id = c.micro_franquia_id
        join franquias f on f.id = m.franquia_id where f.franqueador_id = (select franqueador_id from ${user} u)`;
    case 'franquia':
      return sql`select c.id from clientes c join micro_franquias m on m.id = c.micro_franquia_id
        where m.franquia_id = (select franquia_id from ${user} u)`;
    case 'micro_franquia':
      return sql`select c.id from clientes c where c.micro_franquia_id = (select micro_franquia_id from ${user} u)`;
    case 'vendedor':
      return sql`select c.id from clientes c
        where c.vendedor_id = (select v.id from vendedores v where v.user_id = (select id from ${user} u))`;
    default:
      return sql`select c.id from clientes c where c.id = (select cliente_id from ${user} u)`;
  }
}

async function oracle(role: Role, email: string) {
  const ids = oracleEventos(role, email);
  const [row] = await rows<Record<string, number>>(sql`select
    (select count(*) from leads where evento_id in (${ids}))::int as leads,
    (select count(*) from pre_matriculas where evento_id in (${ids}))::int as pre,
    (select count(*) from matriculas where evento_id in (${ids}))::int as mat,
    (select count(*) from eventos where id in (${ids}))::int as eventos,
    (select count(*) from eventos where id in (${ids}) and is_active)::int as ativos,
    (select count(*) from (${oracleClientes(role, email)}) c)::int as clientes`);
  return row!;
}

const EMAILS: Record<string, string> = {
  franqueador: 'franqueador@demo.com.br',
  franquia: 'franquia@demo.com.br',
  micro_franquia: 'micro@demo.com.br',
  vendedor: 'vendedor@demo.com.br',
  cliente: 'cliente@demo.com.br',
};

async function expectEveryRoleMatchesTheOracle() {
  for (const role of STAFF) {
    const expected = await oracle(role, EMAILS[role]!);
    const get = (url: string) => ctx.app.inject({ url, headers: { cookie: cookies[role] } });
    const leads = await get('/api/leads');
    expect(Number(leads.headers['x-total-count']), `${role} leads`).toBe(expected.leads);
    const pre = await get('/api/pre-matriculas');
    expect(Number(pre.headers['x-total-count']), `${role} pré-matrículas`).toBe(expected.pre);
    const resumo = (await get('/api/leads/resumo')).json() as { total: number; eventosAtivos: number };
    expect(resumo, `${role} resumo`).toMatchObject({ total: expected.leads, eventosAtivos: expected.ativos });
    const metrics = (await get('/api/dashboard/metrics')).json() as Record<string, number>;
    expect(metrics.totalEventos, `${role} eventos`).toBe(expected.eventos);
    if (role !== 'cliente') expect(metrics.totalClientes, `${role} clientes`).toBe(expected.clientes);
    if (role !== 'vendedor') {
      const mat = await get('/api/matriculas');
      expect(Number(mat.headers['x-total-count']), `${role} matrículas`).toBe(expected.mat);
    }
  }
}

/** The counters summed per scope, as the triggers left them and as a rebuild from the rows makes them. */
async function countersByScope() {
  return rows<
    Record<string, unknown>
  >(sql`select scope_id, sum(clientes)::int as c, sum(eventos)::int as e, sum(eventos_ativos)::int as a,
    sum(leads)::int as l, sum(pre_matriculas)::int as p, sum(matriculas)::int as m from scope_counts
    group by scope_id having sum(clientes) <> 0 or sum(eventos) <> 0 or sum(eventos_ativos) <> 0 or sum(leads) <> 0
      or sum(pre_matriculas) <> 0 or sum(matriculas) <> 0 order by scope_id`);
}

/** The funnel's days and months (migration 0007) per node and path, without the stripes and the emptied rows. */
async function periodsByNode() {
  const byNode = (table: string, period: string) =>
    rows<Record<string, unknown>>(sql`select nivel, chave, franqueador_id, franquia_id, micro_franquia_id,
      vendedor_id, cliente_id, evento_id, ${sql.raw(period)}::text as periodo, sum(leads)::int as l,
      sum(pre_matriculas)::int as p, sum(matriculas)::int as m from ${sql.identifier(table)}
      group by nivel, chave, franqueador_id, franquia_id, micro_franquia_id, vendedor_id, cliente_id, evento_id,
        ${sql.raw(period)}
      having sum(leads) <> 0 or sum(pre_matriculas) <> 0 or sum(matriculas) <> 0
      order by chave, periodo`);
  return { dias: await byNode('funnel_dia', 'dia'), meses: await byNode('funnel_mes', 'mes') };
}

/** The leads past 'novo' per node and status (migration 0009), without the stripes and the emptied rows. */
async function statusesByScope() {
  return rows<Record<string, unknown>>(sql`select scope_id, status::text, sum(n)::int as n from lead_status_counts
    group by scope_id, status having sum(n) <> 0 order by scope_id, status`);
}

async function expectCountersEqualARebuild() {
  // What the sign-ups left pending, folded as the worker's next round would (ADR 043).
  await foldContagens(ctx.handle.db);
  const kept = await countersByScope();
  const periods = await periodsByNode();
  const statuses = await statusesByScope();
  await ctx.handle.db.execute(sql`select scope_counts_rebuild()`);
  await ctx.handle.db.execute(sql`select funnel_periodo_rebuild()`);
  await ctx.handle.db.execute(sql`select lead_status_counts_rebuild()`);
  expect(kept).toEqual(await countersByScope());
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses).toEqual(await statusesByScope());
  expect(periods.dias.length).toBeGreaterThan(0);
  expect(periods).toEqual(await periodsByNode());
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of STAFF) cookies[role] = await loginAs(ctx.app, role);
});
afterAll(() => ctx.close());

describe('scope paths and counters (migrations 0001, 0003, 0007 and 0009)', () => {
  it('start equal to a count through the tree for every staff role', async () => {
    await expectEveryRoleMatchesTheOracle();
    await expectCountersEqualARebuild();
  });

  it('stay exact through sign-ups, deletions, an event changing client, a deactivation and companies moving', async () => {
    const db = ctx.handle.db;
    // New rows through the app's own public sign-up.
    const [open] = await rows<{ id: string }>(sql`select id from eventos where is_active and status = 'agendado'
      and data_evento >= current_date order by data_evento limit 1`);
    for (let i = 0; i < 3; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: {
          eventoId: open!.id,
          nomeAluno: `Aluno Contagem ${i}`,
          nomeResponsavel: 'Responsável Contagem',
          email: `contagem${i}@email.com.br`,
          telefone: '11987654321',
          consentimento: true,
        },
      });
      expect(response.statusCode).toBe(201);
    }
    await expectEveryRoleMatchesTheOracle();

    // Follow-up statuses change, back to 'novo' too, and a followed lead is deleted (migration 0009).
    await db.execute(sql`update leads set status = 'interessado' where nome_aluno like 'Aluno Contagem%'`);
    await db.execute(sql`update leads set status = 'novo' where nome_aluno = 'Aluno Contagem 0'`);
    await db.execute(sql`update leads set status = 'sem_interesse', motivo_perda = 'preco'
      where nome_aluno = 'Aluno Contagem 1'`);
    await expectCountersEqualARebuild();

    // An event handed to a client of another franquia takes its rows along.
    const [far] = await rows<{ id: string; micro: string }>(sql`select c.id, c.micro_franquia_id as micro
      from clientes c join micro_franquias m on m.id = c.micro_franquia_id
      where m.franquia_id <> (select micro_franquias.franquia_id from eventos join micro_franquias
        on micro_franquias.id = eventos.micro_franquia_id where eventos.id = ${open!.id}) limit 1`);
    await db.execute(sql`update eventos set cliente_id = ${far!.id}, micro_franquia_id = ${far!.micro}
      where id = ${open!.id}`);
    await expectEveryRoleMatchesTheOracle();
    await expectCountersEqualARebuild();
    // An event moved back to a client of the first franquia, and to another city in the same statement.
    await db.execute(sql`update eventos set cidade = 'Outra Cidade', cliente_id = (select cliente_id from users
      where email = 'cliente@demo.com.br'), micro_franquia_id = (select c.micro_franquia_id from clientes c
      join users u on u.cliente_id = c.id where u.email = 'cliente@demo.com.br') where id = ${open!.id}`);
    await expectCountersEqualARebuild();

    // Deactivated events leave the active count; deleted rows leave every count.
    await db.execute(sql`update eventos set is_active = false where id in (select id from eventos limit 2)`);
    await db.execute(sql`delete from leads where id in (select id from leads where id not in
      (select lead_id from pre_matriculas where lead_id is not null union
       select lead_id from matriculas where lead_id is not null) limit 2)`);
    await db.execute(sql`delete from leads where nome_aluno = 'Aluno Contagem 2'`);
    await expectEveryRoleMatchesTheOracle();

    // A cliente given another vendedor, a micro-franquia moved to the other franquia.
    await db.execute(sql`update clientes set vendedor_id = null
      where id = (select cliente_id from users where email = 'cliente@demo.com.br')`);
    await db.execute(sql`update micro_franquias set franquia_id = (select id from franquias
      where id <> micro_franquias.franquia_id limit 1)
      where id = (select micro_franquia_id from users where email = 'micro.santos@demo.com.br')`);
    await expectEveryRoleMatchesTheOracle();
    // A cliente moved to another micro-franquia (its events stay where they were: they carry their own).
    await db.execute(sql`update clientes set micro_franquia_id = (select micro_franquia_id from users
      where email = 'micro.contagem@demo.com.br') where id = (select cliente_id from users
      where email = 'cliente.valinhos@demo.com.br')`);
    await expectEveryRoleMatchesTheOracle();
    await expectCountersEqualARebuild();
  });

  it('fills the scope path itself, whatever an insert says', async () => {
    const [evento] = await rows<{ id: string; franqueador_id: string }>(
      sql`select id, franqueador_id from eventos where franqueador_id is not null limit 1`,
    );
    const stranger = '11111111-1111-4111-8111-111111111111';
    const [lead] = await rows<{ franqueador_id: string; cliente_id: string | null }>(sql`insert into leads
      (evento_id, nome_aluno, nome_responsavel, email, telefone, franqueador_id, cliente_id)
      values (${evento!.id}, 'Aluno Forjado', 'Responsável', 'forjado@email.com.br', '11987654321',
        ${stranger}, ${stranger}) returning franqueador_id, cliente_id`);
    expect(lead!.franqueador_id).toBe(evento!.franqueador_id);
    expect(lead!.cliente_id).not.toBe(stranger);
  });
});
