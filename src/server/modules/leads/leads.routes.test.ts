import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, ne } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as, sessionOf } from '../../../../tests/support/inject-as';
import { clientes, eventos, leads, microFranquias, users } from '../../db/schema';
import type { Role } from '../../../shared/roles';
import type { FunnelEvento, LeadItem } from '../../../shared/schemas/funnel';
import { leadsExportBatch } from './leads.repository';
import { keysetBatches } from '../funnel';
import { findSession } from '../../plugins/sessions/sessions.repository';
import { digest } from '../../lib/tokens';

/** Issue 48: every staff export ends with where the family came from. */
const ORIGEM_CSV_HEADER = ';"utm_source";"utm_medium";"utm_campaign";"utm_content";"utm_term";"vendedor do link"';

let ctx: TestContext;
let horizonte: { id: string; dataEvento: string };

const BOM = '\uFEFF';

async function names(role: Role, url: string): Promise<string[]> {
  const response = await as(ctx.app, role).get(url);
  expect(response.statusCode).toBe(200);
  return (response.json() as LeadItem[]).map((l) => l.nomeAluno);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [evento] = await ctx.handle.db
    .select({ id: eventos.id, dataEvento: eventos.dataEvento })
    .from(eventos)
    .where(eq(eventos.nomeEscola, 'Colégio Horizonte'))
    .orderBy(eventos.dataEvento)
    .limit(1);
  // The past event holds one demo lead (Mariana Costa).
  horizonte = evento!;
});
afterAll(() => ctx.close());

