import fc from 'fast-check';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import type { Role } from '../../../shared/roles';
import type { FunilResposta } from '../../../shared/schemas/relatorios';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';

/**
 * The events' costs per node, day and month (issue 48, migration 0068) against a recount straight from the rows.
 * fast-check writes sequences of what changes them -- costs entered through the API and straight into the table,
 * a cost's value or event changed, costs removed (through the API and in SQL), an event moved to another day or
 * cliente, a cliente given another vendedor, a micro-franquia moved to another franquia -- and after each sequence
 * every kept row per day and per month must equal the costs summed per path prefix of their event and its day; the
 * rebuild must count the same; and Relatórios' costs (the whole's and each group's, every tree grouping, page by
 * page) must equal the costs of the events dated in the period summed per group, for the franqueador and the franquia.
 * The seed is printed on a failure; FC_SEED=<seed> replays it.
 */

const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = 6;

let ctx: TestContext;
const rows = <T>(query: SQL) => queryRows<T>(ctx.handle.db, query);
const ids = (query: SQL) => rows<{ id: string }>(query).then((r) => r.map((x) => x.id));

/** The days an event is moved to: the ends of months, a month's middle, a year's end. */
const DAYS = ['2026-01-31', '2026-02-01', '2026-02-14', '2026-02-28', '2026-03-01', '2026-03-11', '2025-12-31'];
const PERIODS: [string, string][] = [
  ['2026-01-15', '2026-03-10'],
  ['2026-02-01', '2026-02-28'],
  ['2025-11-01', '2026-10-31'],
];
const TREE_GROUPINGS = ['franquia', 'micro_franquia', 'vendedor', 'cliente', 'evento'] as const;
const ROLES: Role[] = ['franqueador', 'franquia'];

type Op =
  | { kind: 'custoApi'; evento: number; valor: number }
  | { kind: 'custoSql'; evento: number; valor: number }
  | { kind: 'valor'; custo: number; valor: number }
  | { kind: 'outroEvento'; custo: number; evento: number }
  | { kind: 'removerApi'; custo: number }
  | { kind: 'removerSql'; custo: number }
  | { kind: 'dia'; evento: number; day: number }
  | { kind: 'moveEvento'; evento: number; cliente: number }
  | { kind: 'moveCliente'; cliente: number; vendedor: number }
  | { kind: 'moveMicro'; micro: number }
  | { kind: 'lead'; evento: number; at: number };

const index = fc.nat({ max: 1000 });
const valor = fc.integer({ min: 1, max: 500_000 });
const op = <K extends Op['kind']>(kind: K, fields: Record<string, fc.Arbitrary<unknown>>, weight: number) => ({
  weight,
  arbitrary: fc.record({ kind: fc.constant(kind), ...fields }) as unknown as fc.Arbitrary<Op>,
});
const OP: fc.Arbitrary<Op> = fc.oneof(
  op('custoApi', { evento: index, valor }, 2),
  op('custoSql', { evento: index, valor }, 3),
  op('valor', { custo: index, valor }, 2),
  op('outroEvento', { custo: index, evento: index }, 1),
  op('removerApi', { custo: index }, 1),
  op('removerSql', { custo: index }, 1),
  op('dia', { evento: index, day: fc.nat({ max: DAYS.length - 1 }) }, 2),
  op('moveEvento', { evento: index, cliente: index }, 1),
  op('moveCliente', { cliente: index, vendedor: index }, 1),
  op('moveMicro', { micro: index }, 1),
  op('lead', { evento: index, at: fc.nat({ max: 2 }) }, 1),
);

const pick = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** The events of the demo's franqueador, in a stable order: the franquia's account sees the first franquia's. */
const eventosDaRede = () =>
  rows<{ id: string; franquia: string }>(sql`select id, franquia_id as franquia from eventos
    where franqueador_id = (select franqueador_id from users where email = ${DEMO_ACCOUNTS.franqueador}) order by id`);

