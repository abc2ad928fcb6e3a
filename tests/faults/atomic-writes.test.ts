import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { cursoModulos, cursos, eventos, franquias, leads, preMatriculas, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-network';
import { MESSAGES } from '../../src/server/lib/http-error';
import type { Role } from '../../src/shared/roles';
import { createTestApp, login, loginAs, readOutbox, resetLinkFrom, type TestContext } from '../setup/test-app';
import { tableDigests } from '../support/database-digest';
import { clientePayload, empresaPayload, vendedorPayload } from '../support/network-payloads';

/**
 * An error in the middle of a multi-row write leaves no partial rows (issue 9, Faults). For every write that
 * touches several rows, a PostgreSQL trigger makes one of its later statements fail; the answer must be the
 * generic 500, and every table must be exactly as before, byte for byte. The same call made again without the
 * fault then succeeds and writes all its tables: the fault hit a real multi-row write, and nothing left behind
 * (a user, a token spent) stands in its way. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let ctx: TestContext;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['franqueador', 'franquia', 'micro_franquia', 'cliente'] as Role[]) {
    cookies[role] = await loginAs(ctx.app, role);
  }
  await ctx.handle.db.execute(
    sql.raw(`create function fault_injected() returns trigger language plpgsql as $$
      begin raise exception 'falha injetada em %', tg_table_name; end $$`),
  );
});
afterAll(() => ctx.close());

type Call = () => Promise<LightMyRequestResponse>;
const inject = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) => () =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Every public table's row count and a digest of its rows. */
function fingerprint(): Promise<Record<string, string>> {
  return tableDigests(ctx.handle.db);
}

async function withFault<T>(table: string, event: 'insert' | 'update' | 'delete', run: () => Promise<T>): Promise<T> {
  const db = ctx.handle.db;
  await db.execute(
    sql.raw(`create trigger fault_injected before ${event} on ${table} for each row execute function fault_injected()`),
  );
  try {
    return await run();
  } finally {
    await db.execute(sql.raw(`drop trigger fault_injected on ${table}`));
  }
}

const changed = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after).filter((table) => before[table] !== after[table]);

/**
 * The fault at `table`/`event` makes `call` answer 500 and change nothing; without it, `call` succeeds and
 * changes at least `writes`.
 */
async function expectAllOrNothing(
  call: Call,
  fault: { table: string; event: 'insert' | 'update' | 'delete' },
  writes: string[],
) {
  const before = await fingerprint();
  const outbox = readOutbox(ctx.dataDir).length;
  const failed = await withFault(fault.table, fault.event, call);
  expect(failed.statusCode).toBe(500);
  expect(failed.json()).toEqual({ message: MESSAGES.internal, requestId: expect.any(String) });
  await ctx.app.background.drain();
  expect(await fingerprint()).toEqual(before);
  expect(readOutbox(ctx.dataDir)).toHaveLength(outbox);

  const succeeded = await call();
  expect(succeeded.statusCode, succeeded.body).toBeLessThan(300);
  await ctx.app.background.drain();
  expect(changed(before, await fingerprint())).toEqual(expect.arrayContaining(writes));
}

