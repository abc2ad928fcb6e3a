import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/server/lib/http-error';
import { answerProblems, fuzzWorld, paramNames, RUNS, SEED } from './fuzz/harness';

/**
 * The body as bytes on the wire, for every route that reads one: bodies over the 1 MiB limit (413), text that is not JSON (400),
 * content types other than JSON (415), and bytes that are not UTF-8. Whatever arrives: never a 5xx, a pt-BR
 * message, and nothing written. 300 runs per route in `npm test`; CI's seeded parts (FUZZ_RUNS) take their share
 * of them, as the other fuzz files do.
 */
const RUNS_PER_ROUTE = Math.max(1, Math.round((300 * RUNS) / 1000));
const LIMIT = 1024 * 1024;

const { ctx, plans, fingerprint } = await fuzzWorld();
/** The routes that read a body; a GET's body is never parsed (the other fuzz files send them query strings). */
const routes = ctx.app.routeAccess.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));

const VALID = '{"nome":"Ana","email":"ana@teste.com.br"}';

/** Text no JSON parser accepts. */
const malformed = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '{"a":01}',
    '{"a":1} trailing',
    '{"a":"unterminated}',
    '{"a":"tab\there"}',
    '{"a":"\\x41"}',
    '{"a":"\\u12"}',
    '/* comment */ {}',
    '{"a":1}{"b":2}',
    'null null',
    '[1,2',
    '\u0000',
    'true false',
  ),
  fc.nat({ max: VALID.length - 2 }).map((n) => VALID.slice(0, n + 1)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).filter((s) => !isJson(s)),
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Bytes that are not UTF-8 (a lone continuation byte, an overlong NUL, a surrogate, a truncated sequence). */
const badUtf8 = fc
  .tuple(
    fc.constantFrom(
      [0x80],
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
      [0xff, 0xfe],
      [0xe2, 0x82],
    ),
    fc.constantFrom('nome', 'email', 'titulo', 'eventoId'),
  )
  .map(([bytes, key]) => Buffer.concat([Buffer.from(`{"${key}":"a`), Buffer.from(bytes), Buffer.from('b","x":1}')]));

const NOT_JSON_TYPES = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/jsonx',
  'application/javascript',
  'image/png',
];

type Case =
  | { kind: 'oversized'; extra: number }
  | { kind: 'malformed'; text: string }
  | { kind: 'bad-utf8'; bytes: Buffer }
  | { kind: 'content-type'; type: string }
  | { kind: 'no-content-type' };

const cases: fc.Arbitrary<Case> = fc.oneof(
  fc.nat({ max: 64 * 1024 }).map((extra): Case => ({ kind: 'oversized', extra })),
  malformed.map((text): Case => ({ kind: 'malformed', text })),
  badUtf8.map((bytes): Case => ({ kind: 'bad-utf8', bytes })),
  fc.constantFrom(...NOT_JSON_TYPES).map((type): Case => ({ kind: 'content-type', type })),
  fc.constant<Case>({ kind: 'no-content-type' }),
);

/** What each case must answer on a route that reads a JSON body. */
const EXPECTED: Record<Case['kind'], { status: number; message: string } | null> = {
  oversized: { status: 413, message: MESSAGES.bodyTooLarge },
  malformed: { status: 400, message: MESSAGES.invalidJson },
  'content-type': { status: 415, message: MESSAGES.unsupportedMediaType },
  'no-content-type': { status: 415, message: MESSAGES.unsupportedMediaType },
  // Undecodable bytes become U+FFFD: the body is then checked like any other.
  'bad-utf8': null,
};

