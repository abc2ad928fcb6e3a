import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import { executeRows } from '../../db/connect';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';

/**
 * ADR 165, 166: a lead, a pré-matrícula and a matrícula carry their event's place, and the network's and a
 * franquia's lists of a state or a city read it from the row and its index. The lists must hold exactly the rows
 * whose event is in the place, as each row's event says it (`evento.estado`, `evento.cidade`, the city in any case),
 * through an event moved to another state and city and a row moved to another event.
 */

let ctx: TestContext;

const LISTS = ['/api/leads', '/api/pre-matriculas', '/api/matriculas'] as const;
/** The franqueador and the franquia read the rows' copy; the micro-franquia its events' rows (ADR 102), the control. */
const ROLES: Role[] = ['franqueador', 'franquia', 'micro_franquia'];

interface Item {
  id: string;
  evento: { estado: string; cidade: string };
}

async function everyRow(role: Role, list: string): Promise<Item[]> {
  const response = await as(ctx.app, role).get(`${list}?pageSize=500`);
  expect(response.statusCode, `${role} ${list}`).toBe(200);
  return response.json() as Item[];
}

/** A place's list, page by page (two rows a page, by the next cursor), each page checked for the place's total. */
async function placeList(role: Role, list: string, place: string, total: number): Promise<string[]> {
  const ids: string[] = [];
  let query = `${list}?${place}&pageSize=2`;
  for (let page = 0; page <= total; page++) {
    const response = await as(ctx.app, role).get(query);
    expect(response.statusCode, `${role} ${query}`).toBe(200);
    expect(response.headers['x-total-count'], `${role} ${query}`).toBe(String(total));
    ids.push(...(response.json() as Item[]).map((r) => r.id));
    const next = response.headers['x-next-cursor'] as string | undefined;
    if (!next) break;
    query = `${list}?${place}&pageSize=2&apos=${next}`;
  }
  return ids;
}

/**
 * Every role's every list of each state and each city its rows are in (and of a state they are not in) holds those
 * rows, in order: a city as typed in upper case, and with its state.
 */
async function expectPlacesAsRowsSay(extra: string[] = []) {
  for (const role of ROLES) {
    for (const list of LISTS) {
      const rows = await everyRow(role, list);
      const states = [...new Set([...rows.map((r) => r.evento.estado), ...extra, 'AC'])];
      for (const estado of states) {
        const expected = rows.filter((r) => r.evento.estado === estado).map((r) => r.id);
        expect(
          await placeList(role, list, `estado=${estado}`, expected.length),
          `${role} ${list} estado=${estado}`,
        ).toEqual(expected);
      }
      const cities = new Map(rows.map((r) => [r.evento.cidade.toLowerCase(), r.evento]));
      for (const [city, { estado }] of cities) {
        const inCity = rows.filter((r) => r.evento.cidade.toLowerCase() === city);
        const typed = `cidade=${encodeURIComponent(city.toUpperCase())}`;
        expect(await placeList(role, list, typed, inCity.length), `${role} ${list} ${city}`).toEqual(
          inCity.map((r) => r.id),
        );
        const ofState = inCity.filter((r) => r.evento.estado === estado).map((r) => r.id);
        expect(
          await placeList(role, list, `${typed}&estado=${estado}`, ofState.length),
          `${role} ${list} ${city}`,
        ).toEqual(ofState);
      }
    }
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  // A pré-matrícula for every lead of the demo, and a matrícula for every other one, written as the app writes them:
  // the triggers give each its event's path and place.
  await ctx.handle.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into pre_matriculas (evento_id, lead_id, nome, email, created_at)
      select l.evento_id, l.id, l.nome_aluno, 'estado.' || l.id || '@email.com', l.created_at + interval '1 hour'
      from leads l where not exists (select 1 from pre_matriculas p where p.lead_id = l.id)`);
    await tx.execute(sql`
      insert into matriculas (pre_matricula_id, evento_id, lead_id, nome, email, created_at, status)
      select p.id, p.evento_id, p.lead_id, p.nome, p.email, p.created_at + interval '1 day', 'ativa'
      from (select p.*, row_number() over (order by p.created_at, p.id) as n from pre_matriculas p
        where p.email like 'estado.%' and not exists (select 1 from matriculas m where m.pre_matricula_id = p.id)) p
      where p.n % 2 = 1`);
  });
}, 120_000);
afterAll(() => ctx.close());

describe("a place's rows read from their own copy of their event's (ADR 165, 166)", () => {
  it("lists each state's and city's leads, pré-matrículas and matrículas as each row's event places them, for every staff role", async () => {
    const states = await executeRows<{ estado: string; n: number }>(
      ctx.handle.db,
      sql`select e.estado, count(*)::int as n from matriculas m join eventos e on e.id = m.evento_id group by 1`,
    );
    // The demo's rows lie in more than one state, so a list of one state leaves rows out.
    expect(states.length).toBeGreaterThan(1);
    const [cities] = await executeRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(distinct lower(e.cidade))::int as n from matriculas m join eventos e on e.id = m.evento_id`,
    );
    // And in more cities than states, so a city's list is not its state's.
    expect(cities!.n).toBeGreaterThan(states.length);
    await expectPlacesAsRowsSay();
  });

  it('follows an event moved to another state and city, and a row moved to another event', async () => {
    // The franquia's event with the most matrículas moves to Bahia.
    const [moved] = await executeRows<{ id: string; estado: string }>(
      ctx.handle.db,
      sql`select e.id, e.estado from eventos e join matriculas m on m.evento_id = e.id
        join users u on u.franquia_id = e.franquia_id where u.email = 'franquia@demo.com.br'
        group by e.id, e.estado order by count(*) desc, e.id limit 1`,
    );
    expect(moved).toBeDefined();
    await ctx.handle.db.execute(sql`update eventos set estado = 'BA', cidade = 'Salvador' where id = ${moved!.id}`);
    const inBahia = (await everyRow('franquia', '/api/matriculas')).filter((r) => r.evento.estado === 'BA');
    expect(inBahia.length).toBeGreaterThan(0);
    await expectPlacesAsRowsSay(['BA', moved!.estado]);

    // One of its pré-matrículas goes to an event of another state of the network.
    const [other] = await executeRows<{ id: string; estado: string }>(
      ctx.handle.db,
      sql`select e.id, e.estado from eventos e join eventos m on m.id = ${moved!.id}
        where e.franqueador_id = m.franqueador_id and e.estado <> 'BA' order by e.id limit 1`,
    );
    await ctx.handle.db.execute(
      sql`update pre_matriculas set evento_id = ${other!.id}
        where id = (select id from pre_matriculas where evento_id = ${moved!.id} order by id limit 1)`,
    );
    await expectPlacesAsRowsSay(['BA', other!.estado]);
  });
});
