import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  integer,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { executeRows } from '../db/connect';
import { jsonRow } from './json-row';

/**
 * A row read as one JSON value (issue 42's bench) is the object drizzle's select of the same fields builds: every
 * supported column type, nulls, texts JSON must escape, timestamps with microseconds (the same millisecond), money,
 * a nested object and a SQL field with its own reading.
 */

const tipo = pgEnum('json_row_probe_tipo', ['um', 'dois']);
const probe = pgTable('json_row_probe', {
  id: uuid().primaryKey(),
  nome: text(),
  n: integer(),
  pequeno: smallint(),
  ativo: boolean(),
  tipo: tipo(),
  valor: numeric({ precision: 10, scale: 2, mode: 'number' }),
  quando: timestamp({ withTimezone: true }),
  dia: date({ mode: 'string' }),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  await executeRows(db, sql`create type json_row_probe_tipo as enum ('um', 'dois')`);
  await executeRows(
    db,
    sql`create table json_row_probe (id uuid primary key, nome text, n integer, pequeno smallint, ativo boolean,
      tipo json_row_probe_tipo, valor numeric(10, 2), quando timestamptz, dia date)`,
  );
  await db.insert(probe).values([
    {
      id: '00000000-0000-4000-8000-000000000001',
      nome: 'João "Zé" d\'Ávila \\ \n\t\u0001 — 😀 ',
      n: -2147483648,
      pequeno: 32767,
      ativo: true,
      tipo: 'um',
      valor: 1234.5,
      dia: '2026-02-28',
    },
    { id: '00000000-0000-4000-8000-000000000002' },
    {
      id: '00000000-0000-4000-8000-000000000003',
      nome: '',
      n: 0,
      pequeno: -1,
      ativo: false,
      tipo: 'dois',
      valor: 0.01,
      dia: '1999-12-31',
    },
  ]);
  // Microseconds the Date cannot hold, on both sides of a millisecond.
  await executeRows(
    db,
    sql`update json_row_probe set quando = case id
      when '00000000-0000-4000-8000-000000000001' then '2026-11-29 06:15:41.123999+00'::timestamptz
      when '00000000-0000-4000-8000-000000000003' then '1970-01-01 00:00:00.000001-03'::timestamptz end`,
  );
});
afterAll(() => ctx.close());

const fields = {
  id: probe.id,
  nome: probe.nome,
  n: probe.n,
  pequeno: probe.pequeno,
  ativo: probe.ativo,
  tipo: probe.tipo,
  valor: probe.valor,
  quando: probe.quando,
  dia: probe.dia,
  vazio: sql<boolean>`(${probe.nome} is null)`,
  dobro: sql<number>`${probe.n}::text`.mapWith((v: unknown) => Number(v) * 2),
  dentro: { nome: probe.nome, quando: probe.quando, valor: probe.valor },
};

describe('jsonRow', () => {
  it('reads each row as drizzle reads the same fields', async () => {
    const db = ctx.handle.db;
    const colunas = await db.select(fields).from(probe).orderBy(probe.id);
    const json = await db
      .select({ linha: jsonRow<(typeof colunas)[number]>(fields) })
      .from(probe)
      .orderBy(probe.id);
    expect(colunas).toHaveLength(3);
    expect(json.map((r) => r.linha)).toEqual(colunas);
    expect(JSON.stringify(json.map((r) => r.linha))).toBe(JSON.stringify(colunas));
    expect(colunas[0]!.quando!.toISOString()).toBe('2026-11-29T06:15:41.123Z');
    expect(json[0]!.linha.dentro.quando).toBeInstanceOf(Date);
  });

  it('reads one row by its key, and no row as none', async () => {
    const db = ctx.handle.db;
    const [row] = await db
      .select({ linha: jsonRow<{ id: string; valor: number | null }>({ id: probe.id, valor: probe.valor }) })
      .from(probe)
      .where(eq(probe.id, '00000000-0000-4000-8000-000000000003'));
    expect(row?.linha).toEqual({ id: '00000000-0000-4000-8000-000000000003', valor: 0.01 });
    const none = await db
      .select({ linha: jsonRow({ id: probe.id }) })
      .from(probe)
      .where(eq(probe.id, '00000000-0000-4000-8000-000000000009'));
    expect(none).toEqual([]);
  });

  it('refuses a column whose JSON would read otherwise, and a key it cannot write', () => {
    const texto = pgTable('json_row_texto', { quando: timestamp({ mode: 'string' }) });
    expect(() => jsonRow({ quando: texto.quando })).toThrow(/not supported/);
    expect(() => jsonRow({ "o'k": probe.id })).toThrow(/key/);
  });
});
