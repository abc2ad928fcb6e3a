import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../setup/test-app';
import { as } from '../support/inject-as';
import type { Role } from '../../src/shared/roles';
import {
  auditLog,
  clientes,
  eventos,
  franquias,
  leads,
  matriculas,
  microFranquias,
  parcelas,
  preMatriculas,
  users,
  vendedores,
  visitas,
} from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-network';
import { CURSOR_MESSAGES, decodeListCursor, encodeListCursor } from '../../src/shared/schemas/list-cursor';

/**
 * Issue 46: the big lists page by cursor (`apos`, `antes`) as well as by number. Walking every page by cursor gives
 * exactly the rows offset paging gives, in the same order, for each sort, with ties on the sort key; a malformed
 * or foreign cursor answers 400 in Portuguese.
 */

let ctx: TestContext;

/** The rows' moments: six days, each shared by several rows to the microsecond, so only the id orders those. */
const MOMENT = sql`'2025-06-01 12:00:00.123456+00'::timestamptz - (g % 6) * interval '1 day'`;

/**
 * `n` rows of each big list on the Horizonte event (its scope copied from the event, as the fill trigger would),
 * and `n` audit rows of its franqueador, with ties on the sort key.
 */
async function addRows(n: number) {
  const [evento] = await ctx.handle.db
    .select({ id: eventos.id })
    .from(eventos)
    .where(eq(eventos.nomeEscola, 'Colégio Horizonte'))
    .limit(1);
  const scope = sql`e.cliente_id, e.vendedor_id, e.micro_franquia_id, e.franquia_id, e.franqueador_id`;
  const from = sql`from ${eventos} e, generate_series(1, ${n}) g where e.id = ${evento!.id}`;
  await ctx.handle.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${leads} (evento_id, nome_aluno, nome_responsavel, email, telefone, created_at, cliente_id,
        vendedor_id, micro_franquia_id, franquia_id, franqueador_id)
      select e.id, 'Keyset ' || g, 'Responsável Keyset', 'keyset' || g || '@email.com', '11987654321', ${MOMENT},
        ${scope} ${from}`);
    await tx.execute(sql`
      insert into ${preMatriculas} (evento_id, nome, email, created_at, cliente_id, vendedor_id, micro_franquia_id,
        franquia_id, franqueador_id)
      select e.id, 'Keyset ' || g, 'keyset' || g || '@email.com', ${MOMENT}, ${scope} ${from}`);
    await tx.execute(sql`
      insert into ${matriculas} (evento_id, nome, email, created_at, cliente_id, vendedor_id, micro_franquia_id,
        franquia_id, franqueador_id)
      select e.id, 'Keyset ' || g, 'keyset' || g || '@email.com', ${MOMENT}, ${scope} ${from}`);
    // Parcelas sort by their due day: six days, five parcelas on each.
    await tx.execute(sql`
      insert into ${parcelas} (matricula_id, numero, valor_centavos, vencimento, provedor, gateway_id, evento_id,
        cliente_id, vendedor_id, micro_franquia_id, franquia_id, franqueador_id)
      select m.id, g, 10000, date '2025-06-01' + (g % 6), 'simulado', 'keyset-' || g, m.evento_id, m.cliente_id,
        m.vendedor_id, m.micro_franquia_id, m.franquia_id, m.franqueador_id
      from ${matriculas} m, generate_series(1, ${n}) g
      where m.id = (select id from ${matriculas} where nome = 'Keyset 1' limit 1)`);
    // Three people take turns at the trail's rows, so a search by who acted reads them person by person (ADR 171).
    const pessoas = [DEMO_ACCOUNTS.franquia, DEMO_ACCOUNTS.micro_franquia, DEMO_ACCOUNTS.vendedor];
    await tx.execute(sql`
      insert into ${auditLog} (em, usuario_id, acao, entidade, franqueador_id, franquia_id, micro_franquia_id)
      select ${MOMENT}, (select id from ${users} where email = (${sql.param(pessoas)}::text[])[1 + g % 3]),
        'auth.login', 'usuario', e.franqueador_id, e.franquia_id, e.micro_franquia_id ${from}`);
  });
}

/** Names that tie once case and accents are set aside ('Ângela' and 'angela'), and some that sort apart. */
const NOME = sql`(array['Ângela Keyset', 'angela keyset', 'Andre Keyset', 'Élcio Keyset', 'zé keyset'])[1 + g % 5]`;
/** Two in three active: the status sort has ties on the flag, then on the name. */
const ATIVO = sql`g % 3 <> 0`;

/**
 * `n` rows of each network list (issue 46) in the demo franqueador's network, with ties on every sort key: the
 * moment (six of them), the name (without case and accents), the status. Usuários' names are null one in four
 * (a null sorts last ascending, first descending): the demo micro-franquia's vendedores. Each franquia,
 * micro-franquia and cliente has its login.
 */
async function addNetworkRows(n: number) {
  const [franquiaUser] = await ctx.handle.db
    .select({ franqueadorId: users.franqueadorId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.franqueador));
  const [micro] = await ctx.handle.db
    .select({ id: microFranquias.id, franquiaId: microFranquias.franquiaId })
    .from(microFranquias)
    .innerJoin(users, eq(users.id, microFranquias.userId))
    .where(eq(users.email, DEMO_ACCOUNTS.micro_franquia));
  const [cliente] = await ctx.handle.db
    .select({ id: clientes.id })
    .from(clientes)
    .innerJoin(users, eq(users.id, clientes.userId))
    .where(eq(users.email, DEMO_ACCOUNTS.cliente));
  const franqueadorId = franquiaUser!.franqueadorId!;
  const series = sql`generate_series(1, ${n}) g`;
  const userId = (kind: string) => sql`md5('keyset-' || ${kind} || g)::uuid`;
  const cnpj = (kind: number) => sql`lpad((${kind} * 1000 + g)::text, 14, '0')`;
  await ctx.handle.db.transaction(async (tx) => {
    for (const kind of ['franquia', 'micro', 'cliente', 'usuario']) {
      await tx.execute(sql`
        insert into ${users} (id, email, password, role, nome, is_active, created_at, franqueador_id)
        select ${userId(kind)}, 'keyset.' || ${kind} || g || '@email.com', 'x',
          ${kind === 'usuario' ? sql`'vendedor'` : sql`'franquia'`}::user_role,
          case when g % 4 = 0 then null else ${NOME} end, ${ATIVO}, ${MOMENT}, ${franqueadorId}
        from ${series}`);
    }
    // The usuários are the demo micro-franquia's vendedores: its own Usuários list pages through them too.
    await tx.execute(sql`
      insert into ${vendedores} (user_id, micro_franquia_id, created_at)
      select ${userId('usuario')}, ${micro!.id}, ${MOMENT} from ${series}`);
    await tx.execute(sql`
      insert into ${franquias} (user_id, franqueador_id, razao_social, cnpj, rep_legal, is_active, created_at)
      select ${userId('franquia')}, ${franqueadorId}, ${NOME}, ${cnpj(1)}, 'Rep', ${ATIVO}, ${MOMENT} from ${series}`);
    await tx.execute(sql`
      insert into ${microFranquias} (user_id, franquia_id, razao_social, cnpj, rep_legal, is_active, created_at)
      select ${userId('micro')}, ${micro!.franquiaId}, ${NOME}, ${cnpj(2)}, 'Rep', ${ATIVO}, ${MOMENT} from ${series}`);
    await tx.execute(sql`
      insert into ${clientes} (user_id, micro_franquia_id, nome_fantasia, cnpj, rep_legal, is_active, created_at)
      select ${userId('cliente')}, ${micro!.id}, ${NOME}, ${cnpj(3)}, 'Rep', ${ATIVO}, ${MOMENT} from ${series}`);
    // Visits tie on their moment (six) and on their creation (two), so only the id orders some of them.
    await tx.execute(sql`
      insert into ${visitas} (cliente_id, agendada_para, created_at)
      select ${cliente!.id}, ${MOMENT}, '2025-05-01 08:00:00+00'::timestamptz + (g % 2) * interval '1 hour'
      from ${series}`);
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  await addRows(30);
  await addNetworkRows(30);
}, 120_000);
afterAll(() => ctx.close());

interface Answer {
  ids: string[];
  createdAt: string[];
  total: string | undefined;
  next: string | undefined;
  prev: string | undefined;
}

async function read(role: Role, url: string): Promise<Answer> {
  const response = await as(ctx.app, role).get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return {
    ids: (response.json() as { id: string }[]).map((row) => row.id),
    createdAt: (response.json() as { createdAt?: string }[]).map((row) => row.createdAt ?? ''),
    total: response.headers['x-total-count'] as string | undefined,
    next: response.headers['x-next-cursor'] as string | undefined,
    prev: response.headers['x-prev-cursor'] as string | undefined,
  };
}

const join = (path: string, params: string) => `${path}${path.includes('?') ? '&' : '?'}${params}`;

/** Every row of the list, page by page by number, as clients page today. */
async function byOffset(role: Role, path: string, size: number) {
  const first = await read(role, join(path, `pageSize=${size}`));
  const total = Number(first.total);
  const ids = [...first.ids];
  const createdAt = [...first.createdAt];
  for (let page = 2; (page - 1) * size < total; page += 1) {
    const answer = await read(role, join(path, `pageSize=${size}&page=${page}`));
    ids.push(...answer.ids);
    createdAt.push(...answer.createdAt);
  }
  return { ids, createdAt, total: first.total };
}

const LISTS: { name: string; path: string; role: Role; sorts: string[] }[] = [
  { name: 'Interesses', path: '/api/leads', role: 'franqueador', sorts: ['', 'criadoEm', '-criadoEm'] },
  { name: 'Leads de uma franquia', path: '/api/leads', role: 'franquia', sorts: ['', 'criadoEm'] },
  { name: 'Pré-matrículas', path: '/api/pre-matriculas', role: 'franqueador', sorts: ['', 'criadoEm', '-criadoEm'] },
  { name: 'Matrículas', path: '/api/matriculas', role: 'franqueador', sorts: ['', 'criadoEm', '-criadoEm'] },
  { name: 'Auditoria', path: '/api/auditoria', role: 'franqueador', sorts: [''] },
  // A filter the level's index carries but does not lead with: the page's keys are found on it first (ADR 169).
  {
    name: 'Auditoria de uma franquia, por entidade',
    path: '/api/auditoria?entidade=usuario',
    role: 'franquia',
    sorts: [''],
  },
  // A search that names its people: each one's rows read newest first, then the page among them (ADR 171).
  { name: 'Auditoria, busca por quem agiu', path: '/api/auditoria?q=demo.com', role: 'franqueador', sorts: [''] },
  { name: 'Auditoria de uma franquia, busca', path: '/api/auditoria?q=demo.com', role: 'franquia', sorts: [''] },
  { name: 'Parcelas', path: '/api/parcelas', role: 'franqueador', sorts: [''] },
  // The network lists (issue 46): every sort each offers, with ties on its keys and, for Usuários, null names.
  ...(
    [
      ['Usuários', '/api/usuarios', 'franqueador'],
      ['Usuários de uma micro-franquia', '/api/usuarios', 'micro_franquia'],
      ['Clientes', '/api/clientes', 'franqueador'],
      ['Visitas', '/api/visitas', 'franqueador'],
      ['Franquias', '/api/franquias', 'franqueador'],
      ['Micro-franquias', '/api/micro-franquias', 'franqueador'],
    ] as const
  ).map(([name, path, role]) => ({
    name,
    path,
    role,
    sorts: path === '/api/visitas' ? [''] : ['', 'nome', '-nome', 'status', '-status'],
  })),
];

describe.each(LISTS)('$name ($path as $role) by cursor', ({ path, role, sorts }) => {
  it.each(sorts)('walks forward and back through the same rows as the pages by number (sort=%s)', async (sort) => {
    const base = sort ? `${path}?sort=${sort}` : path;
    const size = 7;
    const offset = await byOffset(role, base, size);
    expect(offset.ids.length, 'enough rows to page').toBeGreaterThan(3 * size);
    expect(new Set(offset.ids).size).toBe(offset.ids.length);

    // Forward: the first page by number, then each next cursor until none is left.
    const forward: string[] = [];
    let answer = await read(role, join(base, `pageSize=${size}`));
    expect(answer.prev, 'the first page has no previous one').toBeUndefined();
    const pages: Answer[] = [answer];
    forward.push(...answer.ids);
    while (answer.next) {
      answer = await read(role, join(base, `pageSize=${size}&apos=${answer.next}`));
      expect(answer.total, 'the total counts the filters, not the rows past the cursor').toBe(offset.total);
      expect(answer.prev).toBeDefined();
      pages.push(answer);
      forward.push(...answer.ids);
    }
    expect(forward).toEqual(offset.ids);
    // Each page by cursor is the page of that number.
    expect(pages.map((p) => p.ids)).toEqual(
      Array.from({ length: pages.length }, (_, i) => offset.ids.slice(i * size, (i + 1) * size)),
    );

    // Back: from the last page, each previous cursor until the first page.
    const backward: string[][] = [answer.ids];
    while (answer.prev) {
      answer = await read(role, join(base, `pageSize=${size}&antes=${answer.prev}`));
      expect(answer.next).toBeDefined();
      backward.unshift(answer.ids);
    }
    expect(backward.flat()).toEqual(offset.ids);
    expect(backward.every((ids) => ids.length === size || ids === backward[backward.length - 1])).toBe(true);

    // A page by number names its neighbours too: 'Próxima' from page 2 is page 3.
    const second = await read(role, join(base, `pageSize=${size}&page=2`));
    const third = await read(role, join(base, `pageSize=${size}&apos=${second.next}`));
    expect(third.ids).toEqual(offset.ids.slice(2 * size, 3 * size));
    const firstAgain = await read(role, join(base, `pageSize=${size}&antes=${second.prev}`));
    expect(firstAgain.ids).toEqual(offset.ids.slice(0, size));
    expect(firstAgain.prev).toBeUndefined();
  });

  it('answers 400 in Portuguese for a malformed or foreign cursor', async () => {
    const first = await read(role, join(path, 'pageSize=5'));
    const cursor = decodeListCursor(first.next!)!;
    const bad: [string, string][] = [
      ['não-é-cursor', CURSOR_MESSAGES.invalido],
      ['e30', CURSOR_MESSAGES.invalido], // {}
      [Buffer.from('[1,2]').toString('base64url'), CURSOR_MESSAGES.invalido],
      [encodeListCursor({ ...cursor, chaves: ['ontem', cursor.chaves[1]!] }), CURSOR_MESSAGES.invalido],
      [
        encodeListCursor({ ...cursor, chaves: ['2025-02-30 10:00:00+00', cursor.chaves[1]!] }),
        CURSOR_MESSAGES.invalido,
      ],
      [encodeListCursor({ ...cursor, chaves: [cursor.chaves[0]!, 'x'] }), CURSOR_MESSAGES.invalido],
      [encodeListCursor({ ...cursor, chaves: [cursor.chaves[0]!] }), CURSOR_MESSAGES.invalido],
      [encodeListCursor({ ...cursor, chaves: [null, cursor.chaves[1]!] }), CURSOR_MESSAGES.invalido],
      [
        encodeListCursor({ ...cursor, lista: cursor.lista === 'leads' ? 'franquias' : 'leads' }),
        CURSOR_MESSAGES.outraLista,
      ],
      [encodeListCursor({ ...cursor, ordem: 'nome' }), CURSOR_MESSAGES.outraLista],
      ['x'.repeat(3000), CURSOR_MESSAGES.invalido],
    ];
    for (const [value, message] of bad) {
      for (const param of ['apos', 'antes']) {
        const response = await as(ctx.app, role).get(join(path, `${param}=${encodeURIComponent(value)}`));
        expect(response.statusCode, `${param}=${value}`).toBe(400);
        expect(response.json().message, `${param}=${value}`).toBe(message);
      }
    }
    const both = await as(ctx.app, role).get(join(path, `apos=${first.next}&antes=${first.next}`));
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(CURSOR_MESSAGES.dois);
  });
});

/**
 * A filtered list's count (ADR 173: Parcelas reads it in its page's own statement). A page that has rows says how many
 * match; the first page of a filter that matches nothing says 0; a page past the last row, which has no row to carry
 * the count, still says how many match.
 */
const FILTERED: { name: string; path: string; role: Role; none: string }[] = [
  { name: 'Interesses numa cidade', path: '/api/leads?cidade=Campinas', role: 'franqueador', none: 'q=zzzqqq' },
  { name: 'Interesses sem lista de espera', path: '/api/leads?listaEspera=nao', role: 'franquia', none: 'q=zzzqqq' },
  {
    name: 'Pré-matrículas numa cidade',
    path: '/api/pre-matriculas?cidade=Campinas',
    role: 'franqueador',
    none: 'q=zzzqqq',
  },
  { name: 'Matrículas num estado', path: '/api/matriculas?estado=SP', role: 'franqueador', none: 'q=zzzqqq' },
  { name: 'Parcelas em aberto', path: '/api/parcelas?status=aberta', role: 'franqueador', none: 'q=zzzqqq' },
  { name: 'Clientes ativos', path: '/api/clientes?status=ativos', role: 'franqueador', none: 'q=zzzqqq' },
  { name: 'Usuários vendedores', path: '/api/usuarios?role=vendedor', role: 'franqueador', none: 'q=zzzqqq' },
  { name: 'Franquias ativas', path: '/api/franquias?status=ativos', role: 'franqueador', none: 'q=zzzqqq' },
  { name: 'Visitas', path: '/api/visitas', role: 'franqueador', none: 'de=2001-01-01&ate=2001-01-02' },
];

describe.each(FILTERED)('$name: the count beside the page', ({ path, role, none }) => {
  it('says how many match on a page with rows, past the last row, and for a filter that matches nothing', async () => {
    const size = 7;
    const all = await byOffset(role, path, size);
    expect(all.ids.length, 'enough rows to page').toBeGreaterThan(2 * size);
    expect(all.total).toBe(String(all.ids.length));

    const past = await read(role, join(path, `pageSize=${size}&page=999`));
    expect(past.ids).toEqual([]);
    expect(past.total).toBe(all.total);

    // The last page reached by cursor: its rows carry the count of the filters, not of the rows past the cursor.
    let last = await read(role, join(path, `pageSize=${size}`));
    while (last.next) last = await read(role, join(path, `pageSize=${size}&apos=${last.next}`));
    expect(last.ids).toEqual(all.ids.slice(-last.ids.length));
    expect(last.total).toBe(all.total);

    const nothing = await read(role, join(path, `pageSize=${size}&${none}`));
    expect(nothing.ids).toEqual([]);
    expect(nothing.total).toBe('0');
  });
});

describe('a cursor is valid for its list and its order only', () => {
  it('refuses a newest-first cursor on the oldest-first list, and a Leads cursor on Matrículas', async () => {
    const newest = await read('franqueador', '/api/leads?pageSize=5');
    const oldest = await as(ctx.app, 'franqueador').get(`/api/leads?pageSize=5&sort=criadoEm&apos=${newest.next}`);
    expect(oldest.statusCode).toBe(400);
    expect(oldest.json().message).toBe(CURSOR_MESSAGES.outraLista);
    // The default order and its explicit name are one order.
    expect((await read('franqueador', `/api/leads?pageSize=5&sort=-criadoEm&apos=${newest.next}`)).ids).toHaveLength(5);
    const matriculasList = await as(ctx.app, 'franqueador').get(`/api/matriculas?apos=${newest.next}`);
    expect(matriculasList.statusCode).toBe(400);
    expect(matriculasList.json().message).toBe(CURSOR_MESSAGES.outraLista);
  });

  it('keeps the filters and the scope: a cursor walk of a search stays within its matches', async () => {
    const q = 'silva';
    const offset = await byOffset('franqueador', `/api/leads?q=${q}`, 3);
    const walked: string[] = [];
    let answer = await read('franqueador', `/api/leads?q=${q}&pageSize=3`);
    walked.push(...answer.ids);
    while (answer.next) {
      answer = await read('franqueador', `/api/leads?q=${q}&pageSize=3&apos=${answer.next}`);
      walked.push(...answer.ids);
    }
    expect(walked).toEqual(offset.ids);
  });

  it('leaves the answer of a page by number as it was: same rows, same total', async () => {
    const plain = await as(ctx.app, 'franqueador').get('/api/leads?page=2&pageSize=10');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['x-total-count']).toBeDefined();
    expect(Array.isArray(plain.json())).toBe(true);
    expect(plain.json()).toHaveLength(10);
  });
});

describe("'Ir para' a day (issue 46)", () => {
  /** The day of a moment in Brasília (UTC-3, no summer time since 2019). */
  const brasiliaDay = (iso: string) => new Date(new Date(iso).getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

  it.each([
    ['', '2025-05-30'],
    ['criadoEm', '2025-05-30'],
    ['', '2025-06-03'],
    ['criadoEm', '2020-01-01'],
  ])(
    'starts at the first row of the day in the order (sort=%s, irPara=%s), then pages on by cursor',
    async (sort, day) => {
      const base = sort ? `/api/leads?sort=${sort}` : '/api/leads';
      const size = 6;
      const all = await byOffset('franqueador', base, size);
      const ascending = sort === 'criadoEm';
      const start = all.createdAt.findIndex((at) => (ascending ? brasiliaDay(at) >= day : brasiliaDay(at) <= day));
      expect(start).toBeGreaterThanOrEqual(0);

      const jumped = await read('franqueador', join(base, `pageSize=${size}&irPara=${day}`));
      expect(jumped.ids).toEqual(all.ids.slice(start, start + size));
      expect(jumped.total).toBe(all.total);
      expect(jumped.prev !== undefined, 'a previous page only where rows stand before the day').toBe(start > 0);
      const after = await read('franqueador', join(base, `pageSize=${size}&apos=${jumped.next}`));
      expect(after.ids).toEqual(all.ids.slice(start + size, start + 2 * size));
      if (jumped.prev) {
        const before = await read('franqueador', join(base, `pageSize=${size}&antes=${jumped.prev}`));
        expect(before.ids).toEqual(all.ids.slice(Math.max(0, start - size), start));
      }
    },
  );

  it('answers 400 in Portuguese for a malformed day, or a day beside a cursor', async () => {
    const bad = await as(ctx.app, 'franqueador').get('/api/leads?irPara=2025-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Data inválida');
    const first = await read('franqueador', '/api/leads?pageSize=5');
    const both = await as(ctx.app, 'franqueador').get(`/api/leads?irPara=2025-06-01&apos=${first.next}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(CURSOR_MESSAGES.irParaComCursor);
  });
});
