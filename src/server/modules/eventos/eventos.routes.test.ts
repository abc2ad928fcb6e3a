import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { EVENTO_MESSAGES, type Evento } from '../../../shared/schemas/evento';
import { auditLog, clientes, cursos, eventos, eventosCursos, microFranquias } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { todayInBrasilia } from '../../../shared/brasilia';

let ctx: TestContext;
/** A franquia of the other branch (Minas Gerais). */
const FRANQUIA_MG = { email: 'franquia.mg@demo.com.br' };
let ids: {
  horizonte: string;
  valinhos: string;
  contagem: string;
  microCampinas: string;
  cursosHorizonte: string[];
  informatica: string;
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const rows = await db.select({ id: clientes.id, nome: clientes.nomeFantasia }).from(clientes);
  const cliente = (nome: string) => rows.find((r) => r.nome === nome)!.id;
  const [micro] = await db
    .select({ id: microFranquias.id })
    .from(microFranquias)
    .where(eq(microFranquias.razaoSocial, 'Campinas Educação ME'));
  const allCursos = await db.select({ id: cursos.id, titulo: cursos.titulo, clienteId: cursos.clienteId }).from(cursos);
  ids = {
    horizonte: cliente('Colégio Horizonte'),
    valinhos: cliente('Escola Estadual Valinhos'),
    contagem: cliente('Instituto Saber Contagem'),
    microCampinas: micro!.id,
    cursosHorizonte: allCursos.filter((c) => c.clienteId === cliente('Colégio Horizonte')).map((c) => c.id),
    informatica: allCursos.find((c) => c.titulo === 'Informática Básica')!.id,
  };
});
afterAll(() => ctx.close());

const novoEvento = (overrides: Record<string, unknown> = {}) => ({
  nomeEscola: `Escola Teste ${Math.random().toString(36).slice(2, 8)}`,
  tipoEscola: 'publica',
  cep: '13024-001',
  cidade: 'Campinas',
  estado: 'sp',
  dataDistribuicao: '2030-03-01',
  dataEvento: '2030-03-15',
  horario: '19:30',
  local: 'igreja',
  qtdAlunos: 120,
  valorTotalDesconto: 1500.5,
  observacao: 'Ginásio coberto',
  ...overrides,
});

async function countEventos(): Promise<number> {
  const [row] = await ctx.handle.db.select({ value: count() }).from(eventos);
  return Number(row!.value);
}