describe('the database fingerprint the fuzz files compare', () => {
  it('sees a row changed in place, a row added and a row removed', async () => {
    await fingerprint.refresh();
    expect(await fingerprint.changes()).toBe('');
    await ctx.handle.db.execute(sql`update sac_tickets set titulo = titulo || '.'`);
    expect(await fingerprint.changes()).toBe('sac_tickets');
    await ctx.handle.db.execute(sql`insert into eventos_cursos select * from eventos_cursos limit 0`);
    expect(await fingerprint.changes()).toBe('');
    await ctx.handle.db.execute(
      sql`delete from eventos_cursos where ctid in (select ctid from eventos_cursos limit 1)`,
    );
    expect(await fingerprint.changes()).toBe('eventos_cursos');
    // The same values written again, and a write rolled back, change nothing.
    await ctx.handle.db.execute(sql`update sac_tickets set titulo = titulo`);
    expect(await fingerprint.changes()).toBe('');
    await ctx.handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`update sac_tickets set titulo = titulo || '!'`);
        throw new Error('desfeito');
      })
      .catch(() => undefined);
    expect(await fingerprint.changes()).toBe('');
  });
});

describe(`hostile bodies on the wire: ${RUNS_PER_ROUTE} runs per route, seed ${SEED}`, () => {
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;

    it(key, { timeout: 120_000 }, async () => {
      const caller =
        route.access === 'public' || route.access === 'token'
          ? undefined
          : route.access === 'authenticated'
            ? 'franqueador'
            : (['franqueador', 'franquia', 'micro_franquia', 'cliente', 'vendedor', 'aluno'] as const).find((r) =>
                (route.access as readonly string[]).includes(r),
              )!;
      const cookie = caller ? await plans.freshSession(caller) : undefined;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
        name === 'cep' ? '01310100' : '00000000-0000-4000-8000-000000000000',
      );
      expect(paramNames(route.url).every((name) => !url.includes(`:${name}`))).toBe(true);
      await fingerprint.refresh();

      await fc.assert(
        fc.asyncProperty(cases, async (c) => {
          const headers: Record<string, string> = cookie ? { cookie } : {};
          let payload: string | Buffer;
          switch (c.kind) {
            case 'oversized':
              payload = `{"nome":"${'a'.repeat(LIMIT + c.extra)}"}`;
              headers['content-type'] = 'application/json';
              break;
            case 'malformed':
              payload = c.text;
              headers['content-type'] = 'application/json';
              break;
            case 'bad-utf8':
              payload = c.bytes;
              headers['content-type'] = 'application/json';
              break;
            case 'content-type':
              payload = VALID;
              headers['content-type'] = c.type;
              break;
            case 'no-content-type':
              payload = Buffer.from(VALID);
              break;
          }
          const response = await ctx.app.inject({ method: route.method as 'POST', url, headers, payload });
          const problems = answerProblems(response);
          const changed = await fingerprint.changes();
          const status = response.statusCode;
          if (status >= 400 && changed) problems.push(`refused with ${status}, yet changed ${changed}`);
          // The SAC message takes multipart (its attachments, issue 19), and so does the import's upload (issue 50): a
          // body that is not is a bad request there.
          const takesMultipart = key === 'POST /api/sac/tickets/:id/mensagens' || key === 'POST /api/importacoes';
          const expected =
            c.kind === 'content-type' && takesMultipart && c.type.startsWith('multipart/')
              ? { status: 400, message: MESSAGES.invalidInput }
              : EXPECTED[c.kind];
          if (expected) {
            const message = (response.json() as { message?: string }).message;
            // An empty body is refused as JSON before its type is looked at; either refusal is right.
            const emptyBody = c.kind === 'malformed' && c.text.trim() === '';
            if (status !== expected.status && !(emptyBody && status === 400)) {
              problems.push(`expected ${expected.status}, got ${status}`);
            } else if (status === expected.status && message !== expected.message) {
              problems.push(`expected "${expected.message}", got "${message}"`);
            }
          }
          if (problems.length > 0) {
            throw new Error(`${problems.join('\n')}\n${c.kind} → ${status} ${response.body.slice(0, 300)}`);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    });
  }
});
