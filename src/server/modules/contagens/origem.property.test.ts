import fc from 'fast-check';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import { makeCpf } from '../../../shared/brazil-ids';
import { STAFF_ROLES, type Role } from '../../../shared/roles';
import { type Agrupamento, type FunilResposta, agrupamentosFor } from '../../../shared/schemas/relatorios';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { foldContagens } from './fold.repository';

/**
 * The counters per source (issue 48, migration 0066) against a recount straight from the rows. fast-check writes
 * sequences of what changes them -- public sign-ups and activations with an origin (UTM fields, a vendedor's or an
 * event's share link) or none, sign-ups and pré-matrículas at chosen instants, efetivações, status changes, check-ins
 * and their undoing, an origin rewritten, leads moved to another event, events, clientes and micro-franquias moved,
 * a day changed, leads, pré-matrículas and matrículas deleted -- and after each sequence every counter per source,
 * per day and per month, must equal the rows that came with an origin counted per path prefix, source and period
 * (a matrícula under its pré-matrícula's origin); the rebuild must count the same; and Relatórios narrowed by an
 * origin must equal a recount through the tree for every staff role. The seed is printed on a failure;
 * FC_SEED=<seed> replays it.
 */

const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = 6;

let ctx: TestContext;
const rows = <T>(query: SQL) => queryRows<T>(ctx.handle.db, query);
const ids = (query: SQL) => rows<{ id: string }>(query).then((r) => r.map((x) => x.id));

const INSTANTS = [
  '2026-01-31T23:30:00-03:00',
  '2026-02-01T00:30:00-03:00',
  '2026-02-14T12:00:00-03:00',
  '2026-02-28T23:59:00-03:00',
  '2026-03-01T00:00:00-03:00',
  '2025-12-31T22:00:00-03:00',
];
const PERIODS: [string, string][] = [
  ['2026-01-15', '2026-03-10'],
  ['2025-11-01', '2026-10-31'],
];

/** The origins a family brings (the public form's `origem`; `vendedor`: a vendedor's or the event's share link). */
const ORIGENS: ({ utmSource?: string; utmMedium?: string; utmCampaign?: string; link?: 'v' | 'e' } | null)[] = [
  { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'volta-as-aulas' },
  { utmSource: 'instagram', link: 'v' },
  { link: 'v' },
  { utmCampaign: 'volta-as-aulas', link: 'e' },
  { utmMedium: 'email' },
  null,
];

type Op =
  | { kind: 'inscricao'; evento: number; origem: number }
  | { kind: 'ativacao'; lead: number; origem: number; propria: boolean }
  | { kind: 'lead'; evento: number; at: number; origem: number }
  | { kind: 'pre'; lead: number; at: number }
  | { kind: 'efetivar'; pre: number; at: number }
  | { kind: 'status'; row: number; which: number }
  | { kind: 'presenca'; lead: number; at: number }
  | { kind: 'origem'; pre: boolean; row: number; origem: number }
  | { kind: 'moveLead'; lead: number; evento: number }
  | { kind: 'moveEvento'; evento: number; cliente: number }
  | { kind: 'moveCliente'; cliente: number; vendedor: number }
  | { kind: 'moveMicro'; micro: number }
  | { kind: 'dia'; matricula: boolean; row: number; at: number }
  | { kind: 'apagar'; which: number; row: number };

const index = fc.nat({ max: 1000 });
const at = fc.nat({ max: INSTANTS.length - 1 });
const origem = fc.nat({ max: ORIGENS.length - 1 });
const op = <K extends Op['kind']>(kind: K, fields: Record<string, fc.Arbitrary<unknown>>, weight: number) => ({
  weight,
  arbitrary: fc.record({ kind: fc.constant(kind), ...fields }) as unknown as fc.Arbitrary<Op>,
});
const OP: fc.Arbitrary<Op> = fc.oneof(
  op('inscricao', { evento: index, origem }, 3),
  op('ativacao', { lead: index, origem, propria: fc.boolean() }, 2),
  op('lead', { evento: index, at, origem }, 3),
  op('pre', { lead: index, at }, 2),
  op('efetivar', { pre: index, at }, 2),
  op('status', { row: index, which: fc.nat({ max: 3 }) }, 1),
  op('presenca', { lead: index, at }, 2),
  op('origem', { pre: fc.boolean(), row: index, origem }, 2),
  op('moveLead', { lead: index, evento: index }, 1),
  op('moveEvento', { evento: index, cliente: index }, 1),
  op('moveCliente', { cliente: index, vendedor: index }, 1),
  op('moveMicro', { micro: index }, 1),
  op('dia', { matricula: fc.boolean(), row: index, at }, 1),
  op('apagar', { which: fc.nat({ max: 2 }), row: index }, 1),
);