describe('GET /api/leads: scope', () => {
  it('answers each role exactly the leads of its events', async () => {
    expect((await names('franqueador', '/api/leads')).length).toBe(8);
    const franquia = await names('franquia', '/api/leads');
    expect(franquia).toHaveLength(6);
    // Instituto Saber Contagem belongs to the other franquia.
    expect(franquia).not.toContain('Beatriz Fernandes');
    expect(franquia).not.toContain('João Victor Almeida');
    expect(await names('micro_franquia', '/api/leads')).toHaveLength(6);
    expect(await names('vendedor', '/api/leads')).toHaveLength(6);
    expect((await names('cliente', '/api/leads')).sort()).toEqual([
      'Gabriela Santos',
      'Lucas Oliveira',
      'Mariana Costa',
      'Pedro Henrique Silva',
    ]);
  });

  it('nests the event, and the cliente for the franqueador only', async () => {
    const franqueador = (await as(ctx.app, 'franqueador').get('/api/leads?q=beatriz')).json() as LeadItem[];
    expect(franqueador[0]).toMatchObject({
      nomeAluno: 'Beatriz Fernandes',
      nomeResponsavel: 'Eduardo Fernandes',
      email: 'bia.fernandes@email.com',
      telefone: '31987651234',
      evento: { nomeEscola: 'Instituto Saber Contagem', cidade: 'Contagem', estado: 'MG' },
      cliente: { nomeFantasia: 'Instituto Saber Contagem' },
    });
    expect(franqueador[0]!.evento.dataEvento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const cliente = (await as(ctx.app, 'cliente').get('/api/leads?q=lucas')).json() as LeadItem[];
    expect(cliente[0]!.evento.nomeEscola).toBe('Colégio Horizonte');
    expect(cliente[0]).not.toHaveProperty('cliente');
  });

  it('answers 403 to the aluno and 401 without a session', async () => {
    expect((await as(ctx.app, 'aluno').get('/api/leads')).statusCode).toBe(403);
    expect((await as(ctx.app, 'aluno').get('/api/leads/export.csv')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/leads' })).statusCode).toBe(401);
  });
});

describe('GET /api/leads: filters, search and pages', () => {
  it('filters by event and by the EVENT date', async () => {
    expect(await names('cliente', `/api/leads?eventoId=${horizonte.id}`)).toEqual(['Mariana Costa']);
    expect(await names('cliente', `/api/leads?data=${horizonte.dataEvento}`)).toEqual(['Mariana Costa']);
    expect(await names('cliente', '/api/leads?data=2001-01-01')).toEqual([]);
  });

  it('searches names, e-mail and phone without regard to case, the phone with or without its mask', async () => {
    expect(await names('franqueador', '/api/leads?q=MÁRCIA')).toEqual(['Lucas Oliveira']);
    expect(await names('franqueador', '/api/leads?q=gabi.santos@')).toEqual(['Gabriela Santos']);
    expect(await names('franqueador', '/api/leads?q=98700-1122')).toEqual(['Lucas Oliveira']);
    expect(await names('franqueador', `/api/leads?q=${encodeURIComponent('(19) 98700')}`)).toEqual([
      'Gabriela Santos',
      'Lucas Oliveira',
    ]);
    // '%' is a character to find, never a wildcard: 'luc%as' is not 'Lucas'. A bare '%' is too short to search
    // (issue 46, ADR 102): the hint, not an empty list.
    expect(await names('franqueador', '/api/leads?q=luc%25as')).toEqual([]);
    expect((await as(ctx.app, 'franqueador').get('/api/leads?q=%25')).statusCode).toBe(400);
    // The digits inside a name or e-mail are not a phone search: '33' is in Gabriela's phone, not her name.
    expect(await names('franqueador', '/api/leads?q=Lucas3x3')).toEqual([]);
  });

  it('pages newest first with the total in X-Total-Count', async () => {
    const first = await as(ctx.app, 'franqueador').get('/api/leads?pageSize=3');
    expect(first.headers['x-total-count']).toBe('8');
    expect((first.json() as LeadItem[]).map((l) => l.nomeAluno)).toEqual([
      'João Victor Almeida',
      'Beatriz Fernandes',
      'Thiago Ribeiro',
    ]);
    const last = await as(ctx.app, 'franqueador').get('/api/leads?pageSize=3&page=3');
    expect(last.headers['x-total-count']).toBe('8');
    expect((last.json() as LeadItem[]).map((l) => l.nomeAluno)).toEqual(['Gabriela Santos', 'Lucas Oliveira']);
    // Past the end: no rows, and still the total.
    const beyond = await as(ctx.app, 'franqueador').get('/api/leads?pageSize=3&page=9');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('8');
    const filtered = await as(ctx.app, 'franqueador').get('/api/leads?q=oliveira&pageSize=1');
    expect(filtered.headers['x-total-count']).toBe('1');
  });

  it("pages a place's leads (estado, cidade) as the whole list holds them, both orders, for every role (issue 46)", async () => {
    const roles: Role[] = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'];
    for (const role of roles) {
      const all = (await as(ctx.app, role).get('/api/leads?pageSize=500')).json() as LeadItem[];
      const places = [...new Set(all.map((l) => `${l.evento.estado}|${l.evento.cidade}`))];
      for (const place of places) {
        const [estado, cidade] = place.split('|') as [string, string];
        const expected = all.filter((l) => l.evento.estado === estado).map((l) => l.id);
        for (const [query, rows] of [
          [`estado=${estado}`, expected],
          [
            `cidade=${encodeURIComponent(cidade.toUpperCase())}`,
            all.filter((l) => l.evento.cidade === cidade).map((l) => l.id),
          ],
        ] as const) {
          const paged: string[] = [];
          for (let page = 1; page <= rows.length + 1; page++) {
            const response = await as(ctx.app, role).get(`/api/leads?${query}&pageSize=1&page=${page}`);
            expect(response.headers['x-total-count'], `${role} ${query}`).toBe(String(rows.length));
            paged.push(...(response.json() as LeadItem[]).map((l) => l.id));
          }
          expect(paged, `${role} ${query}`).toEqual(rows);
          const oldest = (await as(ctx.app, role).get(`/api/leads?${query}&sort=criadoEm`)).json() as LeadItem[];
          expect(
            oldest.map((l) => l.id),
            `${role} ${query} oldest first`,
          ).toEqual([...rows].reverse());
          // With a search too, the place's rows that match it.
          const searched = (await as(ctx.app, role).get(`/api/leads?${query}&q=oliveira`)).json() as LeadItem[];
          const matching = all.filter(
            (l) => rows.includes(l.id) && /oliveira/i.test(`${l.nomeAluno} ${l.nomeResponsavel}`),
          );
          expect(
            searched.map((l) => l.id),
            `${role} ${query} q=oliveira`,
          ).toEqual(matching.map((l) => l.id));
        }
      }
    }
  });

  it('pages a search by number as its whole list holds it, both orders, with its exact total (issue 46)', async () => {
    const roles: Role[] = ['franqueador', 'franquia', 'cliente'];
    for (const role of roles) {
      const all = (await as(ctx.app, role).get('/api/leads?pageSize=500')).json() as LeadItem[];
      const matching = all
        .filter((l) => `${l.nomeAluno} ${l.nomeResponsavel} ${l.email}`.toLowerCase().includes('email.com'))
        .map((l) => l.id);
      expect(matching.length, role).toBeGreaterThan(1);
      for (const [sort, rows] of [
        ['', matching],
        ['&sort=criadoEm', [...matching].reverse()],
      ] as const) {
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(rows.length / 2) + 1; page++) {
          const response = await as(ctx.app, role).get(`/api/leads?q=email.com&pageSize=2&page=${page}${sort}`);
          expect(response.headers['x-total-count'], `${role} page ${page}${sort}`).toBe(String(rows.length));
          paged.push(...(response.json() as LeadItem[]).map((l) => l.id));
        }
        expect(paged, `${role}${sort}`).toEqual(rows);
        // The page after the first by its cursor is the second page.
        const first = await as(ctx.app, role).get(`/api/leads?q=email.com&pageSize=1${sort}`);
        const next = first.headers['x-next-cursor'] as string;
        const after = (await as(ctx.app, role).get(`/api/leads?q=email.com&pageSize=1${sort}&apos=${next}`)).json();
        expect((after as LeadItem[]).map((l) => l.id)).toEqual(rows.slice(1, 2));
        // Pages no screen reaches, in the limit's second half and past it: no rows, and still the total.
        for (const page of [10, 21]) {
          const far = await as(ctx.app, role).get(`/api/leads?q=email.com&pageSize=500&page=${page}${sort}`);
          expect(far.json()).toEqual([]);
          expect(far.headers['x-total-count']).toBe(String(rows.length));
        }
      }
    }
  });

  it('answers 400 with pt-BR messages for malformed filters', async () => {
    const event = await as(ctx.app, 'cliente').get('/api/leads?eventoId=abc');
    expect(event.statusCode).toBe(400);
    expect(event.json().message).toBe('Evento inválido');
    const date = await as(ctx.app, 'cliente').get('/api/leads?data=2026-13-01');
    expect(date.statusCode).toBe(400);
    expect(date.json().message).toBe('Data inválida');
    expect((await as(ctx.app, 'cliente').get('/api/leads?pageSize=501')).statusCode).toBe(400);
  });

  it('answers a search too short to answer with the hint, on every funnel list and its export (issue 46)', async () => {
    for (const url of [
      '/api/leads?q=a',
      '/api/leads?q=%40',
      '/api/pre-matriculas?q=jo',
      '/api/matriculas?q=(1',
      '/api/leads/export.csv?q=jo',
      '/api/pre-matriculas/export.csv?q=a',
      '/api/matriculas/export.csv?q=a',
    ]) {
      const response = await as(ctx.app, 'franqueador').get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe('Digite pelo menos 3 letras ou números para buscar.');
    }
    expect(await names('franqueador', '/api/leads?q=luc')).toEqual(['Lucas Oliveira']);
  });
});

describe('GET /api/leads: a filter by a node above the caller (issue 46)', () => {
  const listed = async (url: string) => {
    const response = await as(ctx.app, 'cliente').get(url);
    expect(response.statusCode).toBe(200);
    const items = response.json() as LeadItem[];
    return { names: items.map((l) => l.nomeAluno).sort(), total: response.headers['x-total-count'] };
  };

  it("answers the cliente's whole list for its own micro-franquia and vendedor, and only the events under one", async () => {
    const [cliente] = await ctx.handle.db
      .select({ clienteId: users.clienteId })
      .from(users)
      .where(eq(users.email, 'cliente@demo.com.br'));
    const events = await ctx.handle.db
      .select({ id: eventos.id, micro: eventos.microFranquiaId, vendedor: eventos.vendedorId })
      .from(eventos)
      .where(eq(eventos.clienteId, cliente!.clienteId!))
      .orderBy(eventos.dataEvento);
    const { micro, vendedor } = events[0]!;
    const all = await listed('/api/leads');
    expect(all.names).toHaveLength(4);
    expect(await listed(`/api/leads?microFranquiaId=${micro}`)).toEqual(all);
    expect(await listed(`/api/leads?vendedorId=${vendedor}`)).toEqual(all);
    expect(await listed(`/api/leads?microFranquiaId=${micro}&page=2&pageSize=2`)).toMatchObject({ total: '4' });
    // Its own level: itself is its whole list, another cliente none of it.
    expect(await listed(`/api/leads?clienteId=${cliente!.clienteId}`)).toEqual(all);
    const [outro] = await ctx.handle.db
      .select({ id: clientes.id })
      .from(clientes)
      .where(ne(clientes.id, cliente!.clienteId!))
      .limit(1);
    expect(await listed(`/api/leads?clienteId=${outro!.id}`)).toEqual({ names: [], total: '0' });

    // One of its events moves to another micro-franquia: the filter now keeps the others' leads only.
    const [other] = await ctx.handle.db
      .select({ id: microFranquias.id })
      .from(microFranquias)
      .where(ne(microFranquias.id, micro!))
      .limit(1);
    const moved = events.find((e) => e.id === horizonte.id)!;
    await ctx.handle.db.update(eventos).set({ microFranquiaId: other!.id }).where(eq(eventos.id, moved.id));
    try {
      expect(await listed(`/api/leads?microFranquiaId=${micro}`)).toEqual({
        names: all.names.filter((n) => n !== 'Mariana Costa'),
        total: '3',
      });
      expect(await listed(`/api/leads?microFranquiaId=${other!.id}`)).toEqual({ names: ['Mariana Costa'], total: '1' });
    } finally {
      await ctx.handle.db.update(eventos).set({ microFranquiaId: micro }).where(eq(eventos.id, moved.id));
    }
  });
});

describe('GET /api/leads/resumo and /api/leads/eventos', () => {
  it('counts the leads and active events in scope with the conversion rate', async () => {
    expect((await as(ctx.app, 'franqueador').get('/api/leads/resumo')).json()).toEqual({
      total: 8,
      eventosAtivos: 4,
      taxaConversao: 2,
    });
    expect((await as(ctx.app, 'cliente').get('/api/leads/resumo')).json()).toEqual({
      total: 4,
      eventosAtivos: 2,
      taxaConversao: 2,
    });
  });

  it("offers each role its own events, and the aluno its enrolment's event", async () => {
    const cliente = (await as(ctx.app, 'cliente').get('/api/leads/eventos')).json() as FunnelEvento[];
    expect(cliente).toHaveLength(2);
    expect(cliente.every((e) => e.nomeEscola === 'Colégio Horizonte')).toBe(true);
    expect(Object.keys(cliente[0]!).sort()).toEqual(['cidade', 'dataEvento', 'estado', 'id', 'nomeEscola']);
    expect((await as(ctx.app, 'franqueador').get('/api/leads/eventos')).json()).toHaveLength(4);
    const aluno = (await as(ctx.app, 'aluno').get('/api/leads/eventos')).json() as FunnelEvento[];
    expect(aluno.map((e) => e.id)).toEqual([horizonte.id]);
  });

  it('searches the events in scope by school, city or date, 20 at a time, with the total (issue 21)', async () => {
    const all = (await as(ctx.app, 'franqueador').get('/api/leads/eventos')).json() as FunnelEvento[];
    const [dia, mes, ano] = [
      horizonte.dataEvento.slice(8, 10),
      horizonte.dataEvento.slice(5, 7),
      horizonte.dataEvento.slice(0, 4),
    ];

    // Part of the school's name, without its accents or case.
    const escola = await as(ctx.app, 'franqueador').get('/api/leads/eventos?q=horizon&pageSize=20');
    expect(escola.statusCode).toBe(200);
    const escolaItems = escola.json() as FunnelEvento[];
    expect(escolaItems.length).toBeGreaterThan(0);
    expect(escolaItems.every((e) => e.nomeEscola === 'Colégio Horizonte')).toBe(true);
    expect(escola.headers['x-total-count']).toBe(String(escolaItems.length));

    const cidade = all[0]!.cidade;
    const porCidade = (
      await as(ctx.app, 'franqueador').get(`/api/leads/eventos?q=${encodeURIComponent(cidade.toLowerCase())}`)
    ).json() as FunnelEvento[];
    expect(porCidade.map((e) => e.id)).toEqual(all.filter((e) => e.cidade === cidade).map((e) => e.id));

    const porData = (
      await as(ctx.app, 'franqueador').get(`/api/leads/eventos?q=${dia}/${mes}/${ano}`)
    ).json() as FunnelEvento[];
    expect(porData.map((e) => e.id)).toContain(horizonte.id);
    expect(porData.every((e) => e.dataEvento === horizonte.dataEvento)).toBe(true);

    // One at a time: the pages add up to every event, and the header counts them all.
    const first = await as(ctx.app, 'franqueador').get('/api/leads/eventos?pageSize=1&page=1');
    expect(first.json()).toHaveLength(1);
    expect(first.headers['x-total-count']).toBe(String(all.length));
    const second = (
      await as(ctx.app, 'franqueador').get('/api/leads/eventos?pageSize=1&page=2')
    ).json() as FunnelEvento[];
    expect(second[0]!.id).toBe(all[1]!.id);

    // `id` answers the one event a link selected, only within scope.
    const outro = all.find((e) => e.nomeEscola !== 'Colégio Horizonte')!;
    expect(
      ((await as(ctx.app, 'franqueador').get(`/api/leads/eventos?id=${outro.id}`)).json() as FunnelEvento[]).map(
        (e) => e.id,
      ),
    ).toEqual([outro.id]);
    expect((await as(ctx.app, 'cliente').get(`/api/leads/eventos?id=${outro.id}`)).json()).toEqual([]);
    expect(
      (await as(ctx.app, 'cliente').get('/api/leads/eventos?q=' + encodeURIComponent(outro.nomeEscola))).json(),
    ).toEqual([]);
    expect((await as(ctx.app, 'franqueador').get('/api/leads/eventos?id=x')).statusCode).toBe(400);
  });
});

describe('GET /api/leads/export.csv', () => {
  it('streams the SPEC columns with BOM, quotes and the file name', async () => {
    const response = await as(ctx.app, 'cliente').get('/api/leads/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="leads_todos_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(BOM, '').split('\r\n');
    expect(lines[0]).toBe(
      '"Nome do Aluno";"Nome do Responsável";"Email";"Telefone";"Escola do Evento";"Data de Criação"' +
        ORIGEM_CSV_HEADER,
    );
    expect(lines).toHaveLength(4 + 2); // header, 4 leads, final empty string
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^"Lucas Oliveira";"Márcia Oliveira";"lucas\.oliveira@email\.com";"\(19\) 98700-1122";"Colégio Horizonte";"\d{2}\/\d{2}\/\d{4}"(;"[^"]*"){6}$/,
      ),
    );
  });

  it('names the interesses export and shows the event date', async () => {
    const response = await as(ctx.app, 'franqueador').get(
      `/api/leads/export.csv?view=interesses&eventoId=${horizonte.id}`,
    );
    expect(response.headers['content-disposition']).toMatch(
      /filename="interesses_colegio-horizonte_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body.replace(BOM, '').split('\r\n');
    expect(lines[0]).toContain('"Data do Evento"');
    // Issue 23 (ADR 030): the franqueador's file ends with the Cliente its screen shows, then the origem (issue 48).
    expect(lines[0]).toMatch(
      /"Data do Evento";"Cliente";"utm_source";"utm_medium";"utm_campaign";"utm_content";"utm_term";"vendedor do link"$/,
    );
    const [y, m, d] = horizonte.dataEvento.split('-');
    expect(lines[1]).toMatch(
      new RegExp(
        `^"Mariana Costa";"José Costa";"mariana\\.costa@email\\.com";"\\(19\\) 98877-6655";"Colégio Horizonte";"${d}/${m}/${y}";"[^"]+"(;"[^"]*"){6}$`,
      ),
    );
    expect(lines).toHaveLength(3);
  });

  it('leaves the Cliente column to the franqueador, whose Interesses screen is the only one that shows it', async () => {
    const response = await as(ctx.app, 'franquia').get(`/api/leads/export.csv?view=interesses`);
    const header = response.body.replace(BOM, '').split('\r\n')[0];
    expect(header).toBe(
      '"Nome do Aluno";"Nome do Responsável";"Email";"Telefone";"Escola do Evento";"Data do Evento"' +
        ORIGEM_CSV_HEADER,
    );
  });

  it("keeps another franquia's and another cliente's leads out of the file", async () => {
    const franquia = (await as(ctx.app, 'franquia').get('/api/leads/export.csv')).body;
    expect(franquia).not.toContain('Beatriz');
    expect(franquia.split('\r\n')).toHaveLength(6 + 2);
    const cliente = (await as(ctx.app, 'cliente').get('/api/leads/export.csv?q=beatriz')).body;
    expect(cliente.split('\r\n')).toHaveLength(2);
  });

  it('neutralises formulas and keeps quotes and markup as text', async () => {
    await ctx.handle.db.insert(leads).values({
      eventoId: horizonte.id,
      nomeAluno: '=cmd|/C calc!A0',
      nomeResponsavel: 'Ana "Aspas" <script>alert(1)</script>',
      email: '@evil.com',
      telefone: '+5519999',
    });
    const body = (await as(ctx.app, 'cliente').get('/api/leads/export.csv?q=calc')).body;
    const line = body.replace(BOM, '').split('\r\n')[1];
    expect(line).toMatch(
      /^"'=cmd\|\/C calc!A0";"Ana ""Aspas"" <script>alert\(1\)<\/script>";"'@evil\.com";"'\+5519999";/,
    );
  });

  it('reads every row once across batch boundaries and events, ties on the timestamp included', async () => {
    const [upcoming] = await ctx.handle.db
      .select({ id: eventos.id })
      .from(eventos)
      .where(eq(eventos.nomeEscola, 'Colégio Horizonte'))
      .orderBy(desc(eventos.dataEvento))
      .limit(1);
    const at = new Date('2020-01-01T12:00:00.123Z');
    const lote = (eventoId: string, prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        eventoId,
        nomeAluno: `Lote ${prefix}${i}`,
        nomeResponsavel: 'Resp',
        email: `lote${prefix}${i}@x.com`,
        telefone: '19900000000',
        createdAt: at,
      }));
    await ctx.handle.db
      .insert(leads)
      .values([...lote(horizonte.id, 'passado', 5), ...lote(upcoming!.id, 'proximo', 4)]);
    const actor = await actorOf('cliente');
    const filter = { q: 'lote', eventoId: undefined, data: undefined };
    const seen: string[] = [];
    const sizes: number[] = [];
    for await (const batch of keysetBatches(leadsExportBatch(ctx.handle.db, actor, filter), 3)) {
      sizes.push(batch.length);
      seen.push(...batch.map((r) => r.nomeAluno));
    }
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
    expect(sizes).toEqual([3, 3, 3]);
  });
});

/** The actor behind a test session, as the server resolves it. */
async function actorOf(role: Role) {
  const token = decodeURIComponent((await sessionOf(ctx.app, role))!.slice('sid='.length));
  const session = await findSession(ctx.handle.db, digest(token));
  return session!.actor;
}
