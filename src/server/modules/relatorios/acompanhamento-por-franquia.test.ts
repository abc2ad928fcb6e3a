import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { queryRows } from '../../../../tests/support/database-digest';
import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';
import { ORIGEM_LINK_VENDEDOR } from '../../../shared/schemas/relatorios';
import { findFollowUp } from './relatorios.repository';

/**
 * The network's follow-up by franquia read franquia by franquia (ADR 146), and by a level below it with the medians of
 * the page's groups only (ADR 156), answers what the one pass over the period's leads answers, to the last group and
 * the median's last digit: every period, page size and page, with leads contacted at spread hours, lost for each
 * reason, one franquia's leads only lost, and leads under no franquia, micro-franquia, vendedor or cliente.
 */

let ctx: TestContext;
let franqueadorId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const [franqueador] = await queryRows<{ id: string }>(db, sql`select id from franqueadores limit 1`);
  franqueadorId = franqueador!.id;
  // The demo's leads followed as a network follows them: a status, a first contact some hours (or days) after the
  // sign-up, a reason for each loss -- spread by each lead's place in the sign-up order (not by its random id, so
  // every run has the same groups: each level keeps a node of its own with contacted leads beside the group of none).
  await db.execute(sql`update leads set
      status = (array['novo', 'em_contato', 'interessado', 'sem_interesse', 'convertido'])[1 + ordem.n % 5]::lead_status,
      primeiro_contato_em = case when ordem.n % 5 = 0 then null
        else leads.created_at + make_interval(secs => ordem.n * 104729 % 400000 / 7.0) end,
      motivo_perda = case when ordem.n % 5 = 3
        then (array['preco', 'distancia', 'sem_resposta', 'escolheu_outra_escola', 'sem_perfil', 'outro'])[1 + ordem.n % 6]::motivo_perda
        end
    from (select id, row_number() over (order by created_at, id) as n from leads) ordem
    where ordem.id = leads.id`);
  // A lead lost without ever being contacted, and a few leads under no franquia (the report's own group for them).
  await db.execute(sql`update leads set status = 'sem_interesse', primeiro_contato_em = null, motivo_perda = 'outro'
    where id = (select id from leads order by created_at, id limit 1)`);
  // The scope is filled from the event (leads_fill_scope), so no lead loses its franquia today; the column allows it,
  // and the report has a group for it: the trigger is held for this one write.
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table leads disable trigger leads_fill_scope`);
    await tx.execute(sql`update leads set franquia_id = null
      where id in (select id from leads where status <> 'novo' order by created_at desc, id desc limit 3)`);
    // And a few contacted leads under no vendedor, cliente or micro-franquia: the groups of the network by those
    // levels, each with a median of its own (the statement that works out the page's medians joins them by key).
    await tx.execute(sql`update leads set vendedor_id = null, cliente_id = null, micro_franquia_id = null
      where id in (select id from leads where status <> 'novo' and primeiro_contato_em is not null order by created_at, id limit 3)`);
    await tx.execute(sql`alter table leads enable trigger leads_fill_scope`);
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe.each(['franquia', 'micro_franquia', 'vendedor', 'cliente', 'evento'] as const)(
  'the network follow-up by %s',
  (agrupar) => {
    it('answers what one pass over the leads answers, for every period, page size and page', async () => {
      const [dias] = await queryRows<{ de: string; ate: string }>(
        ctx.handle.db,
        // The report's days are Brasília's: a lead signed up before 03:00 UTC belongs to the day before (the test's
        // leads, from eight hours to one before now, cross that line when it runs before 11:00 UTC).
        sql`select to_char(min(created_at at time zone ${BRASILIA_TIME_ZONE}), 'YYYY-MM-DD') as de,
        to_char(max(created_at at time zone ${BRASILIA_TIME_ZONE}), 'YYYY-MM-DD') as ate from leads`,
      );
      const { de, ate } = dias!;
      const periods: [string, string][] = [
        [de, ate],
        [de, de],
        [ate, ate],
        ['2020-01-01', '2020-12-31'],
      ];
      let groupsSeen = 0;
      for (const [from, to] of periods) {
        for (const page of [
          { limit: 500, offset: 0 },
          { limit: 2, offset: 0 },
          { limit: 2, offset: 2 },
          { limit: 5, offset: 500 },
        ]) {
          // Unfiltered, and by the origin filters' drill (the families who came by a seller's link).
          for (const filtro of [{}, { origem: ORIGEM_LINK_VENDEDOR }]) {
            const rows = { nodes: [{ level: 'franqueador' as const, id: franqueadorId }], de: from, ate: to };
            const daRede = await findFollowUp(ctx.handle.db, rows, agrupar, page, 'Sem vendedor', filtro);
            const numaPassada = await findFollowUp(ctx.handle.db, rows, agrupar, page, 'Sem vendedor', filtro, false);
            expect(daRede).toEqual(numaPassada);
            groupsSeen += daRede.groups.length;
          }
        }
      }
      // The comparison compared something: groups with contacts, medians, losses and the group of no node.
      const all = await findFollowUp(
        ctx.handle.db,
        { nodes: [{ level: 'franqueador', id: franqueadorId }], de, ate },
        agrupar,
        { limit: 500, offset: 0 },
        'Sem vendedor',
      );
      expect(groupsSeen).toBeGreaterThan(2);
      expect(all.totals.contatados).toBeGreaterThan(0);
      expect(all.totals.perdidos).toBeGreaterThan(0);
      expect(all.totals.medianaPrimeiroContatoHoras).not.toBeNull();
      // Every lead has its event: only the other levels have a group for the leads under none.
      expect(all.groups.some((g) => g.id === null)).toBe(agrupar !== 'evento');
      expect(all.groups.filter((g) => g.medianaPrimeiroContatoHoras !== null).length).toBeGreaterThan(1);
    });
  },
);

/**
 * The follow-up by place reads the lead's copy of its event's place (ADR 158): it answers what the join of each lead
 * to its event answers, for every level, also after an event's place is edited and a lead is moved to another event.
 */
describe("the follow-up by place, from the lead's copy of its event's place", () => {
  async function comparedWithTheJoin() {
    const db = ctx.handle.db;
    const [dias] = await queryRows<{ de: string; ate: string }>(
      db,
      sql`select to_char(min(created_at at time zone ${BRASILIA_TIME_ZONE}), 'YYYY-MM-DD') as de,
        to_char(max(created_at at time zone ${BRASILIA_TIME_ZONE}), 'YYYY-MM-DD') as ate from leads`,
    );
    const { de, ate } = dias!;
    let contatados = 0;
    const cidades = new Set<string>();
    for (const [level, column] of [
      ['franqueador', 'franqueador_id'],
      ['franquia', 'franquia_id'],
      ['micro_franquia', 'micro_franquia_id'],
      ['vendedor', 'vendedor_id'],
      ['cliente', 'cliente_id'],
    ] as const) {
      // The node of that level with the most followed leads.
      const [node] = await queryRows<{ id: string }>(
        db,
        sql`select ${sql.identifier(column)} as id from leads where status <> 'novo' and ${sql.identifier(column)} is not null
          group by 1 order by count(*) desc, 1 limit 1`,
      );
      for (const agrupar of ['estado', 'cidade'] as const) {
        const answered = await findFollowUp(
          db,
          { nodes: [{ level, id: node!.id }], de, ate },
          agrupar,
          { limit: 500, offset: 0 },
          'Sem vendedor',
        );
        // Counted straight from the leads joined to their events, the median by the same function.
        const expected = await queryRows<{
          id: string;
          estado: string;
          contatados: number;
          mediana: number | null;
          perdidos: number;
        }>(
          db,
          sql`select ${sql.raw(agrupar === 'cidade' ? 'e.cidade' : 'e.estado')} as id, e.estado,
              count(l.primeiro_contato_em)::int as contatados,
              percentile_cont(0.5) within group (order by extract(epoch from l.primeiro_contato_em - l.created_at) / 3600)
                filter (where l.primeiro_contato_em is not null) as mediana,
              count(*) filter (where l.status = 'sem_interesse')::int as perdidos
            from leads l join eventos e on e.id = l.evento_id
            where ${sql.raw(`l.${column}`)} = ${node!.id}
              and l.status in ('em_contato', 'interessado', 'sem_interesse', 'convertido')
              and (l.created_at at time zone ${BRASILIA_TIME_ZONE})::date between ${de}::date and ${ate}::date
            group by 1, 2`,
        );
        const key = (id: string | null, estado?: string) => (agrupar === 'cidade' ? `${id}|${estado}` : `${id}`);
        const wanted = Object.fromEntries(
          expected
            .filter((row) => Number(row.contatados) > 0 || Number(row.perdidos) > 0)
            .map((row) => [
              key(row.id, row.estado),
              [
                Number(row.contatados),
                row.mediana === null ? null : Math.round(Number(row.mediana) * 10) / 10,
                Number(row.perdidos),
              ],
            ]),
        );
        const got = Object.fromEntries(
          answered.groups.map((g) => [key(g.id, g.estado), [g.contatados, g.medianaPrimeiroContatoHoras, g.perdidos]]),
        );
        expect(got, `${level} by ${agrupar}`).toEqual(wanted);
        expect(answered.totals.contatados).toBe(Object.values(wanted).reduce((n, v) => n + (v[0] as number), 0));
        contatados += answered.totals.contatados;
        if (agrupar === 'cidade') for (const g of answered.groups) cidades.add(`${g.id}|${g.estado}`);
      }
    }
    // The comparison compared something.
    expect(contatados).toBeGreaterThan(0);
    return cidades;
  }

  it('answers what the join of each lead to its event answers, for the network, a franquia and each level below', async () => {
    await comparedWithTheJoin();
  });

  it("follows an event whose place is edited, and a lead moved to another event's place", async () => {
    const db = ctx.handle.db;
    // The event with the most followed leads moves to a city no other event is in; one lead of another event moves
    // to it, and one of its own leaves it for an event elsewhere.
    const [evento] = await queryRows<{ id: string }>(
      db,
      sql`select evento_id as id from leads where status <> 'novo' group by 1 order by count(*) desc, 1 limit 1`,
    );
    const [outro] = await queryRows<{ id: string }>(
      db,
      sql`select e.id from eventos e where e.id <> ${evento!.id}
        and exists (select 1 from leads l where l.evento_id = e.id and l.status <> 'novo') order by e.id limit 1`,
    );
    await db.execute(sql`update eventos set cidade = 'Cidade Nova do Teste', estado = 'AC' where id = ${evento!.id}`);
    await db.execute(sql`update leads set evento_id = ${evento!.id}
      where id = (select id from leads where evento_id = ${outro!.id} and status <> 'novo' order by id limit 1)`);
    await db.execute(sql`update leads set evento_id = ${outro!.id}
      where id = (select id from leads where evento_id = ${evento!.id} and status <> 'novo' order by id desc limit 1)`);
    const [copia] = await queryRows<{ iguais: number; todos: number }>(
      db,
      sql`select count(*) filter (where l.evento_estado = e.estado and l.evento_cidade = e.cidade)::int as iguais,
          count(*)::int as todos
        from leads l join eventos e on e.id = l.evento_id`,
    );
    expect(copia!.iguais).toBe(copia!.todos);
    const cidades = await comparedWithTheJoin();
    expect(cidades.has('Cidade Nova do Teste|AC')).toBe(true);
  });
});