const pick = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
let serial = 0;
let nextAddress = 1;
const address = () => `10.66.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 1}`;
/** What the public pages answered: sign-ups and activations stored. */
const stored = { inscricoes: 0, ativacoes: 0 };

/** The public form's `origem`, its share link's code the event's own or its vendedor's (when it has one). */
async function origemDoFormulario(n: number, eventoId: string) {
  const o = ORIGENS[n];
  if (!o) return undefined;
  const { link, ...utm } = o;
  if (!link) return utm;
  const [codes] = await rows<{ evento: string; vendedor: string | null }>(sql`select e.codigo_indicacao as evento,
    (select v.codigo_indicacao from vendedores v where v.id = e.vendedor_id and v.is_active) as vendedor
    from eventos e where e.id = ${eventoId}`);
  return { ...utm, vendedor: link === 'v' ? (codes!.vendedor ?? codes!.evento) : codes!.evento };
}

/** The origin columns as the public pages write them (a vendedor's link: any active vendedor of the network). */
async function origemDasColunas(n: number) {
  const o = ORIGENS[n];
  const vendedor = pick(await ids(sql`select id from vendedores where is_active order by id`), n);
  return {
    source: o?.utmSource ?? null,
    medium: o?.utmMedium ?? null,
    campaign: o?.utmCampaign ?? null,
    codigo: o?.link ? 'ABCD2345' : null,
    vendedor: o?.link === 'v' ? (vendedor ?? null) : null,
  };
}

const cpf = () => makeCpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));

