import fc from 'fast-check';

/**
 * Hostile input for the fuzz tests. Bodies and query strings are generated as TEXT, not as objects, so they can
 * carry what a JavaScript object cannot: a `__proto__` key, a repeated key, numbers beyond a double (1e400), and
 * nesting deeper than any form would send.
 */

/** Known troublemakers: SQL, HTML, spreadsheet formulas, NUL, direction overrides, zero-width, lone surrogates... */
export const PAYLOADS = [
  "'; drop table leads; --",
  "' or '1'='1",
  "Robert'); DROP TABLE alunos;--",
  '1; select pg_sleep(5); --',
  '" or ""="',
  '\\',
  "O'Brien",
  "São João d'Aliança",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '=HYPERLINK("http://x")',
  '+SUM(1)',
  '-1+2',
  '@cmd',
  '=1+1',
  '\u0000',
  'Ana\u0000Souza',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'שלום עולם',
  'a\u200B\u200C\u200D\uFEFFb',
  '👩‍👩‍👧‍👦🇧🇷',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uD800',
  'x\uDFFFy',
  '\u0085\u2028\u2029',
  '\u001b[31mred',
  '../../../../etc/passwd',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '%00',
  '%',
  '%zz',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '1e309',
  ' ',
  '',
  '\t\n\r',
  'ç'.repeat(300),
  '😀'.repeat(151),
  'a'.repeat(5001),
] as const;

/** Short payloads, for embedding in otherwise valid text so the value still passes validation. */
const SHORT_PAYLOADS = PAYLOADS.filter((p) => p.length > 0 && p.length <= 40);

const oddCodeUnit = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u202e',
  '\u2066',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\uffff',
  '😀',
  "'",
  '"',
  '\\',
  '<',
  '>',
  '%',
  '_',
  '\n',
  '\t',
  'ã',
  'a',
);

/** A hostile string of any length up to a few hundred thousand characters. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: oddCodeUnit, maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom('a', 'ã', '😀', '\u0000', "'", '<'))
      .map(([n, c]) => c.repeat(n)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('Maria', 'Escola Nova', 'Rua A, 10'), fc.constantFrom(...SHORT_PAYLOADS))
      .map(([text, payload]) => `${text} ${payload}`),
  },
);

/** A JSON number token a browser would never send: beyond a double, negative zero, huge integers. */
const numberToken: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1e400',
    '-1e400',
    '1e-400',
    '-0',
    '0.1e1',
    '123456789012345678901234567890',
    '9007199254740993',
    '-9007199254740993',
    '2147483648',
    '-2147483649',
    '99999999999.999',
    '1.5',
    '-1',
    '0',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
);

/** Nesting as deep as a parser may choke on. */
const deepToken: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 10, max: 20_000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
  fc.integer({ min: 10, max: 5_000 }).map((d) => '{"a":'.repeat(d) + '1' + '}'.repeat(d)),
);

const pollutionToken = fc.constantFrom(
  '{"__proto__":{"isAdmin":true,"role":"franqueador"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"__proto__":null}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
);

const stringToken = hostileString.map((s) => JSON.stringify(s));

/** Any JSON value as text, biased towards what breaks servers. */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: stringToken },
  { weight: 3, arbitrary: numberToken },
  { weight: 2, arbitrary: fc.constantFrom('null', 'true', 'false', '[]', '{}', '""', '[null]', '[{}]') },
  { weight: 1, arbitrary: deepToken },
  { weight: 1, arbitrary: pollutionToken },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.array(stringToken, { maxLength: 4 }).map((items) => `[${items.join(',')}]`) },
);

/** Keys a caller must not get to set, and keys that poison a careless merge. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'hasOwnProperty',
    'toString',
    'role',
    'id',
    'isActive',
    'createdAt',
    'updatedAt',
    'franqueadorId',
    'franquiaId',
    'microFranquiaId',
    'clienteId',
    'vendedorId',
    'userId',
    'solicitanteId',
    'responsavelId',
    'efetivadaEm',
    'status',
    'password',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

export type Entries = [key: string, jsonText: string][];

export function objectText(entries: Entries): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** A valid body (a fresh one for every seed) as entries of JSON text. */
export type Sample = (seed: number) => Record<string, unknown>;

const jsonEntries = (body: Record<string, unknown>): Entries =>
  Object.entries(body).map(([key, value]) => [key, JSON.stringify(value)]);

/**
 * A JSON body for a route: mostly its valid sample with one to three fields made hostile (so the rest of the
 * body gets past validation), then the sample with payloads embedded in its texts (often still valid, so they
 * reach the database), the plain sample, the schema's keys all hostile, and whole bodies of the wrong shape.
 */