async function apply(o: Op): Promise<void> {
  const db = ctx.handle.db;
  switch (o.kind) {
    case 'custoApi': {
      // The franquia's account enters a cost on one of its own events (the route's scope).
      const mine = await ids(sql`select id from eventos where franquia_id = (select franquia_id from users
        where email = ${DEMO_ACCOUNTS.franquia}) order by id`);
      const evento = pick(mine, o.evento);
      if (!evento) return;
      const res = await as(ctx.app, 'franquia').post(`/api/eventos/${evento}/custos`, {
        categoria: 'brindes',
        descricao: 'Brindes da propriedade',
        valorCentavos: o.valor,
      });
      expect(res.statusCode, res.body).toBe(201);
      return;
    }
    case 'custoSql': {
      const evento = pick(await eventosDaRede(), o.evento);
      if (!evento) return;
      await db.execute(sql`insert into evento_custos (evento_id, categoria, descricao, valor_centavos)
        values (${evento.id}, 'outros', 'Custo da propriedade', ${o.valor})`);
      return;
    }
    case 'valor': {
      const custo = pick(await ids(sql`select id from evento_custos order by id`), o.custo);
      if (custo) await db.execute(sql`update evento_custos set valor_centavos = ${o.valor} where id = ${custo}`);
      return;
    }
    case 'outroEvento': {
      const custo = pick(await ids(sql`select id from evento_custos order by id`), o.custo);
      const evento = pick(await eventosDaRede(), o.evento);
      if (custo && evento) {
        await db.execute(sql`update evento_custos set evento_id = ${evento.id} where id = ${custo}`);
      }
      return;
    }
    case 'removerApi': {
      const custo = pick(
        await rows<{ id: string; evento: string }>(sql`select c.id, c.evento_id as evento from evento_custos c
          join eventos e on e.id = c.evento_id where e.franquia_id = (select franquia_id from users
          where email = ${DEMO_ACCOUNTS.franquia}) order by c.id`),
        o.custo,
      );
      if (!custo) return;
      const res = await as(ctx.app, 'franquia').delete(`/api/eventos/${custo.evento}/custos/${custo.id}`);
      expect(res.statusCode, res.body).toBeLessThan(300);
      return;
    }
    case 'removerSql': {
      const custo = pick(await ids(sql`select id from evento_custos order by id`), o.custo);
      if (custo) await db.execute(sql`delete from evento_custos where id = ${custo}`);
      return;
    }
    case 'dia': {
      const evento = pick(await eventosDaRede(), o.evento);
      if (evento) await db.execute(sql`update eventos set data_evento = ${DAYS[o.day]} where id = ${evento.id}`);
      return;
    }
    case 'moveEvento': {
      const evento = pick(await eventosDaRede(), o.evento);
      const cliente = pick(
        await rows<{ id: string; micro: string }>(sql`select id, micro_franquia_id as micro from clientes order by id`),
        o.cliente,
      );
      if (!evento || !cliente) return;
      await db.execute(sql`update eventos set cliente_id = ${cliente.id}, micro_franquia_id = ${cliente.micro}
        where id = ${evento.id}`);
      return;
    }
    case 'moveCliente': {
      const cliente = pick(
        await rows<{ id: string; micro: string }>(sql`select id, micro_franquia_id as micro from clientes order by id`),
        o.cliente,
      );
      if (!cliente) return;
      const vendedores = await ids(
        sql`select id from vendedores where micro_franquia_id = ${cliente.micro} order by id`,
      );
      const vendedor = o.vendedor % (vendedores.length + 1) === 0 ? null : pick(vendedores, o.vendedor);
      await db.execute(sql`update clientes set vendedor_id = ${vendedor ?? null} where id = ${cliente.id}`);
      return;
    }
    case 'lead': {
      const evento = pick(await eventosDaRede(), o.evento);
      if (evento) await inscrever(evento.id, INSTANTS[o.at]!);
      return;
    }
    case 'moveMicro': {
      const micro = pick(
        await rows<{ id: string; franquia: string }>(
          sql`select id, franquia_id as franquia from micro_franquias order by id`,
        ),
        o.micro,
      );
      if (!micro) return;
      await db.execute(sql`update micro_franquias set franquia_id = (select id from franquias
        where id <> ${micro.franquia} order by id limit 1) where id = ${micro.id}`);
      return;
    }
  }
}

/** The kept rows of a table, their stripes summed, without the rows that sum to nothing. */
const kept = (table: 'evento_custos_dia' | 'evento_custos_mes', period: 'dia' | 'mes') =>
  rows<{ k: string }>(sql`select concat_ws('|', nivel, franqueador_id, franquia_id, micro_franquia_id, vendedor_id,
      cliente_id, evento_id, ${sql.raw(period)}, sum(valor_centavos)) as k
    from ${sql.raw(table)} group by nivel, franqueador_id, franquia_id, micro_franquia_id, vendedor_id, cliente_id,
      evento_id, ${sql.raw(period)}
    having sum(valor_centavos) <> 0 order by 1`).then((r) => r.map((x) => x.k));

