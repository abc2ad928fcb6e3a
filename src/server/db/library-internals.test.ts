import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { is, Param, Placeholder, SQL, sql, StringChunk } from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import * as base64 from 'nodemailer/lib/base64';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';
import { describe, expect, it } from 'vitest';
import { clientes, eventos, matriculas } from './schema';
import { compilarLinha, drizzleInterno } from './row-mapper';
// Each driver's module installs the row mapping on its prepared queries (ADR 112).
import './postgres';
import './pglite';

/**
 * The libraries' internals the server leans on (issue 41): drizzle's SQL chunks, which `fixedStatement` builds a
 * compiled statement from (db/connect.ts), and nodemailer's lib/ encoders and MimeNode, with which mail/mime.ts
 * composes what nodemailer's MailComposer would (ADR 046; mime.test.ts compares the bytes). Neither is their public
 * API: each is pinned to the version installed, so an upgrade is a change of its own that runs this file, which
 * fails when what is relied on moved. And drizzle's prepared queries, whose rows db/row-mapper.ts maps: the hook it
 * uses (`customResultMapper`, assigned in their constructor and read by `execute` for a statement with fields) and
 * the mapping it must give, `mapResultRow`'s, value for value and key for key.
 */
const read = <T>(path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;
const manifest = read<{ dependencies: Record<string, string> }>('../../../package.json');
const installed = (name: string) => read<{ version: string }>(`../../../node_modules/${name}/package.json`).version;

describe('the library internals the server leans on', () => {
  it.each(['drizzle-orm', 'nodemailer'])('pins %s to the exact version installed', (name) => {
    expect(manifest.dependencies[name]).toBe(installed(name));
  });

  it("drizzle: a statement's placeholders come back as Placeholder params, and chunks compile to the same text", () => {
    const dialect = new PgDialect({ casing: 'snake_case' });
    const query = dialect.sqlToQuery(sql`select ${sql.placeholder('0')}::int as n, ${'fixo'}::text as t`);
    expect(query.sql).toBe('select $1::int as n, $2::text as t');
    expect(query.params[0]).toBeInstanceOf(Placeholder);
    expect((query.params[0] as Placeholder).name).toBe('0');
    expect(query.params[1]).toBe('fixo');
    const built = new SQL([new StringChunk('select '), new Param([1, 2]), new StringChunk('::int[] as n')]);
    expect(is(built, SQL)).toBe(true);
    expect(built.queryChunks).toHaveLength(3);
    expect(dialect.sqlToQuery(built)).toMatchObject({ sql: 'select $1::int[] as n', params: [[1, 2]] });
  });

  it("nodemailer: the lib/ encoders and MimeNode's methods mime.ts calls are there and encode as they did", () => {
    for (const fn of [
      'foldLines',
      'isPlainText',
      'hasLongerLines',
      'parseHeaderValue',
      'buildHeaderValue',
      'encodeWord',
      'encodeWords',
      'detectMimeType',
      'detectExtension',
    ] as const) {
      expect(typeof mimeFuncs[fn], fn).toBe('function');
    }
    expect(qp.encode(Buffer.from('Inscrição'))).toBe('Inscri=C3=A7=C3=A3o');
    expect(qp.wrap('a'.repeat(80), 76)).toContain('=\r\n');
    expect(base64.wrap(base64.encode(Buffer.from('voucher')), 76)).toBe('dm91Y2hlcg==');
    expect(mimeFuncs.encodeWord('Inscrição', 'Q', 52)).toBe('=?UTF-8?Q?Inscri=C3=A7=C3=A3o?=');
    const node = new MimeNode(false, { baseBoundary: 'unused' });
    node.setHeader('From', 'Rede <nao-responda@exemplo.com.br>');
    expect(node.getEnvelope().from).toBe('nao-responda@exemplo.com.br');
    expect(node.encodeHeaderValue('Subject', 'Inscrição confirmada')).toBe(
      '=?UTF-8?Q?Inscri=C3=A7=C3=A3o_confirmada?=',
    );
  });

  describe("the rows' mapping (db/row-mapper.ts)", () => {
    // A page's shape: the row's columns, a computed text and number, an inner join's and a left join's objects.
    const campos = drizzleInterno.orderSelectedFields({
      id: matriculas.id,
      nome: matriculas.nome,
      efetivadaEm: matriculas.efetivadaEm,
      valor: matriculas.valor,
      parcelas: matriculas.parcelas,
      rotulo: sql<string>`m.nome || '!'`,
      total: sql<number>`count(*)`.mapWith(Number),
      evento: { id: eventos.id, dataEvento: eventos.dataEvento, estado: eventos.estado },
      cliente: { id: clientes.id, nomeFantasia: clientes.nomeFantasia },
      origem: { canal: sql<string | null>`null`, eventoId: eventos.id },
    });
    const nulos = { matriculas: true, eventos: true, clientes: false };
    const valor = fc.oneof(
      fc.constant(null),
      fc.string(),
      fc.integer().map(String),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().replace('T', ' ').replace('Z', '+00')),
    );

    it("maps every row to what drizzle's mapResultRow gives, the same keys in the same order", () => {
      const linha = compilarLinha(campos, nulos);
      fc.assert(
        fc.property(fc.array(valor, { minLength: campos.length, maxLength: campos.length }), (row) => {
          const esperado = drizzleInterno.mapResultRow(campos, row, nulos);
          const obtido = linha(row);
          expect(obtido).toStrictEqual(esperado);
          expect(JSON.stringify(obtido)).toBe(JSON.stringify(esperado));
        }),
        { numRuns: 2000 },
      );
      // The left join that found nothing: its object is null; the inner join's never is.
      const vazio = campos.map((c) => (c.path[0] === 'cliente' ? null : 'x'));
      expect(linha(vazio).cliente).toBeNull();
      expect(linha(campos.map(() => null)).evento).toStrictEqual({ id: null, dataEvento: null, estado: null });
    });

    it.each([
      ['node-postgres', NodePgPreparedQuery],
      ['PGlite', PglitePreparedQuery],
    ] as const)("%s: a statement's rows go through the compiled mapping, drizzle's own mapper is kept", (_, Classe) => {
      const logger = { logQuery: () => {} };
      type Mapper = ((rows: unknown[][]) => unknown[]) | undefined;
      const consulta = (fields: unknown, mapper: Mapper) =>
        new (
          Classe as unknown as new (...args: unknown[]) => { customResultMapper: Mapper; joinsNotNullableMap: unknown }
        )({}, 'select 1', [], logger, new NoopCache(), undefined, undefined, fields, undefined, false, mapper);
      const comCampos = consulta(campos, undefined);
      comCampos.joinsNotNullableMap = nulos;
      const row = campos.map((c) => (c.path[0] === 'cliente' ? null : '7'));
      expect(comCampos.customResultMapper!([row])).toStrictEqual([drizzleInterno.mapResultRow(campos, row, nulos)]);
      // A raw statement (no fields) keeps drizzle's raw path; a relational query keeps its own mapper.
      expect(consulta(undefined, undefined).customResultMapper).toBeUndefined();
      const proprio: Mapper = (rows) => rows;
      expect(consulta(campos, proprio).customResultMapper).toBe(proprio);
    });
  });
});
