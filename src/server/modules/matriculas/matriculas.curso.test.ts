import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { MIGRATIONS_FOLDER } from '../../db/connect';
import { as } from '../../../../tests/support/inject-as';
import { makeCnpj } from '../../../shared/brazil-ids';
import {
  auditLog,
  cursoModulos,
  cursos,
  eventos,
  franqueadores,
  franquias,
  matriculas,
  microFranquias,
  preMatriculas,
  users,
} from '../../db/schema';
import type { MatriculaItem } from '../../../shared/schemas/funnel';
import { MATRICULA_MESSAGES } from '../../../shared/schemas/matricula';

/**
 * Issue 42, first slice: Efetivar takes a course -- the pré-matrícula's, the event's only one, or the one the
 * staff choose -- and the matrícula keeps the course and its price as they were, whatever the course becomes.
 */

let ctx: TestContext;
const ids = {} as Record<'campinas' | 'contagem' | 'adm' | 'ingles' | 'informatica' | 'outraRedePre', string>;

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  return row!;
}

const eventoDe = async (nome: string) =>
  (await one(ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.nome, nome)))).eventoId;
const cursoId = async (titulo: string) =>
  (await one(ctx.handle.db.select({ id: cursos.id }).from(cursos).where(eq(cursos.titulo, titulo)))).id;

let seq = 0;
/** A pending pré-matrícula of the event, with or without a course of interest. */
async function novaPre(eventoId: string, cursoInteresse: string | null = null): Promise<string> {
  seq += 1;
  const row = await one(
    ctx.handle.db
      .insert(preMatriculas)
      .values({ eventoId, nome: `Aluno Curso ${seq}`, email: `aluno.curso.${seq}@email.com`, cursoInteresse })
      .returning({ id: preMatriculas.id }),
  );
  return row.id;
}

const matriculaDa = (preId: string) =>
  ctx.handle.db.select().from(matriculas).where(eq(matriculas.preMatriculaId, preId));

/** Another franqueador's network down to an event and a pending pré-matrícula: the demo's staff never reach it. */
async function insertOutraRede(): Promise<string> {
  const db = ctx.handle.db;
  const user = async (email: string, role: 'franqueador' | 'franquia' | 'micro_franquia') =>
    (await one(db.insert(users).values({ email, password: 'x', role }).returning({ id: users.id }))).id;
  const dono = await user('dono.outra.rede@teste.com.br', 'franqueador');
  const rede = await one(
    db
      .insert(franqueadores)
      .values({ userId: dono, razaoSocial: 'Outra Rede S.A.', cnpj: makeCnpj('910000010001') })
      .returning({ id: franqueadores.id }),
  );
  const local = { cep: '01001000', cidade: 'São Paulo', estado: 'SP', repLegal: 'Fulano' };
  const franquia = await one(
    db
      .insert(franquias)
      .values({
        franqueadorId: rede.id,
        userId: await user('franquia.outra.rede@teste.com.br', 'franquia'),
        razaoSocial: 'Franquia da Outra Rede',
        cnpj: makeCnpj('910000020001'),
        ...local,
      })
      .returning({ id: franquias.id }),
  );
  const micro = await one(
    db
      .insert(microFranquias)
      .values({
        franquiaId: franquia.id,
        userId: await user('micro.outra.rede@teste.com.br', 'micro_franquia'),
        razaoSocial: 'Micro da Outra Rede',
        cnpj: makeCnpj('910000030001'),
        ...local,
      })
      .returning({ id: microFranquias.id }),
  );
  const evento = await one(
    db
      .insert(eventos)
      .values({
        microFranquiaId: micro.id,
        nomeEscola: 'Escola da Outra Rede',
        tipoEscola: 'publica',
        cidade: 'São Paulo',
        estado: 'SP',
        dataDistribuicao: '2026-12-01',
        dataEvento: '2026-12-10',
        horario: '10:00',
        local: 'escola',
        qtdAlunos: 10,
      })
      .returning({ id: eventos.id }),
  );
  return novaPre(evento.id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  ids.campinas = await eventoDe('Lucas Oliveira');
  ids.contagem = await eventoDe('Beatriz Fernandes');
  ids.adm = await cursoId('Técnico em Administração');
  ids.ingles = await cursoId('Inglês Intensivo');
  ids.informatica = await cursoId('Informática Básica');
  ids.outraRedePre = await insertOutraRede();
});
afterAll(() => ctx.close());