/** The same counted from the costs and their events: every prefix of the event's path, on its day or month. */
const recounted = (period: 'dia' | 'mes') =>
  rows<{ k: string }>(sql`select concat_ws('|', n, p[1], case when n >= 1 then p[2] end, case when n >= 2 then p[3] end,
      case when n >= 3 then p[4] end, case when n >= 4 then p[5] end, case when n >= 5 then p[6] end, d, sum(v)) as k
    from (select array[e.franqueador_id, e.franquia_id, e.micro_franquia_id, e.vendedor_id, e.cliente_id, e.id] as p,
        ${period === 'dia' ? sql`e.data_evento` : sql`date_trunc('month', e.data_evento)::date`} as d, c.valor_centavos as v
      from evento_custos c join eventos e on e.id = c.evento_id) x cross join generate_series(0, 5) n
    group by n, p[1], case when n >= 1 then p[2] end, case when n >= 2 then p[3] end, case when n >= 3 then p[4] end,
      case when n >= 4 then p[5] end, case when n >= 5 then p[6] end, d
    order by 1`).then((r) => r.map((x) => x.k));

async function expectCountersEqualTheRows(): Promise<number> {
  const dia = await recounted('dia');
  const mes = await recounted('mes');
  expect(await kept('evento_custos_dia', 'dia')).toEqual(dia);
  expect(await kept('evento_custos_mes', 'mes')).toEqual(mes);
  return dia.length + mes.length;
}

/** The caller's node: its column on eventos and its id. */
function noDo(role: Role): { column: SQL; id: SQL } {
  const user = sql`(select * from users where email = ${DEMO_ACCOUNTS[role]})`;
  return role === 'franqueador'
    ? { column: sql`e.franqueador_id`, id: sql`(select franqueador_id from ${user} u)` }
    : { column: sql`e.franquia_id`, id: sql`(select franquia_id from ${user} u)` };
}

const GROUP_COLUMN: Record<(typeof TREE_GROUPINGS)[number], string> = {
  franquia: 'e.franquia_id',
  micro_franquia: 'e.micro_franquia_id',
  vendedor: 'e.vendedor_id',
  cliente: 'e.cliente_id',
  evento: 'e.id',
};

/** What the caller's events dated in the period cost, per group and in all, summed from the costs themselves. */
async function recount(role: Role, de: string, ate: string, agrupar: (typeof TREE_GROUPINGS)[number]) {
  const node = noDo(role);
  const found = await rows<{ id: string | null; v: string; total: number }>(sql`select ${sql.raw(
    GROUP_COLUMN[agrupar],
  )}::text as id, sum(c.valor_centavos)::bigint::text as v, grouping(${sql.raw(GROUP_COLUMN[agrupar])}) as total
    from evento_custos c join eventos e on e.id = c.evento_id
    where ${node.column} = ${node.id} and e.data_evento between ${de}::date and ${ate}::date
    group by grouping sets ((${sql.raw(GROUP_COLUMN[agrupar])}), ())`);
  const total = found.find((r) => Number(r.total) !== 0)?.v;
  return {
    total: total === undefined || total === null ? null : Number(total),
    grupos: Object.fromEntries(found.filter((r) => Number(r.total) === 0).map((r) => [r.id ?? '', Number(r.v)])),
  };
}

/** How many groups' costs were compared (not null). */
let costed = 0;

/** Relatórios' costs, every page of 7 groups, against the recount: the whole's, and each group's that has one. */
async function expectReportsEqualTheRecount(): Promise<number> {
  let compared = 0;
  for (const role of ROLES) {
    for (const [de, ate] of PERIODS) {
      for (const agrupar of TREE_GROUPINGS) {
        if (role === 'franquia' && agrupar === 'franquia') continue;
        const expected = await recount(role, de, ate, agrupar);
        const grupos: Record<string, number | null> = {};
        let total: number | null | undefined;
        for (let page = 1; ; page++) {
          const res = await as(ctx.app, role).get(
            `/api/relatorios/funil?de=${de}&ate=${ate}&agrupar=${agrupar}&page=${page}&pageSize=7`,
          );
          expect(res.statusCode, res.body).toBe(200);
          const answer = res.json() as FunilResposta;
          total = answer.totais.custo ?? null;
          for (const g of answer.grupos) grupos[g.id ?? ''] = g.custo ?? null;
          if (answer.grupos.length < 7) break;
        }
        const where = `${role} by ${agrupar}, ${de}..${ate}`;
        expect(total, where).toEqual(expected.total);
        // Each group shown carries its events' costs (null: none); a group with costs but no lead, presence,
        // pré-matrícula or matrícula in the period is no group of the report.
        const shown = Object.fromEntries(Object.keys(grupos).map((id) => [id, expected.grupos[id] ?? null]));
        expect(grupos, where).toEqual(shown);
        compared++;
        costed += Object.values(grupos).filter((v) => v !== null).length;
      }
    }
  }
  return compared;
}

