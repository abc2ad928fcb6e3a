import { describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { containsIgnoringAccents, containsInSearchText, searchAny } from '../lib/pagination';
import { auditLog, leads, users } from './schema';
import { fixedStatement, planejadaACadaChamada } from './connect';
import { declararNome, keepsPlan, preparedName, statementName } from './statement-name';

const textOf = (where: SQL | undefined) =>
  new PgDialect().sqlToQuery(sql`select ${auditLog.id} from ${auditLog} where ${where}`).sql;

describe('statementName', () => {
  it('names a statement by its text, within the 63 bytes PostgreSQL allows, the same each time', () => {
    const name = statementName('select 1 where $1');
    expect(name).toBe(statementName('select 1 where $1'));
    expect(name).not.toBe(statementName('select 2 where $1'));
    expect(name.length).toBeLessThanOrEqual(63);
  });
});

describe('keepsPlan', () => {
  it("plans every search for its own pattern: the audit trail's, a list's q, a trigram text match", () => {
    const auditoria = textOf(
      and(
        eq(auditLog.franqueadorId, '8f243c0d-5b21-454c-83cc-10719ce7e074'),
        sql`${auditLog.usuarioId} in (select ${users.id} from ${users} where ${containsIgnoringAccents(users.nome, 'JOSÉ da')})`,
      ),
    );
    expect(keepsPlan(auditoria)).toBe(false);
    expect(keepsPlan(textOf(searchAny('Oliveira', [leads.nomeAluno, leads.email])))).toBe(false);
    expect(keepsPlan(textOf(containsInSearchText(sql`lower(${leads.nomeAluno})`, 'oli')))).toBe(false);
  });

  it('plans a comparison with a list of keys passed as one array for the keys it holds', () => {
    expect(keepsPlan(textOf(sql`${auditLog.usuarioId} = any(${sql.param(['a', 'b'])}::uuid[])`))).toBe(false);
  });

  it("plans a report's aggregation for its own period and node at every call, where it is marked so", () => {
    const report = sql`select ${auditLog.entidade}, count(*) from ${auditLog} where ${auditLog.em} > ${'2026-01-01'} group by 1`;
    expect(keepsPlan(textOf(sql`${auditLog.id} in (${report})`))).toBe(true);
    const marked = new PgDialect().sqlToQuery(planejadaACadaChamada(report)).sql;
    expect(marked.startsWith('/* planejada a cada chamada */ select')).toBe(true);
    expect(keepsPlan(marked)).toBe(false);
    expect(preparedName(marked)).toBeNull();
  });

  it('keeps the plan of a statement that compares values, whatever its columns are called', () => {
    expect(keepsPlan(textOf(eq(auditLog.franqueadorId, '8f243c0d-5b21-454c-83cc-10719ce7e074')))).toBe(true);
    expect(keepsPlan('select "likes_count", "unlike" from "t" where "id" = $1')).toBe(true);
  });
});

describe('preparedName', () => {
  it('prepares a hot statement under the name it was given, whatever its text holds', () => {
    // A text the search rule would plan every time: its name decides, not its words.
    const texto = 'select id from "leads" where "nome_aluno" ilike $1 and "id" = any($2::uuid[])';
    declararNome('probe_quente', texto);
    expect(preparedName(texto)).toBe('n_probe_quente');
    expect(preparedName('select id from "leads" where "nome_aluno" ilike $1')).toBeNull();
    expect(preparedName('select id from "leads" where "id" = $1')).toBe(
      statementName('select id from "leads" where "id" = $1'),
    );
  });

  it('gives one name one text', () => {
    declararNome('probe_unico', 'select 1 where $1');
    declararNome('probe_unico', 'select 1 where $1');
    expect(() => declararNome('probe_unico', 'select 2 where $1')).toThrow(/declared twice/);
    expect(() => declararNome('Probe Nome', 'select 3 where $1')).toThrow(/lower case/);
  });

  it('names a fixed statement by the text PostgreSQL is handed, for any values', () => {
    const statement = fixedStatement(
      1,
      ([v]) => sql`select ${v}::int + 1 as n from ${leads} where ${leads.nomeAluno} like 'x%'`,
      'probe_fixo',
    );
    const dialect = new PgDialect({ casing: 'snake_case' });
    const text = dialect.sqlToQuery(statement([1])).sql;
    expect(dialect.sqlToQuery(statement([41])).sql).toBe(text);
    expect(preparedName(text)).toBe('n_probe_fixo');
  });
});