async function apply(o: Op): Promise<void> {
  const db = ctx.handle.db;
  switch (o.kind) {
    case 'inscricao': {
      const evento = pick(
        await ids(sql`select id from eventos where is_active and status = 'agendado' and data_evento >= current_date
          order by id`),
        o.evento,
      );
      if (!evento) return;
      serial += 1;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        remoteAddress: address(),
        payload: {
          eventoId: evento,
          nomeAluno: `Aluno Fonte ${serial}`,
          nomeResponsavel: 'Responsável Fonte',
          email: `fonte${serial}@email.com.br`,
          telefone: '11987654321',
          consentimento: true,
          origem: await origemDoFormulario(o.origem, evento),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      stored.inscricoes += 1;
      return;
    }
    case 'ativacao': {
      // The family's activation on the public page: its lead's origin copied, or one of its own.
      const lead = pick(
        await rows<{ evento_id: string; email: string; nome_aluno: string }>(sql`select l.evento_id, l.email,
          l.nome_aluno from leads l join eventos e on e.id = l.evento_id where e.is_active and e.status = 'agendado'
          and e.data_evento >= current_date and l.email like 'fonte%' and not exists
          (select 1 from pre_matriculas p where p.email = l.email) order by l.id`),
        o.lead,
      );
      if (!lead) return;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/pre-matriculas',
        remoteAddress: address(),
        payload: {
          eventoId: lead.evento_id,
          nomeAluno: lead.nome_aluno,
          cpfAluno: cpf(),
          nomeResponsavel: 'Responsável Fonte',
          cpfResponsavel: cpf(),
          email: lead.email,
          telefone: '11987654321',
          consentimento: true,
          ...(o.propria ? { origem: await origemDoFormulario(o.origem, lead.evento_id) } : {}),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      stored.ativacoes += 1;
      return;
    }
    case 'lead': {
      const evento = pick(await ids(sql`select id from eventos order by id`), o.evento);
      const c = await origemDasColunas(o.origem);
      serial += 1;
      await db.execute(sql`insert into leads (evento_id, nome_aluno, nome_responsavel, email, telefone, created_at,
          utm_source, utm_medium, utm_campaign, link_codigo, link_vendedor_id)
        values (${evento}, ${`Aluno Fonte ${serial}`}, 'Responsável', ${`fonte${serial}@email.com.br`}, '11987654321',
          ${INSTANTS[o.at]}::timestamptz, ${c.source}, ${c.medium}, ${c.campaign}, ${c.codigo}, ${c.vendedor})`);
      return;
    }
    case 'pre': {
      // An activation that copies its lead's origin, on a chosen day.
      const lead = pick(await ids(sql`select id from leads order by id`), o.lead);
      if (!lead) return;
      serial += 1;
      await db.execute(sql`insert into pre_matriculas (evento_id, lead_id, nome, email, created_at, utm_source,
          utm_medium, utm_campaign, utm_content, utm_term, link_codigo, link_vendedor_id)
        select evento_id, id, ${`Pré Fonte ${serial}`}, ${`pre.fonte${serial}@email.com.br`}, ${INSTANTS[o.at]}::timestamptz,
          utm_source, utm_medium, utm_campaign, utm_content, utm_term, link_codigo, link_vendedor_id
        from leads where id = ${lead}`);
      return;
    }
    case 'efetivar': {
      const pre = pick(
        await rows<{ id: string; evento_id: string; email: string; nome: string }>(
          sql`select id, evento_id, email, nome from pre_matriculas where status = 'pendente' order by id`,
        ),
        o.pre,
      );
      if (!pre) return;
      await db.transaction(async (tx) => {
        await tx.execute(sql`update pre_matriculas set status = 'efetivada' where id = ${pre.id}`);
        await tx.execute(sql`insert into matriculas (pre_matricula_id, evento_id, nome, email, efetivada_em)
          values (${pre.id}, ${pre.evento_id}, ${pre.nome}, ${pre.email}, ${INSTANTS[o.at]}::timestamptz)`);
      });
      return;
    }
    case 'status': {
      // Statuses change nothing the funnel counts: a lead followed up, a matrícula accepted or cancelled.
      if (o.which < 2) {
        const lead = pick(await ids(sql`select id from leads order by id`), o.row);
        const status = o.which === 0 ? 'em_contato' : 'interessado';
        if (lead) await db.execute(sql`update leads set status = ${status} where id = ${lead}`);
      } else {
        const matricula = pick(await ids(sql`select id from matriculas order by id`), o.row);
        if (!matricula) return;
        await db.execute(
          o.which === 2
            ? sql`update matriculas set status = 'ativa' where id = ${matricula} and status <> 'cancelada'`
            : sql`update matriculas set status = 'cancelada', motivo_cancelamento = 'arrependimento',
                cancelada_em = now() where id = ${matricula}`,
        );
      }
      return;
    }
    case 'presenca': {
      const lead = pick(await ids(sql`select id from leads order by id`), o.lead);
      const when = o.at % 3 === 0 ? null : INSTANTS[o.at]!;
      if (lead) await db.execute(sql`update leads set presente_em = ${when}::timestamptz where id = ${lead}`);
      return;
    }
    case 'origem': {
      const table = o.pre ? sql`pre_matriculas` : sql`leads`;
      const row = pick(await ids(sql`select id from ${table} order by id`), o.row);
      if (!row) return;
      const c = await origemDasColunas(o.origem);
      await db.execute(sql`update ${table} set utm_source = ${c.source}, utm_medium = ${c.medium},
        utm_campaign = ${c.campaign}, link_codigo = ${c.codigo}, link_vendedor_id = ${c.vendedor} where id = ${row}`);
      return;
    }
    case 'moveLead': {
      // A lead handed to another event: its path is the event's (leads_fill_scope).
      const lead = pick(await ids(sql`select id from leads order by id`), o.lead);
      const evento = pick(await ids(sql`select id from eventos order by id`), o.evento);
      if (lead) await db.execute(sql`update leads set evento_id = ${evento} where id = ${lead}`);
      return;
    }
    case 'moveEvento': {
      const evento = pick(await ids(sql`select id from eventos order by id`), o.evento);
      const cliente = pick(
        await rows<{ id: string; micro: string }>(sql`select id, micro_franquia_id as micro from clientes order by id`),
        o.cliente,
      );
      await db.execute(sql`update eventos set cliente_id = ${cliente!.id}, micro_franquia_id = ${cliente!.micro}
        where id = ${evento}`);
      return;
    }
    case 'moveCliente': {
      const cliente = pick(
        await rows<{ id: string; micro: string }>(sql`select id, micro_franquia_id as micro from clientes order by id`),
        o.cliente,
      );
      const vendedores = await ids(
        sql`select id from vendedores where micro_franquia_id = ${cliente!.micro} order by id`,
      );
      const vendedor = o.vendedor % (vendedores.length + 1) === 0 ? null : pick(vendedores, o.vendedor);
      await db.execute(sql`update clientes set vendedor_id = ${vendedor ?? null} where id = ${cliente!.id}`);
      return;
    }
    case 'moveMicro': {
      const micro = pick(
        await rows<{ id: string; franquia: string }>(
          sql`select id, franquia_id as franquia from micro_franquias order by id`,
        ),
        o.micro,
      );
      await db.execute(sql`update micro_franquias set franquia_id = (select id from franquias
        where id <> ${micro!.franquia} order by id limit 1) where id = ${micro!.id}`);
      return;
    }
    case 'dia': {
      // A matrícula's day, or a lead's, changed: it counts on its new day (and month).
      const table = o.matricula ? sql`matriculas` : sql`leads`;
      const column = o.matricula ? sql`efetivada_em` : sql`created_at`;
      const row = pick(await ids(sql`select id from ${table} order by id`), o.row);
      if (row) await db.execute(sql`update ${table} set ${column} = ${INSTANTS[o.at]}::timestamptz where id = ${row}`);
      return;
    }
    case 'apagar': {
      // One of this test's matrículas removed, a pré-matrícula no matrícula names, a lead nothing names.
      const query =
        o.which === 0
          ? sql`select id from matriculas where email like '%fonte%' order by id`
          : o.which === 1
            ? sql`select id from pre_matriculas p where email like '%fonte%' and not exists (select 1 from matriculas m
                where m.pre_matricula_id = p.id) and not exists (select 1 from alunos a where a.pre_matricula_id = p.id)
                and not exists (select 1 from pre_matricula_conflitos c where c.pre_matricula_id = p.id) order by id`
            : sql`select id from leads where id not in (select lead_id from pre_matriculas where lead_id is not null
                union select lead_id from matriculas where lead_id is not null) order by id`;
      const row = pick(await ids(query), o.row);
      const table = [sql`matriculas`, sql`pre_matriculas`, sql`leads`][o.which]!;
      if (row) await db.execute(sql`delete from ${table} where id = ${row}`);
      return;
    }
  }
}

/** The counters per source, per node, source and period, without the stripes and the emptied rows. */
async function kept(table: 'funnel_origem_dia' | 'funnel_origem_mes') {
  const period = sql.raw(table === 'funnel_origem_dia' ? 'dia' : 'mes');
  return rows<Record<string, unknown>>(sql`select nivel, franqueador_id, franquia_id, micro_franquia_id, vendedor_id,
      cliente_id, evento_id, utm_source, utm_campaign, link, link_vendedor_id, ${period}::text as periodo,
      sum(leads)::int as l, sum(presencas)::int as x, sum(pre_matriculas)::int as p, sum(matriculas)::int as m
    from ${sql.identifier(table)}
    group by nivel, franqueador_id, franquia_id, micro_franquia_id, vendedor_id, cliente_id, evento_id, utm_source,
      utm_campaign, link, link_vendedor_id, ${period}
    having sum(leads) <> 0 or sum(presencas) <> 0 or sum(pre_matriculas) <> 0 or sum(matriculas) <> 0
    order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`);
}

/**
 * The same counted straight from the rows: each row that came with any origin (a matrícula by its pré-matrícula's),
 * under every prefix of its own path, its source and its day (or month) in Brasília.
 */
async function recounted(table: 'funnel_origem_dia' | 'funnel_origem_mes') {
  const period = table === 'funnel_origem_dia' ? sql`r.d` : sql`date_trunc('month', r.d)::date`;
  const atribuida = (t: string) =>
    sql.raw(`coalesce(${t}.utm_source, ${t}.utm_medium, ${t}.utm_campaign, ${t}.utm_content, ${t}.utm_term,
      ${t}.link_codigo) is not null`);
  const prefix = (column: string, level: number) => sql.raw(`case when n.n >= ${level} then r.${column} end`);
  return rows<
    Record<string, unknown>
  >(sql`select n.n::smallint as nivel, ${prefix('franqueador_id', 0)} as franqueador_id,
      ${prefix('franquia_id', 1)} as franquia_id, ${prefix('micro_franquia_id', 2)} as micro_franquia_id,
      ${prefix('vendedor_id', 3)} as vendedor_id, ${prefix('cliente_id', 4)} as cliente_id,
      ${prefix('evento_id', 5)} as evento_id, r.utm_source, r.utm_campaign, r.link, r.link_vendedor_id,
      ${period}::text as periodo, sum(r.l)::int as l, sum(r.x)::int as x, sum(r.p)::int as p, sum(r.m)::int as m
    from (
      select t.franqueador_id, t.franquia_id, t.micro_franquia_id, t.vendedor_id, t.cliente_id, t.evento_id,
        t.utm_source, t.utm_campaign, t.link_codigo is not null as link, t.link_vendedor_id,
        (t.created_at at time zone 'America/Sao_Paulo')::date as d, 1 as l, (t.presente_em is not null)::int as x,
        0 as p, 0 as m
      from leads t where ${atribuida('t')}
      union all
      select t.franqueador_id, t.franquia_id, t.micro_franquia_id, t.vendedor_id, t.cliente_id, t.evento_id,
        t.utm_source, t.utm_campaign, t.link_codigo is not null, t.link_vendedor_id,
        (t.created_at at time zone 'America/Sao_Paulo')::date, 0, 0, 1, 0
      from pre_matriculas t where ${atribuida('t')}
      union all
      select y.franqueador_id, y.franquia_id, y.micro_franquia_id, y.vendedor_id, y.cliente_id, y.evento_id,
        t.utm_source, t.utm_campaign, t.link_codigo is not null, t.link_vendedor_id,
        (y.efetivada_em at time zone 'America/Sao_Paulo')::date, 0, 0, 0, 1
      from matriculas y join pre_matriculas t on t.id = y.pre_matricula_id where ${atribuida('t')}
    ) r cross join generate_series(0, 5) as n(n)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    having sum(r.l) <> 0 or sum(r.x) <> 0 or sum(r.p) <> 0 or sum(r.m) <> 0
    order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`);
}

async function expectCountersEqualTheRows(): Promise<number> {
  // What the sign-ups and check-ins left pending, folded as the worker's next round would (ADR 043).
  await foldContagens(ctx.handle.db);
  const dias = await kept('funnel_origem_dia');
  const meses = await kept('funnel_origem_mes');
  expect(dias, 'funnel_origem_dia').toEqual(await recounted('funnel_origem_dia'));
  expect(meses, 'funnel_origem_mes').toEqual(await recounted('funnel_origem_mes'));
  // The rebuild (bench:data, the demo's year) counts the same from the rows.
  await ctx.handle.db.execute(sql`select funnel_periodo_rebuild()`);
  expect(await kept('funnel_origem_dia')).toEqual(dias);
  expect(await kept('funnel_origem_mes')).toEqual(meses);
  return dias.length;
}

/** The caller's subtree through the tree tables, as each role's scope is defined (DESIGN §4.1). */
function scopeOf(role: Role): SQL {
  const user = sql`(select * from users where email = ${DEMO_ACCOUNTS[role]})`;
  switch (role) {
    case 'franqueador':
      return sql`f.franqueador_id = (select franqueador_id from ${user} u)`;
    case 'franquia':
      return sql`mi.franquia_id = (select franquia_id from ${user} u)`;
    case 'micro_franquia':
      return sql`e.micro_franquia_id = (select micro_franquia_id from ${user} u)`;
    case 'vendedor':
      return sql`c.vendedor_id = (select v.id from vendedores v where v.user_id = (select id from ${user} u))`;
    default:
      return sql`e.cliente_id = (select cliente_id from ${user} u)`;
  }
}

const GROUP_KEYS: Record<Agrupamento, string> = {
  franquia: 'mi.franquia_id::text',
  micro_franquia: 'e.micro_franquia_id::text',
  vendedor: 'c.vendedor_id::text',
  cliente: 'e.cliente_id::text',
  evento: 'e.id::text',
  estado: 'e.estado',
  cidade: "e.cidade || '|' || e.estado",
  origem: 'r.o',
  campanha: 'r.cp',
  vendedor_link: 'r.vl::text',
};

const ORIGEM_COLUMNS = `coalesce(t.utm_source, case when t.link_codigo is null then null
  when t.link_vendedor_id is null then '@evento' else '@vendedor' end) as o, t.utm_campaign as cp, t.link_vendedor_id as vl`;

interface Filtro {
  query: string;
  where: SQL;
}

/** Relatórios' groups narrowed by an origin, counted straight from the rows through the tree. */
async function recount(role: Role, de: string, ate: string, key: string, filtro: Filtro) {
  const found = await rows<{ g: string | null; l: number; x: number; p: number; m: number }>(sql`
    select ${sql.raw(key)} as g, sum(r.l)::int as l, sum(r.x)::int as x, sum(r.p)::int as p, sum(r.m)::int as m from (
      select evento_id, (created_at at time zone 'America/Sao_Paulo')::date as d, 1 as l,
        (presente_em is not null)::int as x, 0 as p, 0 as m, ${sql.raw(ORIGEM_COLUMNS)} from leads t
      union all select evento_id, (created_at at time zone 'America/Sao_Paulo')::date, 0, 0, 1, 0,
        ${sql.raw(ORIGEM_COLUMNS)} from pre_matriculas t
      union all select m.evento_id, (m.efetivada_em at time zone 'America/Sao_Paulo')::date, 0, 0, 0, 1,
        ${sql.raw(ORIGEM_COLUMNS)} from matriculas m left join pre_matriculas t on t.id = m.pre_matricula_id
    ) r join eventos e on e.id = r.evento_id left join clientes c on c.id = e.cliente_id
      join micro_franquias mi on mi.id = e.micro_franquia_id join franquias f on f.id = mi.franquia_id
    where ${scopeOf(role)} and r.d between ${de}::date and ${ate}::date and ${filtro.where}
    group by 1`);
  const out = Object.fromEntries(
    found.map((row) => [row.g ?? 'null', [Number(row.l), Number(row.x), Number(row.p), Number(row.m)]]),
  );
  for (const [k, v] of Object.entries(out)) if (v.every((n) => n === 0)) delete out[k];
  return out;
}

async function filtros(): Promise<Filtro[]> {
  const [vendedor] = await ids(sql`select link_vendedor_id as id from leads where link_vendedor_id is not null
    union all select link_vendedor_id from pre_matriculas where link_vendedor_id is not null order by 1 limit 1`);
  return [
    { query: 'origem=google', where: sql`r.o = 'google'` },
    { query: 'origem=%40vendedor', where: sql`r.o = '@vendedor'` },
    { query: 'campanha=volta-as-aulas', where: sql`r.cp = 'volta-as-aulas'` },
    ...(vendedor ? [{ query: `vendedorLinkId=${vendedor}`, where: sql`r.vl = ${vendedor}::uuid` }] : []),
  ];
}

/**
 * Every staff role's every grouping narrowed by an origin, and the series, against the recount: two of the filters
 * after each sequence, in turns (`turno`), so the runs together try them all.
 */
async function expectNarrowedReportsEqualTheRecount(turno: number): Promise<number> {
  let compared = 0;
  const todos = await filtros();
  for (const filtro of [todos[(2 * turno) % todos.length]!, todos[(2 * turno + 1) % todos.length]!]) {
    for (const role of STAFF_ROLES) {
      for (const [de, ate] of PERIODS) {
        for (const agrupar of agrupamentosFor(role)) {
          const response = await as(ctx.app, role).get(
            `/api/relatorios/funil?de=${de}&ate=${ate}&agrupar=${agrupar}&pageSize=500&${filtro.query}`,
          );
          expect(response.statusCode).toBe(200);
          const body = response.json() as FunilResposta;
          const answered = Object.fromEntries(
            body.grupos.map((g) => [
              agrupar === 'cidade' ? `${g.id}|${g.estado}` : (g.id ?? 'null'),
              [g.leads, g.presencas, g.preMatriculas, g.matriculas],
            ]),
          );
          expect(answered, `${role} by ${agrupar}, ${filtro.query}, ${de}..${ate}`).toEqual(
            await recount(role, de, ate, GROUP_KEYS[agrupar], filtro),
          );
          compared++;
        }
        const serie = (
          await as(ctx.app, role).get(`/api/relatorios/serie?de=${de}&ate=${ate}&intervalo=mes&${filtro.query}`)
        ).json() as {
          pontos: { inicio: string; leads: number; presencas: number; preMatriculas: number; matriculas: number }[];
        };
        const byMonth = await recount(role, de, ate, "to_char(r.d, 'YYYY-MM-01')", filtro);
        const answered = Object.fromEntries(
          serie.pontos
            .filter((p) => p.leads || p.presencas || p.preMatriculas || p.matriculas)
            .map((p) => [p.inicio, [p.leads, p.presencas, p.preMatriculas, p.matriculas]]),
        );
        expect(answered, `${role} serie by mes, ${filtro.query}, ${de}..${ate}`).toEqual(byMonth);
        compared++;
      }
    }
  }
  return compared;
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the counters per source (issue 48) equal a recount from the rows (property)', () => {
  it(`after any sequence of sign-ups, activations, status changes, check-ins, moves and deletions (seed ${SEED})`, async () => {
    let counted = 0;
    let compared = 0;
    let turno = 0;
    await fc.assert(
      // Each sequence opens with a public sign-up, so every seed writes through that path too (seed 274424810 drew
      // none in its six sequences and failed the last check below).
      fc.asyncProperty(
        fc
          .tuple(op('inscricao', { evento: index, origem }, 1).arbitrary, fc.array(OP, { maxLength: 13 }))
          .map(([first, rest]) => [first, ...rest]),
        async (ops) => {
          for (const o of ops) await apply(o);
          counted += await expectCountersEqualTheRows();
          compared += await expectNarrowedReportsEqualTheRecount(turno++);
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(counted).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(RUNS * 50);
    expect(stored.inscricoes).toBeGreaterThan(0);
  }, 300_000);

  it('are what Relatórios by origin read: a drifted counter shows, and the rebuild mends it', async () => {
    const db = ctx.handle.db;
    const [evento] = await ids(sql`select e.id from eventos e where e.franqueador_id = (select franqueador_id
      from users where email = ${DEMO_ACCOUNTS.franqueador}) order by e.id limit 1`);
    await db.execute(sql`insert into leads (evento_id, nome_aluno, nome_responsavel, email, telefone, created_at,
        utm_source, utm_campaign)
      values (${evento}, 'Aluno Deriva', 'Responsável', 'deriva@email.com.br', '11987654321',
        '2026-02-10T10:00:00-03:00', 'deriva', 'deriva-2026')`);
    const report = async (query: string) =>
      ((await as(ctx.app, 'franqueador').get(`/api/relatorios/funil?${query}&pageSize=500`)).json() as FunilResposta)
        .grupos;
    const deriva = async () => ({
      year: (await report('de=2025-11-01&ate=2026-10-31&agrupar=origem')).find((g) => g.id === 'deriva')?.leads,
      days: (await report('de=2026-02-09&ate=2026-02-11&agrupar=franquia&origem=deriva'))[0]?.leads,
    });
    expect(await deriva()).toEqual({ year: 1, days: 1 });
    // The month's row at the network's level, and the day's at a franquia's, one lead more than the rows hold.
    await db.execute(sql`update funnel_origem_mes set leads = leads + 1 where ctid = (select ctid from funnel_origem_mes
      where nivel = 0 and utm_source = 'deriva' and mes = '2026-02-01' limit 1)`);
    await db.execute(sql`update funnel_origem_dia set leads = leads + 1 where ctid = (select ctid from funnel_origem_dia
      where nivel = 1 and utm_source = 'deriva' and dia = '2026-02-10' limit 1)`);
    expect(await deriva()).toEqual({ year: 2, days: 2 });
    await db.execute(sql`select funnel_periodo_rebuild()`);
    expect(await deriva()).toEqual({ year: 1, days: 1 });
  });
});
