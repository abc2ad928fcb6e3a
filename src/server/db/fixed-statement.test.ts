import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { queryRows } from '../../../tests/support/database-digest';
import { fixedStatement } from './connect';
import { eventos } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const dialect = new PgDialect({ casing: 'snake_case' });

describe('fixedStatement', () => {
  const statement = fixedStatement(
    2,
    ([nomes, n]) =>
      sql`select ${'constante'}::text as c, u.nome, u.nome = any (${nomes}::text[]) as achado, ${n}::int + 1 as n,
        (select count(*)::int from ${eventos} where ${eventos.vagas} > 1000000) as nenhum
      from unnest(${nomes}::text[]) as u(nome)`,
  );

  it('writes the same text for any values, and binds each call its own, constants kept', async () => {
    const a = dialect.sqlToQuery(statement([['Ana'], 1]));
    const b = dialect.sqlToQuery(statement([['Bia', 'O\'Neil, "aspas" {chaves}', null], 41]));
    expect(a.sql).toBe(b.sql);
    expect(b.params).toEqual([
      'constante',
      ['Bia', 'O\'Neil, "aspas" {chaves}', null],
      41,
      ['Bia', 'O\'Neil, "aspas" {chaves}', null],
    ]);
    const rows = await queryRows<{ c: string; nome: string | null; n: number; nenhum: number }>(
      ctx.handle.db,
      statement([['Bia', 'O\'Neil, "aspas" {chaves}', null], 41]),
    );
    expect(rows.map((r) => r.nome)).toEqual(['Bia', 'O\'Neil, "aspas" {chaves}', null]);
    expect(rows[0]).toMatchObject({ c: 'constante', n: 42, nenhum: 0 });
  });

  it('refuses a statement whose text holds a parameter mark of its own', () => {
    const ambiguous = fixedStatement(1, ([v]) => sql`select '$1' as texto, ${v}::int as n`);
    expect(() => ambiguous([1])).toThrow(/ambiguous/);
  });
});