/** A family's sign-up on an event at an instant: a group of the report in the periods that hold it. */
let serial = 0;
const inscrever = (eventoId: string, instante: string) =>
  ctx.handle.db.execute(sql`insert into leads (evento_id, nome_aluno, nome_responsavel, email, telefone, created_at)
    values (${eventoId}, 'Aluno Custo', 'Responsável Custo', ${`custo${serial++}@email.com.br`}, '11987654321',
      ${instante}::timestamptz)`);
const INSTANTS = ['2026-01-20T10:00:00-03:00', '2026-02-10T10:00:00-03:00', '2026-03-05T10:00:00-03:00'];

beforeAll(async () => {
  ctx = await createTestApp();
  // The demo's events are dated around today and its families sign up today: on whatever day the suite runs, date
  // the events inside the periods asked, give each a cost, and give each families in those periods -- so every
  // sequence, whatever its seed, compares groups that have costs.
  const eventos = await eventosDaRede();
  for (const [i, evento] of eventos.entries()) {
    await ctx.handle.db.execute(sql`update eventos set data_evento = ${DAYS[i % DAYS.length]} where id = ${evento.id}`);
    await ctx.handle.db.execute(sql`insert into evento_custos (evento_id, categoria, descricao, valor_centavos)
      values (${evento.id}, 'outros', 'Custo inicial da propriedade', ${1_000 + i})`);
    for (const instante of INSTANTS) await inscrever(evento.id, instante);
  }
});
afterAll(() => ctx.close());

describe("the events' costs per node and period (issue 48) equal a recount from the rows (property)", () => {
  it(`after any sequence of costs entered, changed and removed, and events, clientes and micro-franquias moved (seed ${SEED})`, async () => {
    let counted = 0;
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(OP, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) await apply(o);
        counted += await expectCountersEqualTheRows();
        compared += await expectReportsEqualTheRecount();
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(counted).toBeGreaterThan(0);
    expect(costed).toBeGreaterThan(RUNS * 10);
    expect(compared).toBe(RUNS * PERIODS.length * (TREE_GROUPINGS.length * 2 - 1));
    // The rebuild counts what the triggers kept.
    const before = [await kept('evento_custos_dia', 'dia'), await kept('evento_custos_mes', 'mes')];
    await ctx.handle.db.execute(sql`select evento_custos_rebuild()`);
    expect([await kept('evento_custos_dia', 'dia'), await kept('evento_custos_mes', 'mes')]).toEqual(before);
  }, 300_000);

  it("are what Relatórios' costs read: a drifted counter shows, and the rebuild mends it", async () => {
    const db = ctx.handle.db;
    const [evento] = await rows<{ id: string; dia: string }>(sql`select e.id, e.data_evento::text as dia from eventos e
      where e.franqueador_id = (select franqueador_id from users where email = ${DEMO_ACCOUNTS.franqueador})
        and exists (select 1 from leads l where l.evento_id = e.id) order by e.id limit 1`);
    const [first] = await rows<{ de: string }>(
      sql`select min(created_at at time zone 'America/Sao_Paulo')::date::text as de from leads where evento_id = ${evento!.id}`,
    );
    const de = first!.de < evento!.dia ? first!.de : evento!.dia;
    const ate = first!.de < evento!.dia ? evento!.dia : first!.de;
    await db.execute(
      sql`insert into evento_custos (evento_id, categoria, valor_centavos) values (${evento!.id}, 'local', 120000)`,
    );
    const custo = async () => {
      const res = await as(ctx.app, 'franqueador').get(
        `/api/relatorios/funil?de=${de}&ate=${ate}&agrupar=evento&eventoId=${evento!.id}`,
      );
      return (res.json() as FunilResposta).grupos.find((g) => g.id === evento!.id)?.custo;
    };
    const sum = await rows<{ v: number }>(
      sql`select sum(valor_centavos)::int as v from evento_custos where evento_id = ${evento!.id}`,
    );
    expect(await custo()).toBe(sum[0]!.v);
    // The event's own day and month (a row of a day it was moved from, kept at zero, is read by no period here);
    // the period reads one of the two, whichever covers the event's day.
    await db.execute(sql`update evento_custos_dia set valor_centavos = valor_centavos + 1 where ctid = (select ctid
      from evento_custos_dia where nivel = 5 and evento_id = ${evento!.id} and dia = ${evento!.dia}::date limit 1)`);
    await db.execute(sql`update evento_custos_mes set valor_centavos = valor_centavos + 1 where ctid = (select ctid
      from evento_custos_mes where nivel = 5 and evento_id = ${evento!.id}
        and mes = date_trunc('month', ${evento!.dia}::date)::date limit 1)`);
    expect(await custo()).toBe(sum[0]!.v + 1);
    await db.execute(sql`select funnel_periodo_rebuild()`);
    expect(await custo()).toBe(sum[0]!.v);
  });
});
