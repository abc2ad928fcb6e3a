import { resolve } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';

/**
 * The layout's lint (eslint.config.js: import-x/no-restricted-paths zones and import-x/no-cycle) on small snippets
 * linted as if they stood at the given paths. The imported files are real: an import that does not resolve is
 * never reported by no-restricted-paths, so each snippet names a file that exists.
 */
const root = resolve(import.meta.dirname, '../..');
let eslint: ESLint;

// The first lint loads the config and the TypeScript resolver, and no-cycle parses what the probes import.
const SLOW = 60_000;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function rulesReported(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const ZONE = 'import-x/no-restricted-paths';

describe('lint: the layers', () => {
  it.each([
    {
      what: 'a feature importing another feature through @/',
      filePath: 'src/client/features/clientes/components/probe.tsx',
      code: "import { getEventosQueryOptions } from '@/features/eventos/api/get-eventos';\nexport const probe = getEventosQueryOptions;\n",
    },
    {
      what: 'a feature importing another feature by a relative path',
      filePath: 'src/client/features/clientes/components/probe.tsx',
      code: "import { getEventosQueryOptions } from '../../eventos/api/get-eventos';\nexport const probe = getEventosQueryOptions;\n",
    },
    {
      what: 'a feature importing app/',
      filePath: 'src/client/features/clientes/components/probe.tsx',
      code: "import { RoutePage } from '@/app/shell/route-page';\nexport const probe = RoutePage;\n",
    },
    {
      what: 'components/ importing a feature',
      filePath: 'src/client/components/ui/probe.tsx',
      code: "import { getEventosQueryOptions } from '@/features/eventos/api/get-eventos';\nexport const probe = getEventosQueryOptions;\n",
    },
    {
      what: 'lib/ importing app/',
      filePath: 'src/client/lib/probe.ts',
      code: "import { RoutePage } from '../app/shell/route-page';\nexport const probe = RoutePage;\n",
    },
    {
      what: 'the client importing the server',
      filePath: 'src/client/lib/probe.ts',
      code: "import { HttpError } from '../../server/lib/http-error';\nexport const probe = HttpError;\n",
    },
    {
      what: 'the server importing the client',
      filePath: 'src/server/lib/probe.ts',
      code: "import { ApiError } from '../../client/lib/api-client';\nexport const probe = ApiError;\n",
    },
    {
      what: "a server module importing another module's file",
      filePath: 'src/server/modules/matriculas/probe.ts',
      code: "import { insertAccount } from '../accounts/accounts.repository';\nexport const probe = insertAccount;\n",
    },
    {
      what: "a server module importing another module's file past its index.ts",
      filePath: 'src/server/modules/leads/probe.ts',
      code: "import { funnelSearch } from '../funnel/search';\nexport const probe = funnelSearch;\n",
    },
    {
      what: 'infrastructure (the job queue) importing a module',
      filePath: 'src/server/jobs/probe.ts',
      code: "import { mascararEmail } from '../modules/auditoria';\nexport const probe = mascararEmail;\n",
    },
    {
      what: 'a plugin importing a module',
      filePath: 'src/server/plugins/probe.ts',
      code: "import { insertAccount } from '../modules/accounts';\nexport const probe = insertAccount;\n",
    },
    {
      what: 'the events importing their sign-ups',
      filePath: 'src/server/modules/eventos/probe.ts',
      code: "import { promoteWaitingList } from '../inscricoes';\nexport const probe = promoteWaitingList;\n",
    },
  ])('refuses $what', { timeout: SLOW }, async ({ filePath, code }) => {
    expect(await rulesReported(filePath, code)).toEqual([ZONE]);
  });

  it('refuses an import cycle', { timeout: SLOW }, async () => {
    // accounts/index.ts re-exports accounts.repository.ts: importing the index from there closes a cycle.
    const code = "import { insertAccount } from './index';\nexport const probe = insertAccount;\n";
    expect(await rulesReported('src/server/modules/accounts/accounts.repository.ts', code)).toEqual([
      'import-x/no-cycle',
    ]);
  });

  it('lets the layers import what they may', { timeout: SLOW }, async () => {
    const feature = [
      "import { Button } from '@/components/ui/button';",
      "import { api } from '@/lib/api-client';",
      "import { ROLES } from '@shared/roles';",
      "import { searchClienteOptions } from '../../eventos/api/get-clientes-options';",
      'export const probe = [Button, api, ROLES, searchClienteOptions];',
      '',
    ].join('\n');
    expect(await rulesReported('src/client/features/eventos/components/probe.tsx', feature)).toEqual([]);

    const route = [
      "import { getEventosQueryOptions } from '@/features/eventos/api/get-eventos';",
      "import { searchClienteOptions } from '@/features/eventos/api/get-clientes-options';",
      'export const probe = [getEventosQueryOptions, searchClienteOptions];',
      '',
    ].join('\n');
    expect(await rulesReported('src/client/app/routes/probe.tsx', route)).toEqual([]);

    const serverModule = [
      "import { funnelSearch } from '../funnel';",
      "import { insertAccount } from '../accounts';",
      "import { HttpError } from '../../lib/http-error';",
      "import { ROLES } from '../../../shared/roles';",
      'export const probe = [funnelSearch, insertAccount, HttpError, ROLES];',
      '',
    ].join('\n');
    expect(await rulesReported('src/server/modules/matriculas/probe.ts', serverModule)).toEqual([]);

    // The sign-ups build on the events; the infrastructure's own masking serves the job queue.
    const signUps = "import { eventoCounts } from '../eventos';\nexport const probe = eventoCounts;\n";
    expect(await rulesReported('src/server/modules/inscricoes/probe.ts', signUps)).toEqual([]);
    const queue = "import { mascararEmail } from '../lib/mask';\nexport const probe = mascararEmail;\n";
    expect(await rulesReported('src/server/jobs/probe.ts', queue)).toEqual([]);
  });
});

describe('lint: the counter tables stay in modules/contagens', () => {
  const RESTRICTED = 'no-restricted-syntax';

  it.each([
    {
      what: "a module importing a counter table's drizzle object",
      filePath: 'src/server/modules/leads/probe.ts',
      code: "import { leadStatusCounts } from '../../db/schema';\nexport const probe = leadStatusCounts;\n",
    },
    {
      what: 'a module reaching a counter table through the schema namespace',
      filePath: 'src/server/modules/relatorios/probe.ts',
      code: "import * as schema from '../../db/schema';\nexport const probe = schema.funnelMes;\n",
    },
    {
      what: 'a module naming a counter table in raw SQL',
      filePath: 'src/server/modules/eventos/probe.ts',
      code: "import { sql } from 'drizzle-orm';\nexport const probe = sql`(select coalesce(sum(p.dx), 0) from contagens_pendentes p)`;\n",
    },
    {
      what: 'a module naming a counter table in a sql.raw string',
      filePath: 'src/server/modules/public/probe.ts',
      code: "import { sql } from 'drizzle-orm';\nexport const probe = sql.raw('select sentados from evento_vagas');\n",
    },
    {
      what: 'the infrastructure naming a counter table',
      filePath: 'src/server/jobs/probe.ts',
      code: "import { sql } from 'drizzle-orm';\nexport const probe = sql`vacuum scope_counts`;\n",
    },
  ])('refuses $what', { timeout: SLOW }, async ({ filePath, code }) => {
    expect(await rulesReported(filePath, code)).toEqual([RESTRICTED]);
  });

  it('lets the counters module own them, and the others read it', { timeout: SLOW }, async () => {
    const own = [
      "import { sql } from 'drizzle-orm';",
      "import { scopeCounts } from '../../db/schema';",
      'export const probe = [scopeCounts, sql`select 1 from contagens_pendentes`];',
      '',
    ].join('\n');
    expect(await rulesReported('src/server/modules/contagens/probe.ts', own)).toEqual([]);

    const reader = [
      "import { countedTotal, eventoPresentes, foldContagens } from '../contagens';",
      // A function whose name starts like a table is not the table.
      "import { sql } from 'drizzle-orm';",
      'export const probe = [countedTotal, eventoPresentes, foldContagens, sql`select scope_counts_rebuild()`];',
      '',
    ].join('\n');
    expect(await rulesReported('src/server/modules/dashboard/probe.ts', reader)).toEqual([]);
  });
});

describe('lint: services never write SQL', () => {
  const RESTRICTED = 'no-restricted-syntax';

  it.each([
    {
      what: 'a service running a statement',
      code: "import { sql } from 'drizzle-orm';\nimport type { Executor } from '../../db/connect';\nexport const probe = (db: Executor) => db.execute(sql`select 1`);\n",
      reported: [RESTRICTED, RESTRICTED],
    },
    {
      what: 'a service reading raw rows',
      code: "import { executeRows } from '../../db/connect';\nexport const probe = executeRows;\nexport const run = () => executeRows(null as never, null as never);\n",
      reported: [RESTRICTED],
    },
    {
      what: 'a service writing SQL text for another to run',
      code: "import { sql } from 'drizzle-orm';\nexport const probe = (id: string) => ({ rede: sql`select franqueador_id from leads where id = ${id}::uuid` });\n",
      reported: [RESTRICTED],
    },
    {
      what: 'a service building SQL with sql.raw',
      code: "import { sql } from 'drizzle-orm';\nexport const probe = sql.raw('select 1');\n",
      reported: [RESTRICTED],
    },
    {
      what: "a service naming a counter table (the counters' rule holds in services too)",
      code: "import { scopeCounts } from '../../db/schema';\nexport const probe = scopeCounts;\n",
      reported: [RESTRICTED],
    },
  ])('refuses $what', { timeout: SLOW }, async ({ code, reported }) => {
    expect(await rulesReported('src/server/modules/leads/probe.service.ts', code)).toEqual(reported);
  });

  it('lets a service call its repository, and a repository run SQL', { timeout: SLOW }, async () => {
    const service = [
      "import { findEvento } from '../eventos';",
      "import { insertVoucher } from './inscricoes.repository';",
      'export const probe = [findEvento, insertVoucher];',
      '',
    ].join('\n');
    expect(await rulesReported('src/server/modules/inscricoes/probe.service.ts', service)).toEqual([]);
    const repository = [
      "import { sql } from 'drizzle-orm';",
      "import { type Executor, executeRows } from '../../db/connect';",
      'export const probe = (db: Executor) => executeRows(db, sql`select 1`);',
      '',
    ].join('\n');
    expect(await rulesReported('src/server/modules/inscricoes/probe.repository.ts', repository)).toEqual([]);
  });
});

describe('lint: only a repository runs SQL', () => {
  const RESTRICTED = 'no-restricted-syntax';

  it.each([
    {
      what: 'a route running a statement',
      filePath: 'src/server/modules/health/probe.routes.ts',
      code: "import { sql } from 'drizzle-orm';\nimport type { FastifyInstance } from 'fastify';\nexport const probe = (app: FastifyInstance) => app.db.execute(sql`select 1`);\n",
    },
    {
      what: "a module's helper reading raw rows",
      filePath: 'src/server/modules/webhooks/probe.ts',
      code: "import { sql } from 'drizzle-orm';\nimport { type Executor, executeRows } from '../../db/connect';\nexport const probe = (db: Executor) => executeRows(db, sql`select 1`);\n",
    },
    {
      what: "a module's helper starting a query on a database handle",
      filePath: 'src/server/modules/funnel/probe.ts',
      code: "import type { Executor } from '../../db/connect';\nimport { leads } from '../../db/schema';\nexport const probe = (db: Executor) => db.select().from(leads);\n",
    },
    {
      what: "a module's helper writing through the app's handle",
      filePath: 'src/server/modules/auditoria/probe.ts',
      code: "import type { FastifyInstance } from 'fastify';\nimport { leads } from '../../db/schema';\nexport const probe = (app: FastifyInstance) => app.db.delete(leads);\n",
    },
    {
      what: "the counters' module running a statement outside its repositories",
      filePath: 'src/server/modules/contagens/probe.ts',
      code: "import { sql } from 'drizzle-orm';\nimport type { Executor } from '../../db/connect';\nexport const probe = (db: Executor) => db.execute(sql`select 1 from contagens_pendentes`);\n",
    },
  ])('refuses $what', { timeout: SLOW }, async ({ filePath, code }) => {
    expect(await rulesReported(filePath, code)).toEqual([RESTRICTED]);
  });

  it(
    'lets a repository run SQL, a module compose it, and the infrastructure keep its own',
    { timeout: SLOW },
    async () => {
      const repository = [
        "import type { Executor } from '../../db/connect';",
        "import { leads } from '../../db/schema';",
        'export const probe = (db: Executor) => db.select().from(leads);',
        '',
      ].join('\n');
      expect(await rulesReported('src/server/modules/funnel/probe.repository.ts', repository)).toEqual([]);
      // A condition for a repository to run, and a Map's delete, which is no query.
      const helper = [
        "import { sql } from 'drizzle-orm';",
        "import { leads } from '../../db/schema';",
        'export const probe = (q: string) => sql`${leads.nomeAluno} ilike ${q}`;',
        'const vistos = new Map<string, number>();',
        "export const tira = () => vistos.delete('a');",
        '',
      ].join('\n');
      expect(await rulesReported('src/server/modules/funnel/probe.ts', helper)).toEqual([]);
      const queue = [
        "import { sql } from 'drizzle-orm';",
        "import type { Executor } from '../db/connect';",
        "import { jobs } from '../db/schema';",
        'export const probe = (db: Executor) => db.execute(sql`select 1 from ${jobs}`);',
        '',
      ].join('\n');
      expect(await rulesReported('src/server/jobs/probe.ts', queue)).toEqual([]);
    },
  );
});

describe('lint: raw SQL names tables through the schema', () => {
  const RULE = 'local/schema-names-in-sql';
  const head = "import { sql } from 'drizzle-orm';\n";

  it.each([
    {
      what: 'a repository reading a table named as text',
      filePath: 'src/server/modules/leads/probe.repository.ts',
      code: `${head}export const probe = (id: string) => sql\`select l.id from leads l where l.id = \${id}::uuid\`;\n`,
      reported: [RULE],
    },
    {
      what: 'a join, an update and an insert, across lines and in any case',
      filePath: 'src/server/modules/contratos/probe.repository.ts',
      code: `${head}export const probe = [sql\`select 1 from \${sql.raw('x')} JOIN\n  contratos c on true\`, sql\`update "matriculas" set id = id\`, sql\`insert  into audit_log default values\`];\n`,
      reported: [RULE, RULE, RULE],
    },
    {
      what: "a variable named like a table where the table's object is meant",
      filePath: 'src/server/jobs/probe.ts',
      code: `${head}import { jobs } from '../db/schema';\nexport const tabela = jobs;\nexport const probe = (jobs: string[]) => sql\`delete from \${jobs}\`;\n`,
      reported: [RULE],
    },
    {
      what: 'a sql.raw string naming a table',
      filePath: 'src/server/modules/sac/probe.repository.ts',
      code: `${head}export const probe = sql.raw('delete from sac_anexos');\n`,
      reported: [RULE],
    },
    {
      what: "the infrastructure's own statements",
      filePath: 'src/server/jobs/probe.ts',
      code: `${head}export const probe = sql\`update jobs set status = 'pendente'\`;\n`,
      reported: [RULE],
    },
    {
      what: "the demo seed's statements",
      filePath: 'src/server/db/seed/probe.ts',
      code: `${head}export const probe = sql\`select id from users\`;\n`,
      reported: [RULE],
    },
  ])('refuses $what', { timeout: SLOW }, async ({ filePath, code, reported }) => {
    expect(await rulesReported(filePath, code)).toEqual(reported);
  });

  it('knows every table db/schema.ts declares (the counters have their own rule)', { timeout: SLOW }, async () => {
    const counters = [
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
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable))
      .filter((name) => !counters.includes(name));
    expect(tables.length).toBeGreaterThan(30);
    const code = `${head}export const probe = [\n${tables.map((name) => `  sql\`select 1 from ${name}\`,`).join('\n')}\n];\n`;
    expect(await rulesReported('src/server/modules/leads/probe.repository.ts', code)).toEqual(tables.map(() => RULE));
  });

  it('lets raw SQL name its tables through the schema', { timeout: SLOW }, async () => {
    const repository = [
      head.trimEnd(),
      "import { eventos, leads } from '../../db/schema';",
      'export const probe = [',
      // A table through its object, under an alias kept as text.
      '  sql`select l.id, e.nome_escola from ${leads} l join ${eventos} e on e.id = l.evento_id`,',
      // A common table expression, a function whose name starts like a table, a column, a date part.
      '  sql`with pre as (select 1 as id) select id from pre, jobs_pendentes() where extract(day from l.created_at) > 0`,',
      "  sql`update ${leads} set status = 'novo' from (select 1) x where leads.id is not null`,",
      '];',
      '',
    ].join('\n');
    expect(await rulesReported('src/server/modules/leads/probe.repository.ts', repository)).toEqual([]);
    const inATest = `${head}export const probe = sql\`select id from leads\`;\n`;
    expect(await rulesReported('src/server/modules/leads/probe.test.ts', inATest)).toEqual([]);
  });
});