async function demoUserId(email: string): Promise<string> {
  const [row] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function clienteCursoIds(): Promise<string[]> {
  const [cliente] = await ctx.handle.db
    .select({ clienteId: users.clienteId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.cliente));
  const rows = await ctx.handle.db
    .select({ id: cursos.id })
    .from(cursos)
    .where(eq(cursos.clienteId, cliente!.clienteId!));
  return rows.map((r) => r.id);
}

const novoEvento = (cursoIds: string[]) => ({
  nomeEscola: 'Escola da Falha Injetada',
  tipoEscola: 'publica',
  cep: '13024-001',
  cidade: 'Campinas',
  estado: 'SP',
  dataDistribuicao: '2030-03-01',
  dataEvento: '2030-03-15',
  horario: '19:30',
  local: 'igreja',
  qtdAlunos: 120,
  valorTotalDesconto: 1500.5,
  observacao: 'Ginásio coberto',
  cursoIds,
});

describe('a failure in the middle of a multi-row write leaves no partial rows', () => {
  it('franquia and its user (the franquia row fails after the user was written)', async () => {
    const call = inject('POST', '/api/franquias', cookies.franqueador, empresaPayload());
    await expectAllOrNothing(call, { table: 'franquias', event: 'insert' }, ['users', 'franquias']);
  });

  it('franquia and its user (the last statement, linking the user, fails)', async () => {
    const call = inject('POST', '/api/franquias', cookies.franqueador, empresaPayload());
    await expectAllOrNothing(call, { table: 'users', event: 'update' }, ['users', 'franquias']);
  });

  it('micro-franquia and its user', async () => {
    const call = inject('POST', '/api/micro-franquias', cookies.franquia, empresaPayload());
    await expectAllOrNothing(call, { table: 'micro_franquias', event: 'insert' }, ['users', 'micro_franquias']);
  });

  it('cliente and its user', async () => {
    const call = inject('POST', '/api/clientes', cookies.micro_franquia, clientePayload());
    await expectAllOrNothing(call, { table: 'clientes', event: 'insert' }, ['users', 'clientes']);
  });

  it('vendedor and its user', async () => {
    const call = inject('POST', '/api/vendedores', cookies.micro_franquia, vendedorPayload());
    await expectAllOrNothing(call, { table: 'vendedores', event: 'insert' }, ['users', 'vendedores']);
  });

  it('curso and its módulos', async () => {
    const call = inject('POST', '/api/cursos', cookies.cliente, {
      titulo: 'Curso da Falha Injetada',
      descricao: 'Descrição',
      valor: 1500,
      valorComDesconto: 1200,
      parcelas: 10,
      modulos: [
        { titulo: 'Introdução', modulo: '1', cargaHoraria: 20 },
        { titulo: 'Prática', modulo: '2', cargaHoraria: 30 },
      ],
    });
    await expectAllOrNothing(call, { table: 'curso_modulos', event: 'insert' }, ['cursos', 'curso_modulos']);
  });

  it('evento and its cursos', async () => {
    const call = inject('POST', '/api/eventos', cookies.cliente, novoEvento((await clienteCursoIds()).slice(0, 2)));
    await expectAllOrNothing(call, { table: 'eventos_cursos', event: 'insert' }, ['eventos', 'eventos_cursos']);
  });

  it('evento edited with a new course set (its fields stay as they were)', async () => {
    const cursoIds = await clienteCursoIds();
    const created = await inject('POST', '/api/eventos', cookies.cliente, novoEvento(cursoIds.slice(0, 1)))();
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    const call = inject('PUT', `/api/eventos/${id}`, cookies.cliente, {
      ...novoEvento(cursoIds.slice(1, 3)),
      nomeEscola: 'Escola Renomeada',
    });
    await expectAllOrNothing(call, { table: 'eventos_cursos', event: 'insert' }, ['eventos', 'eventos_cursos']);
    const [row] = await ctx.handle.db.select().from(eventos).where(eq(eventos.id, id));
    expect(row!.nomeEscola).toBe('Escola Renomeada');
  });

  it('efetivar: pré-matrícula marked, matrícula, aluno account and link (the link fails last), no e-mail', async () => {
    const [pre] = await ctx.handle.db
      .select({ id: preMatriculas.id })
      .from(preMatriculas)
      .where(and(eq(preMatriculas.nome, 'Lucas Oliveira'), eq(preMatriculas.status, 'pendente')));
    const call = inject('POST', `/api/matriculas/efetivar/${pre!.id}`, cookies.cliente);
    await expectAllOrNothing(call, { table: 'alunos', event: 'insert' }, [
      'pre_matriculas',
      'matriculas',
      'users',
      'alunos',
    ]);
  });

  it('efetivar converts the lead: its status entry failing takes the matrícula back too', async () => {
    const [pre] = await ctx.handle.db
      .select({ id: preMatriculas.id })
      .from(preMatriculas)
      .where(and(eq(preMatriculas.nome, 'Gabriela Santos'), eq(preMatriculas.status, 'pendente')));
    const call = inject('POST', `/api/matriculas/efetivar/${pre!.id}`, cookies.cliente);
    await expectAllOrNothing(call, { table: 'lead_historico', event: 'insert' }, [
      'pre_matriculas',
      'matriculas',
      'leads',
      'lead_historico',
    ]);
  });

  it('the status, owner and return date of a lead and their history entries (the entry fails after the update)', async () => {
    const [lead] = await ctx.handle.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.nomeAluno, 'Pedro Henrique Silva'));
    const call = inject('PATCH', `/api/leads/${lead!.id}`, cookies.micro_franquia, {
      status: 'sem_interesse',
      motivoPerda: 'preco',
      responsavelId: null,
    });
    await expectAllOrNothing(call, { table: 'lead_historico', event: 'insert' }, ['leads', 'lead_historico']);
  });

  it('a first contact: the lead dated and put em_contato with its entries, or nothing', async () => {
    const [lead] = await ctx.handle.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.nomeAluno, 'Beatriz Fernandes'));
    const call = inject('POST', `/api/leads/${lead!.id}/contatos`, cookies.franqueador, {
      canal: 'telefone',
      resultado: 'atendeu',
    });
    await expectAllOrNothing(call, { table: 'lead_historico', event: 'insert' }, ['leads', 'lead_historico']);
  });

  it('módulo removed and the others renumbered (the renumbering fails)', async () => {
    const created = await inject('POST', '/api/cursos', cookies.cliente, {
      titulo: 'Curso para Renumerar',
      descricao: 'Descrição',
      valor: 900,
      parcelas: 3,
      modulos: [
        { titulo: 'Primeiro', modulo: '1', cargaHoraria: 10 },
        { titulo: 'Segundo', modulo: '2', cargaHoraria: 10 },
        { titulo: 'Terceiro', modulo: '3', cargaHoraria: 10 },
      ],
    })();
    expect(created.statusCode).toBe(201);
    const cursoId = (created.json() as { id: string }).id;
    const [first] = await ctx.handle.db
      .select({ id: cursoModulos.id })
      .from(cursoModulos)
      .where(and(eq(cursoModulos.cursoId, cursoId), eq(cursoModulos.ordem, 1)));
    const call = inject('DELETE', `/api/cursos/${cursoId}/modulos/${first!.id}`, cookies.cliente);
    await expectAllOrNothing(call, { table: 'curso_modulos', event: 'update' }, ['curso_modulos']);
  });

  it('user switched off with its franquia row and sessions (the franquia row fails): it still signs in', async () => {
    const other = await login(ctx.app, 'franquia.mg@demo.com.br');
    const id = await demoUserId('franquia.mg@demo.com.br');
    const call = inject('PATCH', `/api/usuarios/${id}`, cookies.franqueador, { isActive: false });
    const before = await fingerprint();
    const failed = await withFault('franquias', 'update', call);
    expect(failed.statusCode).toBe(500);
    expect(await fingerprint()).toEqual(before);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie: other } })).statusCode).toBe(200);
    await expectAllOrNothing(call, { table: 'franquias', event: 'update' }, ['users', 'franquias', 'sessions']);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie: other } })).statusCode).toBe(401);
  });

  it('franquia switched off with its user (the user fails)', async () => {
    const [row] = await ctx.handle.db
      .select({ id: franquias.id })
      .from(franquias)
      .where(eq(franquias.userId, await demoUserId(DEMO_ACCOUNTS.franquia)));
    const call = inject('PATCH', `/api/franquias/${row!.id}`, cookies.franqueador, { isActive: false });
    await expectAllOrNothing(call, { table: 'users', event: 'update' }, ['franquias', 'users']);
  });

  it('password reset: token spent, password changed, sessions ended (ending them fails): the link still works', async () => {
    const email = 'micro.santos@demo.com.br';
    const session = await login(ctx.app, email);
    const forgot = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    await ctx.app.background.drain();
    const token = new URL(resetLinkFrom(readOutbox(ctx.dataDir).at(-1)!)).searchParams.get('token')!;
    const call = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'NovaSenha123' },
      });
    await expectAllOrNothing(call, { table: 'sessions', event: 'delete' }, [
      'password_reset_tokens',
      'users',
      'sessions',
    ]);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie: session } })).statusCode).toBe(401);
    expect(await login(ctx.app, email, 'NovaSenha123')).toMatch(/^sid=/);
  });
});