export function bodyText(sample: Sample | undefined, schemaKeys: readonly string[]): fc.Arbitrary<string> {
  const seed = fc.nat({ max: 2 ** 30 });
  const keysOnly: Sample = () => Object.fromEntries(schemaKeys.map((k) => [k, 'x']));
  const base = sample ?? keysOnly;

  const mutated = fc
    .record({
      seed,
      changes: fc.array(fc.tuple(fc.nat(), hostileJson), { minLength: 1, maxLength: 3 }),
      drops: fc.array(fc.nat(), { maxLength: 2 }),
      extras: fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 2 }),
    })
    .map(({ seed, changes, drops, extras }) => {
      const entries = jsonEntries(base(seed));
      for (const [at, value] of changes) if (entries.length > 0) entries[at % entries.length]![1] = value;
      for (const at of drops) if (entries.length > 0) entries.splice(at % entries.length, 1);
      return objectText([...entries, ...extras]);
    });

  const embedded = fc
    .record({
      seed,
      payloads: fc.array(fc.constantFrom(...SHORT_PAYLOADS), { minLength: 1, maxLength: 4 }),
      how: fc.constantFrom('append', 'prepend', 'replace'),
      extras: fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 2 }),
    })
    .map(({ seed, payloads, how, extras }) => {
      let i = 0;
      const body = base(seed);
      for (const [key, value] of Object.entries(body)) {
        if (typeof value !== 'string') continue;
        const payload = payloads[i++ % payloads.length]!;
        body[key] = how === 'append' ? `${value}${payload}` : how === 'prepend' ? `${payload}${value}` : payload;
      }
      return objectText([...jsonEntries(body), ...extras]);
    });

  const valid = seed.map((s) => JSON.stringify(base(s)));

  const allHostile = fc
    .array(hostileJson, { minLength: schemaKeys.length, maxLength: schemaKeys.length })
    .map((values) => objectText(schemaKeys.map((key, i) => [key, values[i]!])));

  const duplicated = fc.tuple(seed, fc.nat(), hostileJson).map(([s, at, value]) => {
    const entries = jsonEntries(base(s));
    if (entries.length === 0) return '{}';
    const [key] = entries[at % entries.length]!;
    return objectText([...entries, [key, value]]);
  });

  const wrongShape = fc.oneof(
    hostileJson,
    pollutionToken,
    seed.map((s) => `[${JSON.stringify(base(s))}]`),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  );

  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 4, arbitrary: embedded },
    { weight: 2, arbitrary: valid },
    { weight: 1, arbitrary: allHostile },
    { weight: 1, arbitrary: duplicated },
    { weight: 2, arbitrary: wrongShape },
  );
}

/** Raw bits of a query string no browser would send: bad escapes, overlong and invalid UTF-8, stray separators. */
const oddQueryValue = fc.constantFrom(
  '%',
  '%z',
  '%zz',
  '%00',
  '%C0%AF',
  '%FF%FE',
  '%ED%A0%80',
  '%E2%80%AE',
  '+',
  '%2B1',
  '=',
  '==',
  ';',
  '%26',
  '%3D',
  '..%2F..%2F',
  'a%0Ab',
);

const queryKeyOdd = fc.constantFrom('__proto__', 'constructor', 'a[b]', 'a[]', 'a.b', '', '%00', '%zz', 'toString');

/** A query value: encoded hostile text, a raw odd escape, or nothing. */
const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.filter((s) => s.length < 5_000).map(encodeURIComponentLoose) },
  { weight: 2, arbitrary: oddQueryValue },
  { weight: 1, arbitrary: fc.constantFrom('', '0', '-1', '1.5', '1e3', '99999999999999999999', 'NaN', 'true') },
);

/** encodeURIComponent that does not throw on a lone surrogate (it would never reach the server as such). */
function encodeURIComponentLoose(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/**
 * A query string (without '?') for a route: its valid values with some made hostile, repeated keys (which
 * arrive as arrays), unknown and poisoning keys, and bad escapes.
 */
export function queryText(valid: Record<string, string>, schemaKeys: readonly string[]): fc.Arbitrary<string> {
  const keys = [...new Set([...schemaKeys, ...Object.keys(valid)])];
  const known = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('q');
  const part = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(known, queryValue).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: fc.tuple(queryKeyOdd, queryValue).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: fc.tuple(known, fc.nat({ max: 3 })).map(([k, n]) => `${k}[${n}]=x`) },
    { weight: 1, arbitrary: known },
  );
  const validParts = Object.entries(valid).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  return fc
    .record({
      keep: fc.subarray(validParts),
      extra: fc.array(part, { maxLength: 4 }),
      repeat: fc.array(fc.constantFrom(...(validParts.length > 0 ? validParts : ['q=a'])), { maxLength: 2 }),
    })
    .chain(({ keep, extra, repeat }) => fc.shuffledSubarray([...keep, ...extra, ...repeat], { minLength: 0 }))
    .map((parts) => parts.join('&'));
}