describe("lint: one helper reads a raw statement's rows", () => {
  const RULE = 'local/raw-rows-through-helper';
  const head = "import { sql } from 'drizzle-orm';\nimport type { Executor } from '../../db/connect';\n";

  it.each([
    {
      what: 'a repository casting a result to its rows',
      filePath: 'src/server/modules/cobranca/probe.repository.ts',
      code: `${head}export const probe = async (db: Executor) => ((await db.execute(sql\`select 1\`)) as { rows: { n: number }[] }).rows;\n`,
    },
    {
      what: 'a local helper of its own, through unknown',
      filePath: 'src/server/modules/cobranca/probe.repository.ts',
      code: 'export const rowCount = (result: unknown) => (result as unknown as { rows?: unknown[] }).rows?.length ?? 0;\n',
    },
    {
      what: 'a typed execute',
      filePath: 'src/server/jobs/probe.ts',
      code: "import { sql } from 'drizzle-orm';\nimport type { Executor } from '../db/connect';\nexport const probe = (db: Executor) => db.execute<{ n: number }>(sql`select 1 as n`);\n",
    },
    {
      what: "an execute's rows read by hand",
      filePath: 'src/server/db/seed/probe.ts',
      code: "import { sql } from 'drizzle-orm';\nimport type { Executor } from '../connect';\nexport const probe = async (db: Executor) => (await db.execute(sql`select 1`)).rows;\n",
    },
  ])('refuses $what', { timeout: SLOW }, async ({ filePath, code }) => {
    expect(await rulesReported(filePath, code)).toEqual([RULE]);
  });

  it('lets executeRows read them, and other rows be read', { timeout: SLOW }, async () => {
    const repository = [
      "import { sql } from 'drizzle-orm';",
      "import { type Executor, executeRows } from '../../db/connect';",
      'export const probe = async (db: Executor) => (await executeRows<{ id: string }>(db, sql`select 1 as id`)).length;',
      // A cached list's rows are not a statement's result.
      'export const cached = (cache: { rows: string[] }) => cache.rows;',
      '',
    ].join('\n');
    expect(await rulesReported('src/server/modules/cobranca/probe.repository.ts', repository)).toEqual([]);
  });
});