describe('Efetivar takes a course and keeps its price (issue 42)', () => {
  it("takes the pré-matrícula's course of interest, with its price split in parcelas, and audits it", async () => {
    const id = await novaPre(ids.campinas, 'Técnico em Administração');
    const response = await as(ctx.app, 'cliente').post(`/api/matriculas/efetivar/${id}`);
    expect(response.statusCode, response.body).toBe(201);
    // R$ 4.800,00 with a discount to R$ 3.840,00 in 12x of R$ 320,00; 80 + 60 + 40 hours.
    expect(response.json()).toMatchObject({
      cursoId: ids.adm,
      cursoTitulo: 'Técnico em Administração',
      cursoCargaHoraria: 180,
      valor: 4800,
      valorComDesconto: 3840,
      parcelas: 12,
      valorTotal: 3840,
      valorParcela: 320,
      valorUltimaParcela: 320,
    });
    const [auditoria] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'matricula.efetivar'), eq(auditLog.entidadeId, response.json().id)));
    expect(auditoria!.detalhes).toMatchObject({
      preMatriculaId: id,
      cursoId: ids.adm,
      cursoTitulo: 'Técnico em Administração',
      valorTotal: 3840,
      parcelas: 12,
    });
  });

  it("takes the event's only active course when the pré-matrícula names none", async () => {
    const id = await novaPre(ids.contagem);
    const response = await as(ctx.app, 'franqueador').post(`/api/matriculas/efetivar/${id}`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      cursoId: ids.informatica,
      cursoTitulo: 'Informática Básica',
      cursoCargaHoraria: 20,
      valor: 600,
      valorComDesconto: null,
      parcelas: 3,
      valorTotal: 600,
      valorParcela: 200,
      valorUltimaParcela: 200,
    });
  });

  it('takes the course the staff choose, over the course of interest, and the last parcela takes the rounding', async () => {
    // R$ 1.000,00 in 3: 333,33 + 333,33 + 333,34.
    await ctx.handle.db.update(cursos).set({ valor: 1000, parcelas: 3 }).where(eq(cursos.id, ids.ingles));
    const id = await novaPre(ids.campinas, 'Técnico em Administração');
    const response = await as(ctx.app, 'micro_franquia').post(`/api/matriculas/efetivar/${id}`, {
      cursoId: ids.ingles,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      cursoId: ids.ingles,
      cursoTitulo: 'Inglês Intensivo',
      cursoCargaHoraria: 96,
      valor: 1000,
      valorComDesconto: null,
      parcelas: 3,
      valorTotal: 1000,
      valorParcela: 333.33,
      valorUltimaParcela: 333.34,
    });
  });

  it("answers 400 'Escolha o curso da matrícula.' when no course is given or determinable, and changes nothing", async () => {
    // The event offers two courses; one pré-matrícula names none, the other a course the event does not offer.
    for (const id of [await novaPre(ids.campinas), await novaPre(ids.campinas, 'Robótica')]) {
      for (const body of [undefined, {}, { cursoId: '' }, { cursoId: null }]) {
        const response = await as(ctx.app, 'cliente').post(`/api/matriculas/efetivar/${id}`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toEqual({
          message: 'Escolha o curso da matrícula.',
          errors: { cursoId: 'Escolha o curso da matrícula.' },
        });
      }
      expect(await matriculaDa(id)).toHaveLength(0);
      const pre = await one(ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.id, id)));
      expect(pre.status).toBe('pendente');
    }
  });

  it("answers 400 for a course that is not one of the event's active courses", async () => {
    const id = await novaPre(ids.campinas);
    const inativo = await one(
      ctx.handle.db
        .insert(cursos)
        .values({
          clienteId: (await one(ctx.handle.db.select().from(cursos).where(eq(cursos.id, ids.adm)))).clienteId,
          titulo: 'Curso Inativo',
          valor: 10,
          isActive: false,
        })
        .returning({ id: cursos.id }),
    );
    for (const cursoId of [ids.informatica, inativo.id, '0b0b0b0b-0000-4000-8000-000000000000']) {
      const response = await as(ctx.app, 'cliente').post(`/api/matriculas/efetivar/${id}`, { cursoId });
      expect(response.statusCode, cursoId).toBe(400);
      expect(response.json()).toEqual({
        message: MATRICULA_MESSAGES.cursoForaDoEvento,
        errors: { cursoId: MATRICULA_MESSAGES.cursoForaDoEvento },
      });
    }
    const malformado = await as(ctx.app, 'cliente').post(`/api/matriculas/efetivar/${id}`, { cursoId: 'abc' });
    expect(malformado.statusCode).toBe(400);
    expect(malformado.json().errors).toEqual({ cursoId: MATRICULA_MESSAGES.cursoForaDoEvento });
    expect(await matriculaDa(id)).toHaveLength(0);
  });

  it("keeps the snapshot when the course's price, title and modules change later", async () => {
    const id = await novaPre(ids.contagem, 'Informática Básica');
    const efetivada = await as(ctx.app, 'franqueador').post(`/api/matriculas/efetivar/${id}`);
    expect(efetivada.statusCode, efetivada.body).toBe(201);
    const antes = efetivada.json() as MatriculaItem;

    const mudou = await as(ctx.app, { email: 'cliente.contagem@demo.com.br' }).patch(`/api/cursos/${ids.informatica}`, {
      titulo: 'Informática Avançada',
      valor: 900,
      valorComDesconto: 850,
      parcelas: 5,
    });
    expect(mudou.statusCode, mudou.body).toBe(200);
    await ctx.handle.db.insert(cursoModulos).values({
      cursoId: ids.informatica,
      titulo: 'Planilhas',
      modulo: '2',
      cargaHoraria: 40,
      ordem: 2,
    });

    const lista = (
      await as(ctx.app, 'franqueador').get(`/api/matriculas?q=${encodeURIComponent(antes.nome)}`)
    ).json() as MatriculaItem[];
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({
      id: antes.id,
      cursoId: ids.informatica,
      cursoTitulo: 'Informática Básica',
      cursoCargaHoraria: 20,
      valor: 600,
      valorComDesconto: null,
      parcelas: 3,
      valorTotal: 600,
      valorParcela: 200,
      valorUltimaParcela: 200,
    });
    // The next matrícula of the course takes its price of now.
    const depois = await as(ctx.app, 'franqueador').post(`/api/matriculas/efetivar/${await novaPre(ids.contagem)}`);
    expect(depois.json()).toMatchObject({
      cursoTitulo: 'Informática Avançada',
      valorTotal: 850,
      parcelas: 5,
      valorParcela: 170,
      cursoCargaHoraria: 60,
    });
  });

  it("answers 404 for another network's pré-matrícula, whatever the body, before looking at the course", async () => {
    for (const caller of ['franqueador', 'franquia', 'micro_franquia', 'cliente'] as const) {
      for (const body of [undefined, { cursoId: ids.adm }]) {
        const response = await as(ctx.app, caller).post(`/api/matriculas/efetivar/${ids.outraRedePre}`, body);
        expect(response.statusCode, caller).toBe(404);
        expect(response.json()).toEqual({ message: 'Pré-matrícula não encontrada' });
      }
    }
    expect(await matriculaDa(ids.outraRedePre)).toHaveLength(0);
  });

  it('lists the matrículas with their snapshot; a matrícula from before it answers nulls', async () => {
    const lista = (await as(ctx.app, 'franqueador').get('/api/matriculas?q=rafaela')).json() as MatriculaItem[];
    expect(lista[0]).toMatchObject({
      nome: 'Rafaela Lima',
      cursoId: null,
      cursoTitulo: null,
      cursoCargaHoraria: null,
      valor: null,
      valorComDesconto: null,
      parcelas: null,
      valorTotal: null,
      valorParcela: null,
      valorUltimaParcela: null,
    });
    const count = await ctx.handle.db.select({ n: sql<number>`count(*)::int` }).from(matriculas);
    expect(Number(count[0]!.n)).toBeGreaterThan(2);
  });

  it("migration 0037 fills a matrícula made before it from its pré-matrícula's course, and leaves the others", async () => {
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0037_matricula_curso_preco.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/UPDATE "matriculas"/);
    const semPreco = {
      cursoId: null,
      cursoTitulo: null,
      cursoCargaHoraria: null,
      valor: null,
      valorComDesconto: null,
      parcelas: null,
      valorTotal: null,
      valorParcela: null,
      valorUltimaParcela: null,
    };
    const antes = await ctx.handle.db.select().from(matriculas);
    // As the rows were before the migration: no snapshot at all.
    await ctx.handle.db.update(matriculas).set(semPreco);
    await ctx.handle.db.execute(sql.raw(backfill));
    const depois = await ctx.handle.db.select().from(matriculas);
    const porId = new Map(depois.map((m) => [m.id, m]));
    const mariana = depois.find((m) => m.nome === 'Mariana Costa' && m.cursoInteresse === 'Preparatório ENEM')!;
    expect(mariana).toMatchObject({
      cursoTitulo: 'Preparatório ENEM',
      cursoCargaHoraria: 60,
      valor: 1200,
      valorComDesconto: 960,
      parcelas: 1,
      valorTotal: 960,
      valorParcela: 960,
      valorUltimaParcela: 960,
    });
    expect(porId.get(depois.find((m) => m.nome === 'Rafaela Lima')!.id)).toMatchObject(semPreco);
    // A pré-matrícula without a course of interest is not guessed from its event, even one with a single course.
    for (const m of antes.filter((row) => row.cursoInteresse === null)) expect(porId.get(m.id)).toMatchObject(semPreco);
  });
});
