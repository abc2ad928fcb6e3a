import { readFileSync } from 'node:fs';
import { is, Param, Placeholder, SQL, sql, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as base64 from 'nodemailer/lib/base64';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';
import { describe, expect, it } from 'vitest';

/**
 * The libraries' internals the server leans on (issue 41): drizzle's SQL chunks, which `fixedStatement` builds a
 * compiled statement from (db/connect.ts), and nodemailer's lib/ encoders and MimeNode, with which mail/mime.ts
 * composes what nodemailer's MailComposer would (ADR 046; mime.test.ts compares the bytes). Neither is their public
 * API: each is pinned to the version installed, so an upgrade is a change of its own that runs this file, which
 * fails when what is relied on moved.
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
});