describe('GET /api/eventos', () => {
  it.each([
    ['franqueador', 4],
    ['franquia', 3],
    ['micro_franquia', 3],
    ['vendedor', 3],
    ['cliente', 2],
  ] as const)('answers the %s the events in its scope (%i) with X-Total-Count', async (role, total) => {
    const response = await as(ctx.app, role).get('/api/eventos');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(total));
    expect(response.json()).toHaveLength(total);
  });

  it('answers each event with its courses, money as a number and date-only values untouched', async () => {
    const events: Evento[] = (await as(ctx.app, 'cliente').get('/api/eventos')).json();
    const upcoming = events.find((e) => e.status === 'agendado')!;
    expect(upcoming.cursos.map((c) => c.titulo)).toEqual(['Inglês Intensivo', 'Técnico em Administração']);
    expect(upcoming.cursoIds).toHaveLength(2);
    expect(upcoming.valorTotalDesconto).toBe(1500);
    expect(upcoming.dataEvento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(upcoming.cep).toBe('13024001');
    expect(upcoming.cliente).toEqual({ id: ids.horizonte, nomeFantasia: 'Colégio Horizonte' });
  });

  it("lists one cliente's events with ?clienteId= (issue 23), in scope only, with the total", async () => {
    const of = async (role: 'franqueador' | 'micro_franquia' | 'vendedor' | 'franquia', clienteId: string) => {
      const response = await as(ctx.app, role).get(`/api/eventos?clienteId=${clienteId}`);
      expect(response.statusCode).toBe(200);
      return { total: response.headers['x-total-count'], rows: response.json() as Evento[] };
    };
    const horizonte = await of('franqueador', ids.horizonte);
    expect(horizonte.total).toBe('2');
    expect(horizonte.rows.every((e) => e.clienteId === ids.horizonte)).toBe(true);
    expect((await of('micro_franquia', ids.valinhos)).rows.map((e) => e.nomeEscola)).toEqual([
      'Escola Estadual Valinhos',
    ]);
    // Contagem is another franquia's cliente: the Campinas side lists none of its events.
    expect(await of('franquia', ids.contagem)).toEqual({ total: '0', rows: [] });
    const wrong = await as(ctx.app, 'franqueador').get('/api/eventos?clienteId=abc');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('Cliente não encontrado');
    expect((await as(ctx.app, 'franqueador').get('/api/eventos?clienteId=')).headers['x-total-count']).toBe('4');
  });

  it('searches school, city and state, case-insensitive and partial', async () => {
    const q = async (text: string) =>
      (await as(ctx.app, 'franqueador').get(`/api/eventos?q=${encodeURIComponent(text)}`)).json();
    expect((await q('HORIZ')).map((e: Evento) => e.nomeEscola)).toEqual(['Colégio Horizonte', 'Colégio Horizonte']);
    expect((await q('valinh')).map((e: Evento) => e.cidade)).toEqual(['Valinhos']);
    expect((await q('mg')).map((e: Evento) => e.estado)).toEqual(['MG']);
    expect(await q('nada-assim')).toEqual([]);
    const paged = await as(ctx.app, 'franqueador').get('/api/eventos?q=sp&pageSize=1');
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.json()).toHaveLength(1);
  });

  it("sorts by the whitelisted columns, and the screen's order puts the upcoming events first (issue 23)", async () => {
    const franqueador = as(ctx.app, 'franqueador');
    const today = todayInBrasilia(new Date());
    const proximos = (await franqueador.get('/api/eventos?sort=proximos&pageSize=100')).json() as Evento[];
    const datas = proximos.map((e) => e.dataEvento);
    const upcoming = datas.filter((d) => d >= today);
    const past = datas.filter((d) => d < today);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
    expect(datas).toEqual([...[...upcoming].sort(), ...[...past].sort().reverse()]);

    // Read in pages of any size, the order is the same: a page within the upcoming ones, across the turn to the
    // past ones, and wholly among them (issue 39, item 13: the two halves are read apart).
    const ids = proximos.map((e) => e.id);
    for (const size of [1, 2, 3]) {
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(ids.length / size) + 1; page++) {
        const answer = await franqueador.get(`/api/eventos?sort=proximos&pageSize=${size}&page=${page}`);
        expect(answer.headers['x-total-count']).toBe(String(ids.length));
        paged.push(...(answer.json() as Evento[]).map((e) => e.id));
      }
      expect(paged, `pages of ${size}`).toEqual(ids);
    }

    const byDate = ((await franqueador.get('/api/eventos?sort=-dataEvento')).json() as Evento[]).map(
      (e) => e.dataEvento,
    );
    expect(byDate).toEqual([...byDate].sort().reverse());
    const byName = ((await franqueador.get('/api/eventos?sort=nomeEscola')).json() as Evento[]).map(
      (e) => e.nomeEscola,
    );
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));

    const refused = await franqueador.get('/api/eventos?sort=senha');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Ordenação inválida');
  });

  it('answers 403 to an aluno and 401 without a session', async () => {
    expect((await as(ctx.app, 'aluno').get('/api/eventos')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/eventos' })).statusCode).toBe(401);
  });
});

