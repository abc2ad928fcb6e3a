import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;
const dirsIn = (path) =>
  readdirSync(`${root}/${path}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// The layers (README.md, src/client/README.md), as import-x/no-restricted-paths zones: files in `target` may not
// import what resolves into `from` (`@/` aliases resolved through tsconfig.json; `except` is relative to `from`).
const layerZones = [
  { target: 'src/client', from: 'src/server', message: 'The client talks to the server over HTTP only.' },
  { target: 'src/server', from: 'src/client', message: 'The server never imports client code.' },
  { target: 'src/shared', from: ['src/client', 'src/server'], message: 'src/shared depends on neither side.' },
  // Features meet only in app/routes (bulletproof-react): a feature never imports another feature nor app/.
  ...dirsIn('src/client/features').map((feature) => ({
    target: `src/client/features/${feature}`,
    from: 'src/client/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in app/routes.',
  })),
  { target: 'src/client/features', from: 'src/client/app', message: 'A feature never imports app/.' },
  {
    target: ['src/client/components', 'src/client/lib', 'src/client/hooks'],
    from: ['src/client/features', 'src/client/app'],
    message: 'components/, lib/ and hooks/ hold no feature code: they import neither features/ nor app/.',
  },
  // The server's infrastructure serves the modules and never reaches into one (issue 41). The demo network's seed
  // (db/seed/) composes modules, as app.ts does, and stays outside the zone.
  {
    // Their tests may compose modules (the mail composer's corpus renders every module's e-mails).
    target: ['access', 'jobs', 'lib', 'mail', 'plugins']
      .map((dir) => `src/server/${dir}/**/!(*.test).ts`)
      .concat('src/server/db/!(*.test).ts'),
    from: 'src/server/modules',
    message:
      'Infrastructure (access/, db/, jobs/, lib/, mail/, plugins/) never imports a module: move the shared part down into it.',
  },
  // The sign-ups build on the events: the event never reaches into its sign-ups (app.ts wires the one call back).
  {
    target: 'src/server/modules/eventos',
    from: 'src/server/modules/inscricoes',
    message:
      'eventos never imports inscricoes (the sign-ups build on the events); app.ts passes what an event needs in.',
  },
  // A server module reaches another module only through its index.ts (its public entry).
  ...dirsIn('src/server/modules').map((module) => ({
    target: `src/server/modules/!(${module})/**`,
    from: `src/server/modules/${module}`,
    except: ['./index.ts'],
    message: `Import another module through its index.ts only (src/server/modules/${module}/index.ts).`,
  })),
];

// The counters have one home, modules/contagens (docs/guides/counters.md): it alone knows that a total is what the
// triggers keep plus what waits to be folded. Their tables -- as drizzle objects, or named in SQL text -- stay out of
// every other file of the server; the schema declares them, the demo seed rebuilds them, and tests check them
// against a recount.
const COUNTER_TABLES = [
  'scope_counts',
  'lead_status_counts',
  'funnel_dia',
  'funnel_mes',
  'funnel_origem_dia',
  'funnel_origem_mes',
  'parcelas_pagas_mes',
  'parcelas_abertas_por_beneficiario',
  'evento_custos_dia',
  'evento_custos_mes',
  'parcelas_vencimento_dia',
  'parcelas_vencimento_mes',
  'evento_vagas',
  'contagens_pendentes',
];
const COUNTER_OBJECTS = [
  'scopeCounts',
  'leadStatusCounts',
  'funnelDia',
  'funnelMes',
  'funnelOrigemDia',
  'funnelOrigemMes',
  'parcelasPagasMes',
  'parcelasAbertasPorBeneficiario',
  'eventoCustosDia',
  'eventoCustosMes',
  'parcelasVencimentoDia',
  'parcelasVencimentoMes',
  'eventoVagas',
  'contagensPendentes',
];
const COUNTERS_MESSAGE =
  'The counter tables belong to modules/contagens: read a total, a presence or a period through its index.ts.';
const counterTables = [
  `ImportSpecifier[imported.name=/^(${COUNTER_OBJECTS.join('|')})$/]`,
  `MemberExpression[property.name=/^(${COUNTER_OBJECTS.join('|')})$/]`,
  `TemplateElement[value.raw=/\\b(${COUNTER_TABLES.join('|')})\\b/]`,
  `Literal[value=/\\b(${COUNTER_TABLES.join('|')})\\b/]`,
].map((selector) => ({ selector, message: COUNTERS_MESSAGE }));

// Only a repository runs SQL (src/server/README.md: routes -> service -> repository; issue 41). In a module, no file
// but a *.repository.ts runs a statement (`execute`), reads raw rows (`executeRows`) or starts a query on
// a database handle (`db.select()`, `tx.update()`, `app.db.insert()`...): not its routes, its service, its mail, its
// helpers. SQL text may still be composed outside one -- a search's condition, a counter's expression -- for a
// repository to run; a service writes none at all (below). The infrastructure (db/, jobs/, lib/, plugins/) keeps
// its own statements: each of its files is already one piece of data access under every module (the queue's claim,
// a session's look-up, a list's page), with no service above it to keep them from.
const RUNS_MESSAGE = 'Only a repository runs SQL: put the statement in a *.repository.ts of the module and call that.';
const SERVICES_MESSAGE = 'A service never writes SQL: put the statement in its repository and call that.';
const QUERY_BUILDERS = '/^(select|selectDistinct|selectDistinctOn|insert|update|delete)$/';
const running = ["CallExpression[callee.property.name='execute']", "CallExpression[callee.name='executeRows']"];
const building = [
  `CallExpression[callee.property.name=${QUERY_BUILDERS}][callee.object.name=/^(db|tx)$/]`,
  `CallExpression[callee.property.name=${QUERY_BUILDERS}][callee.object.property.name='db']`,
];
const runsSql = [...running, ...building].map((selector) => ({ selector, message: RUNS_MESSAGE }));
const serviceSql = [
  ...running,
  ...building,
  "TaggedTemplateExpression[tag.name='sql']",
  "CallExpression[callee.object.name='sql']",
].map((selector) => ({ selector, message: SERVICES_MESSAGE }));

// Raw SQL names a table through the schema (ADR 070's addendum, issue 41): `from ${matriculas} m`, never
// `from matriculas m`, so a renamed or dropped table is a type error rather than a failing statement. The tables are
// read from db/schema.ts as the lint runs (every `pgTable('name', ...)`), and the rule flags a `sql` template or a
// `sql.raw` string whose text reads `from`, `join`, `update` or `insert into` followed by one of them. The counter
// tables are left to the counters' own rule (any mention outside modules/contagens), which already refuses them.
const SCHEMA_SOURCE = readFileSync(`${root}/src/server/db/schema.ts`, 'utf8');
/** Each table's name and its drizzle object's, for the message (`pre_matriculas`: `preMatriculas`). */
const SCHEMA_TABLES = new Map(
  [...SCHEMA_SOURCE.matchAll(/export const (\w+) = pgTable\(\s*'([a-z_][a-z0-9_]*)'/g)].map((match) => [
    match[2],
    match[1],
  ]),
);
const schemaNamesInSql = {
  meta: {
    type: 'problem',
    docs: { description: 'Raw SQL names a table through its schema object (`${table}`), not as bare text.' },
    schema: [],
    messages: {
      bare: "Name the table through the schema: `${{{object}}}` (db/schema.ts) in place of '{{table}}' (ADR 070).",
      shadowed:
        "'{{object}}' here is not the schema's table but a variable of the same name: rename the variable (ADR 070).",
    },
  },
  create(context) {
    const tables = [...SCHEMA_TABLES.keys()].filter((table) => !COUNTER_TABLES.includes(table));
    const pattern = new RegExp(`\\b(?:from|join|update|insert\\s+into)\\s+"?(${tables.join('|')})\\b(?![.(])`, 'gi');
    const check = (node, text) => {
      for (const match of text.matchAll(pattern)) {
        const table = match[1].toLowerCase();
        context.report({ node, messageId: 'bare', data: { table, object: SCHEMA_TABLES.get(table) ?? table } });
      }
    };
    const isSql = (node) => node.type === 'Identifier' && node.name === 'sql';
    // `${jobs}` must be the imported table: a local `jobs` (an array of rows) would be interpolated just as well.
    const objects = new Set(SCHEMA_TABLES.values());
    const shadowing = (identifier) => {
      for (let scope = context.sourceCode.getScope(identifier); scope; scope = scope.upper) {
        const variable = scope.set.get(identifier.name);
        if (variable) return variable.defs.some((def) => def.type !== 'ImportBinding');
      }
      return false;
    };
    return {
      TaggedTemplateExpression(node) {
        if (!isSql(node.tag)) return;
        for (const quasi of node.quasi.quasis) check(quasi, quasi.value.cooked ?? quasi.value.raw);
        for (const expression of node.quasi.expressions) {
          if (expression.type === 'Identifier' && objects.has(expression.name) && shadowing(expression)) {
            context.report({ node: expression, messageId: 'shadowed', data: { object: expression.name } });
          }
        }
      },
      CallExpression(node) {
        const { callee } = node;
        const [text] = node.arguments;
        if (callee.type !== 'MemberExpression' || !isSql(callee.object) || callee.property.name !== 'raw') return;
        if (text?.type === 'Literal' && typeof text.value === 'string') check(text, text.value);
        if (text?.type === 'TemplateLiteral') for (const quasi of text.quasis) check(quasi, quasi.value.cooked ?? '');
      },
    };
  },
};
// One typed helper reads a raw statement's rows (ADR 070's addendum, issue 41): `executeRows<T>(db, query)`
// (db/connect.ts). Elsewhere in the server nothing reads the rows of a drizzle result by hand -- no cast to
// `{ rows }` (a helper of its own, however small), no `db.execute<T>()`, no `(await db.execute(...)).rows` -- so a
// driver's answer is typed in one place. db/connect.ts is that place; db/functions.ts reads the catalog through the
// drivers' own clients before drizzle is open.
const rawRowsThroughHelper = {
  meta: {
    type: 'problem',
    docs: { description: "A raw statement's rows are read through executeRows (db/connect.ts), never by hand." },
    schema: [],
    messages: {
      cast: "Read a raw statement's rows with executeRows<T>(db, query) (db/connect.ts), not a cast to `{ rows }` (ADR 070).",
      typed: "Read a raw statement's rows with executeRows<T>(db, query) (db/connect.ts), not execute<T>() (ADR 070).",
      read: "Read a raw statement's rows with executeRows<T>(db, query) (db/connect.ts), not execute(...).rows (ADR 070).",
    },
  },
  create(context) {
    /** Whether a type, past `unknown as`, is an object type with a `rows` member. */
    const namesRows = (type) =>
      type?.type === 'TSTypeLiteral' &&
      type.members.some((member) => member.type === 'TSPropertySignature' && member.key?.name === 'rows');
    const isExecute = (node) =>
      node?.type === 'CallExpression' &&
      node.callee.type === 'MemberExpression' &&
      node.callee.property.name === 'execute';
    const cast = (node) => {
      if (namesRows(node.typeAnnotation)) context.report({ node, messageId: 'cast' });
    };
    return {
      TSAsExpression: cast,
      TSTypeAssertion: cast,
      CallExpression(node) {
        if (isExecute(node) && (node.typeArguments ?? node.typeParameters))
          context.report({ node, messageId: 'typed' });
      },
      MemberExpression(node) {
        if (node.property.name !== 'rows') return;
        const object = node.object.type === 'AwaitExpression' ? node.object.argument : node.object;
        if (isExecute(object)) context.report({ node, messageId: 'read' });
      },
    };
  },
};
const local = { rules: { 'schema-names-in-sql': schemaNamesInSql, 'raw-rows-through-helper': rawRowsThroughHelper } };

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.builds/',
      '.ci-results/',
      'node_modules/',
      'coverage/',
      'playwright-report/',
      'test-results/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/modules/contagens/**',
      'src/server/db/schema.ts',
      'src/server/db/seed/**',
      'src/server/**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...counterTables] },
  },
  {
    // The counters' rule and the repositories' own (one no-restricted-syntax per file: a later block replaces it).
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/*.repository.ts', 'src/server/**/*.test.ts', 'src/server/modules/contagens/**'],
    rules: { 'no-restricted-syntax': ['error', ...counterTables, ...runsSql] },
  },
  {
    // The counters' own module names their tables, and runs them from its repositories only.
    files: ['src/server/modules/contagens/**/*.ts'],
    ignores: ['src/server/modules/**/*.repository.ts', 'src/server/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...runsSql] },
  },
  {
    // The counters' rule and the services' own.
    files: ['src/server/modules/**/*.service.ts'],
    rules: { 'no-restricted-syntax': ['error', ...counterTables, ...serviceSql] },
  },
  {
    // A service writes no SQL at all (above); migrations are ignored, and tests write what they check.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/modules/**/*.service.ts'],
    plugins: { local },
    rules: { 'local/schema-names-in-sql': 'error' },
  },
  {
    // One typed reader of raw rows (above): the server's code outside it and the function files' catalog read.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/db/connect.ts', 'src/server/db/functions.ts'],
    plugins: { local },
    rules: { 'local/raw-rows-through-helper': 'error' },
  },
  {
    // src/shared is used by both sides: zod and plain TypeScript only.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-*', 'fastify*', 'drizzle-orm*', '@/*'],
              message: 'src/shared holds zod and plain TypeScript only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
);