/** A path parameter: mostly the real one, otherwise hostile text, a bad escape or a value over the length limit. */
export function paramValue(real: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(real) },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 300).map(encodeURIComponentLoose) },
    { weight: 1, arbitrary: oddQueryValue.filter((v) => v !== '..%2F..%2F') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        real.toUpperCase(),
        `${real}0`,
        real.slice(1),
        '00000000-0000-0000-0000-000000000000',
        'a'.repeat(101),
        'a'.repeat(5000),
      ),
    },
  );
}

/** A cookie header: the caller's session, none, or a forged/odd one. */
export function cookieHeader(session: string | undefined): fc.Arbitrary<string | undefined> {
  const forged = fc.oneof(
    fc.string({ unit: 'grapheme-ascii', maxLength: 120 }).map((s) => `sid=${s}`),
    fc.constantFrom('sid=', 'sid', '=', ';;;', 'sid=a; sid=b', `sid=${'a'.repeat(5000)}`, 'sid="x"', 'sid=%00'),
  );
  return session === undefined
    ? fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: forged })
    : fc.oneof({ weight: 19, arbitrary: fc.constant(session) }, { weight: 1, arbitrary: forged });
}

/** A file sent in a form (issue 50's upload): its name and bytes. */
export interface FileSample {
  nome: string;
  bytes: Uint8Array;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 as a spreadsheet program saves it: one byte per character (what does not fit is cut to a byte). */
const oneBytePerChar = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0) & 0xff));

/**
 * The file of an upload: mostly the route's valid file or its header with hostile rows (payloads, separators and
 * quotes in cells, ragged rows, in UTF-8 with or without a BOM or as Windows-1252), then bytes that are no
 * spreadsheet, a zip that is no XLSX, an empty file, and no file at all; its name sometimes hostile too.
 */
export function uploadFile(valid: (seed: number) => FileSample): fc.Arbitrary<FileSample | undefined> {
  const seed = fc.nat({ max: 2 ** 30 });
  const cell = fc.oneof(
    { weight: 3, arbitrary: hostileString.filter((s) => s.length < 2_000) },
    { weight: 1, arbitrary: fc.constantFrom('"', '""', '"a;b"', 'a\r\nb', ';;;', ',', '\t', '=CMD()', '') },
  );
  const hostileRows = fc
    .record({
      seed,
      rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 7 }), { minLength: 1, maxLength: 20 }),
      sep: fc.constantFrom(';', ',', '\t'),
      encoding: fc.constantFrom('utf-8', 'bom', 'windows-1252'),
      header: fc.boolean(),
    })
    .map(({ seed, rows, sep, encoding, header }) => {
      const base = valid(seed);
      const firstLine = new TextDecoder().decode(base.bytes).split(/\r?\n/)[0]!;
      const text = [...(header ? [firstLine] : []), ...rows.map((r) => r.join(sep))].join('\r\n');
      const bytes =
        encoding === 'windows-1252'
          ? oneBytePerChar(text)
          : encoding === 'bom'
            ? Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)])
            : utf8(text);
      return { nome: base.nome, bytes };
    });
  const notASheet = fc
    .tuple(fc.uint8Array({ maxLength: 4_096 }), fc.constantFrom('dados.csv', 'dados.xlsx', 'dados.pdf'))
    .map(([bytes, nome]) => ({ nome, bytes }));
  // The start of a zip (what an XLSX is), then garbage.
  const brokenZip = fc
    .uint8Array({ maxLength: 2_048 })
    .map((tail) => ({ nome: 'planilha.xlsx', bytes: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...tail]) }));
  const file = fc.oneof(
    { weight: 4, arbitrary: seed.map(valid) },
    { weight: 4, arbitrary: hostileRows },
    { weight: 1, arbitrary: notASheet },
    { weight: 1, arbitrary: brokenZip },
    { weight: 1, arbitrary: fc.constant({ nome: 'vazio.csv', bytes: new Uint8Array() }) },
  );
  const named = fc
    .tuple(
      file,
      fc.option(
        hostileString.filter((s) => s.length < 300),
        { freq: 4 },
      ),
    )
    .map(([f, nome]) => (nome === null ? f : { ...f, nome }));
  return fc.oneof({ weight: 9, arbitrary: named }, { weight: 1, arbitrary: fc.constant(undefined) });
}

/**
 * A JSON body's text as a form's fields: each key of an object a field (a string as it is, anything else as its
 * JSON text); any other text one field under `name`.
 */
export function formFields(jsonText: string, name: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText);
  } catch {
    return { [name]: jsonText };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { [name]: jsonText };
  const asText = (value: unknown) => {
    try {
      return JSON.stringify(value) ?? 'null';
    } catch {
      // Nesting too deep to write back: as deep as a field may still carry.
      return '['.repeat(5_000) + ']'.repeat(5_000);
    }
  };
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : asText(v)]));
}