describe('POST /api/eventos', () => {
  it("a cliente's event is its own whatever the body says, under its micro-franquia, newest first", async () => {
    const response = await as(ctx.app, 'cliente').post(
      '/api/eventos',
      novoEvento({ clienteId: ids.contagem, cursoIds: ids.cursosHorizonte.slice(0, 2), status: 'concluido' }),
    );
    expect(response.statusCode).toBe(201);
    const evento: Evento = response.json();
    expect(evento).toMatchObject({
      clienteId: ids.horizonte,
      microFranquiaId: ids.microCampinas,
      estado: 'SP',
      cep: '13024001',
      dataDistribuicao: '2030-03-01',
      dataEvento: '2030-03-15',
      valorTotalDesconto: 1500.5,
      status: 'agendado',
    });
    expect(evento.cursos).toHaveLength(2);
    expect((await as(ctx.app, 'cliente').get('/api/eventos')).json()[0].id).toBe(evento.id);
    // The scopes above the cliente see it through its micro-franquia.
    for (const role of ['micro_franquia', 'franquia', 'franqueador', 'vendedor'] as const) {
      expect((await as(ctx.app, role).get('/api/eventos')).json().some((e: Evento) => e.id === evento.id)).toBe(true);
    }
    expect((await as(ctx.app, FRANQUIA_MG).get('/api/eventos')).json().some((e: Evento) => e.id === evento.id)).toBe(
      false,
    );
  });

  it("refuses another client's course and creates nothing (one transaction)", async () => {
    const before = await countEventos();
    const response = await as(ctx.app, 'cliente').post(
      '/api/eventos',
      novoEvento({ cursoIds: [ids.cursosHorizonte[0], ids.informatica] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Os cursos selecionados devem pertencer ao cliente do evento',
      errors: { cursoIds: 'Os cursos selecionados devem pertencer ao cliente do evento' },
    });
    expect(await countEventos()).toBe(before);
  });

  it('a micro-franquia must name a client, and only one of its own', async () => {
    const missing = await as(ctx.app, 'micro_franquia').post('/api/eventos', novoEvento());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Cliente é obrigatório',
      errors: { clienteId: 'Cliente é obrigatório' },
    });

    const outside = await as(ctx.app, 'micro_franquia').post('/api/eventos', novoEvento({ clienteId: ids.contagem }));
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Cliente não encontrado');

    const created = await as(ctx.app, 'micro_franquia').post(
      '/api/eventos',
      novoEvento({ clienteId: ids.valinhos, cep: '', valorTotalDesconto: undefined }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      clienteId: ids.valinhos,
      microFranquiaId: ids.microCampinas,
      cep: null,
      valorTotalDesconto: null,
    });
    // Horizonte's courses are not Valinhos's.
    const wrongCourses = await as(ctx.app, 'micro_franquia').post(
      '/api/eventos',
      novoEvento({ clienteId: ids.valinhos, cursoIds: [ids.cursosHorizonte[0]] }),
    );
    expect(wrongCourses.statusCode).toBe(400);
  });

  it('a vendedor creates events for the clientes it registered only', async () => {
    const own = await as(ctx.app, 'vendedor').post('/api/eventos', novoEvento({ clienteId: ids.horizonte }));
    expect(own.statusCode).toBe(201);
    const other = await as(ctx.app, 'vendedor').post('/api/eventos', novoEvento({ clienteId: ids.contagem }));
    expect(other.statusCode).toBe(404);
  });

  it('is refused to franqueador, franquia and aluno', async () => {
    for (const role of ['franqueador', 'franquia', 'aluno'] as const) {
      const response = await as(ctx.app, role).post('/api/eventos', novoEvento({ clienteId: ids.horizonte }));
      expect(response.statusCode).toBe(403);
    }
  });

  it('answers the messages of SPEC §5', async () => {
    const response = await as(ctx.app, 'cliente').post(
      '/api/eventos',
      novoEvento({ nomeEscola: '', qtdAlunos: 0, cep: '123', estado: 'S', valorTotalDesconto: -5, dataEvento: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      nomeEscola: 'Nome da escola é obrigatório',
      qtdAlunos: 'Quantidade de alunos deve ser maior que 0',
      cep: 'CEP deve ter formato válido (00000-000)',
      estado: 'Estado deve ter 2 caracteres',
      valorTotalDesconto: 'Valor total de desconto deve ser maior ou igual a 0',
      dataEvento: 'Data do evento é obrigatória',
    });
  });
});

describe('distribution date (issue 23)', () => {
  it('refuses cards handed out after the event, on create and edit, with a pt-BR message', async () => {
    const depois = await as(ctx.app, 'cliente').post(
      '/api/eventos',
      novoEvento({ dataDistribuicao: '2030-03-16', dataEvento: '2030-03-15' }),
    );
    expect(depois.statusCode).toBe(400);
    expect(depois.json()).toEqual({
      message: EVENTO_MESSAGES.dataDistribuicaoDepois,
      errors: { dataDistribuicao: EVENTO_MESSAGES.dataDistribuicaoDepois },
    });
    const noDia = await as(ctx.app, 'cliente').post(
      '/api/eventos',
      novoEvento({ dataDistribuicao: '2030-03-15', dataEvento: '2030-03-15' }),
    );
    expect(noDia.statusCode).toBe(201);
    const edit = await as(ctx.app, 'cliente').put(
      `/api/eventos/${noDia.json().id}`,
      novoEvento({ dataDistribuicao: '2030-03-15', dataEvento: '2030-03-14' }),
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual({ dataDistribuicao: EVENTO_MESSAGES.dataDistribuicaoDepois });
  });

  it('offers only active clientes to the event form (GET /api/clientes?status=ativos)', async () => {
    const response = await as(ctx.app, 'micro_franquia').get('/api/clientes?status=ativos&pageSize=100');
    expect(response.statusCode).toBe(200);
    expect((response.json() as { isActive: boolean }[]).every((c) => c.isActive)).toBe(true);
  });

  it('refuses a deactivated cliente for a new event with a pt-BR 400; its own events stay editable (issue 23)', async () => {
    const existing = await as(ctx.app, 'micro_franquia').post('/api/eventos', novoEvento({ clienteId: ids.valinhos }));
    expect(existing.statusCode).toBe(201);
    const db = ctx.handle.db;
    await db.update(clientes).set({ isActive: false }).where(eq(clientes.id, ids.valinhos));
    try {
      const offered = (await as(ctx.app, 'micro_franquia').get('/api/clientes?status=ativos&pageSize=100')).json() as {
        id: string;
      }[];
      expect(offered.map((c) => c.id)).not.toContain(ids.valinhos);
      expect(offered.map((c) => c.id)).toContain(ids.horizonte);

      const before = await countEventos();
      const refused = await as(ctx.app, 'micro_franquia').post('/api/eventos', novoEvento({ clienteId: ids.valinhos }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: EVENTO_MESSAGES.clienteInativo,
        errors: { clienteId: EVENTO_MESSAGES.clienteInativo },
      });
      expect(await countEventos()).toBe(before);

      const moved = await as(ctx.app, 'micro_franquia').put(
        `/api/eventos/${existing.json().id}`,
        novoEvento({ clienteId: ids.valinhos, nomeEscola: 'Escola Valinhos Renomeada' }),
      );
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ clienteId: ids.valinhos, nomeEscola: 'Escola Valinhos Renomeada' });
    } finally {
      await db.update(clientes).set({ isActive: true }).where(eq(clientes.id, ids.valinhos));
    }
  });
});

describe('PUT /api/eventos/:id', () => {
  async function createAsCliente(overrides: Record<string, unknown> = {}): Promise<Evento> {
    const response = await as(ctx.app, 'cliente').post('/api/eventos', novoEvento(overrides));
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  it('replaces the fields and the course set', async () => {
    const evento = await createAsCliente({ cursoIds: ids.cursosHorizonte.slice(0, 2) });
    const response = await as(ctx.app, 'cliente').put(`/api/eventos/${evento.id}`, {
      ...novoEvento({ nomeEscola: 'Escola Renomeada', cursoIds: [ids.cursosHorizonte[2]] }),
      status: 'em_andamento',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nomeEscola: 'Escola Renomeada',
      status: 'em_andamento',
      cursoIds: [ids.cursosHorizonte[2]],
    });
    const links = await ctx.handle.db.select().from(eventosCursos).where(eq(eventosCursos.eventoId, evento.id));
    expect(links).toHaveLength(1);
  });

  it('concluido and cancelado are final', async () => {
    const evento = await createAsCliente();
    const done = await as(ctx.app, 'cliente').put(`/api/eventos/${evento.id}`, {
      ...novoEvento(),
      status: 'concluido',
    });
    expect(done.statusCode).toBe(200);
    const back = await as(ctx.app, 'cliente').put(`/api/eventos/${evento.id}`, {
      ...novoEvento(),
      status: 'agendado',
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('Evento concluído ou cancelado não pode mudar de status');
    // Other fields of a final event may still be corrected.
    const fix = await as(ctx.app, 'cliente').put(`/api/eventos/${evento.id}`, {
      ...novoEvento({ observacao: 'Corrigido' }),
    });
    expect(fix.statusCode).toBe(200);
    expect(fix.json()).toMatchObject({ status: 'concluido', observacao: 'Corrigido' });
  });

  it("keeps each role's X-Total-Count equal to the events it lists as one is created and moved (issue 46)", async () => {
    // A list's whole scope is counted by the triggers' counters (scope_counts), not by reading its rows.
    const roles = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'] as const;
    const listed = async () => {
      const totals: Record<string, number> = {};
      for (const role of roles) {
        const response = await as(ctx.app, role).get('/api/eventos?pageSize=100');
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count'], role).toBe(String(response.json().length));
        totals[role] = response.json().length;
      }
      return totals;
    };
    const before = await listed();
    const evento = await createAsCliente();
    const created = await listed();
    expect(created.cliente).toBe(before.cliente! + 1);
    expect(created.franqueador).toBe(before.franqueador! + 1);
    const moved = await as(ctx.app, 'franquia').put(`/api/eventos/${evento.id}`, {
      ...novoEvento({ clienteId: ids.valinhos }),
    });
    expect(moved.statusCode).toBe(200);
    const after = await listed();
    expect(after.cliente).toBe(before.cliente);
    expect(after.franqueador).toBe(created.franqueador);
  });

  it("keeps a micro-franquia's change of client in its scope and checks courses against the new client", async () => {
    const evento = await createAsCliente({ cursoIds: [ids.cursosHorizonte[0]] });
    const moved = await as(ctx.app, 'micro_franquia').put(`/api/eventos/${evento.id}`, {
      ...novoEvento({ clienteId: ids.valinhos, cursoIds: [ids.cursosHorizonte[0]] }),
    });
    expect(moved.statusCode).toBe(400);
    const outside = await as(ctx.app, 'micro_franquia').put(`/api/eventos/${evento.id}`, {
      ...novoEvento({ clienteId: ids.contagem }),
    });
    expect(outside.statusCode).toBe(404);
    const ok = await as(ctx.app, 'franquia').put(`/api/eventos/${evento.id}`, {
      ...novoEvento({ clienteId: ids.valinhos }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ clienteId: ids.valinhos, cursos: [] });
  });

  it('answers 404 for an event out of scope and 403 to the franqueador', async () => {
    const contagem: Evento = (await as(ctx.app, 'franqueador').get('/api/eventos?q=contagem')).json()[0];
    for (const role of ['cliente', 'micro_franquia', 'vendedor'] as const) {
      const response = await as(ctx.app, role).put(`/api/eventos/${contagem.id}`, {
        ...novoEvento({ clienteId: ids.horizonte }),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Evento não encontrado');
    }
    const franqueador = await as(ctx.app, 'franqueador').put(`/api/eventos/${contagem.id}`, novoEvento());
    expect(franqueador.statusCode).toBe(403);
  });
});

describe("an event's street address (issue 51, ADR 090)", () => {
  const endereco = {
    logradouro: '  Rua Barão de Jaguara ',
    numero: '1000',
    complemento: 'Auditório',
    bairro: 'Centro',
  };

  it('is taken by POST, answered by GET, kept by a PUT that leaves it out and cleared by null', async () => {
    const cliente = as(ctx.app, 'cliente');
    const created = await cliente.post('/api/eventos', novoEvento(endereco));
    expect(created.statusCode).toBe(201);
    const evento: Evento = created.json();
    const trimmed = { ...endereco, logradouro: 'Rua Barão de Jaguara' };
    expect(evento).toMatchObject(trimmed);
    expect((await cliente.get(`/api/eventos/${evento.id}`)).json()).toMatchObject(trimmed);

    // A PUT written before issue 51 (no address in it) leaves the address as it is.
    const semEndereco = novoEvento();
    const kept = await cliente.put(`/api/eventos/${evento.id}`, { ...semEndereco, nomeEscola: evento.nomeEscola });
    expect(kept.statusCode).toBe(200);
    expect((await cliente.get(`/api/eventos/${evento.id}`)).json()).toMatchObject(trimmed);

    const changed = await cliente.put(`/api/eventos/${evento.id}`, {
      ...semEndereco,
      nomeEscola: evento.nomeEscola,
      numero: '1002',
      complemento: null,
      bairro: '',
    });
    expect(changed.statusCode).toBe(200);
    expect((await cliente.get(`/api/eventos/${evento.id}`)).json()).toMatchObject({
      logradouro: 'Rua Barão de Jaguara',
      numero: '1002',
      complemento: null,
      bairro: null,
    });

    // The edit is on the audit trail with the rest of the event.
    const [audit] = await ctx.handle.db
      .select({ alteracoes: auditLog.alteracoes })
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'evento.editar'), eq(auditLog.entidadeId, evento.id)))
      .orderBy(desc(auditLog.em))
      .limit(1);
    expect(audit!.alteracoes).toMatchObject({ numero: ['1000', '1002'], complemento: ['Auditório', null] });
  });

  it('is none when POST leaves it out', async () => {
    const response = await as(ctx.app, 'cliente').post('/api/eventos', novoEvento());
    expect(response.json()).toMatchObject({ logradouro: null, numero: null, complemento: null, bairro: null });
  });

  it.each([
    ['logradouro', 'R'.repeat(201), EVENTO_MESSAGES.logradouro],
    ['numero', '1'.repeat(21), EVENTO_MESSAGES.numero],
    ['complemento', 'C'.repeat(101), EVENTO_MESSAGES.complemento],
    ['bairro', 'B'.repeat(121), EVENTO_MESSAGES.bairro],
    ['logradouro', 42, EVENTO_MESSAGES.enderecoTexto],
  ])('refuses %s = %j with its pt-BR message', async (campo, valor, message) => {
    const before = await countEventos();
    const response = await as(ctx.app, 'cliente').post('/api/eventos', novoEvento({ [campo]: valor }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ [campo]: message });
    expect(await countEventos()).toBe(before);
  });
});
