import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../src/server/db/connect';

/**
 * What a database's public schema is made of, one entry per object, read from the catalog (ADR 061): the
 * extensions, enums, tables (with their storage parameters), columns, constraints, indexes, extended statistics,
 * triggers and functions. The same text on PGlite and on PostgreSQL 13+, so one committed copy (schema.dump.txt) holds both.
 */
export interface SchemaDump {
  extensions: string[];
  enums: string[];
  tables: string[];
  columns: string[];
  constraints: string[];
  indexes: string[];
  /** The planner's extended statistics (`CREATE STATISTICS`): drizzle declares none; the migrations make them. */
  statistics: string[];
  triggers: string[];
  functions: string[];
}

/** The kinds drizzle's schema declares (every table, column, constraint and index, and the enums). */
export const DECLARED_KINDS = ['enums', 'columns', 'constraints', 'indexes'] as const;

/**
 * The dump of schema `namespace` (public: the app's), read with it first on the search path so that names are
 * written unqualified; a table's index names its schema, written as public whatever it is.
 */
export function schemaDump(db: Executor, namespace = 'public'): Promise<SchemaDump> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('search_path', ${`"${namespace}", public`}, true)`);
    return dumpOf(tx, namespace);
  });
}

async function dumpOf(db: Executor, namespace: string): Promise<SchemaDump> {
  const lines = async (query: ReturnType<typeof sql>) =>
    (await executeRows<{ line: string }>(db, query)).map((r) => r.line);
  const own = sql`not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`;
  return {
    extensions: await lines(sql`select extname as line from pg_extension where extname <> 'plpgsql' order by 1`),
    enums: await lines(sql`
      select t.typname || ' (' || string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder) || ')' as line
      from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = ${namespace} group by t.typname order by 1`),
    tables: await lines(sql`
      select c.relname || coalesce(' with (' || array_to_string(c.reloptions, ', ') || ')', '') as line
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${namespace} and c.relkind in ('r', 'p', 'v', 'm') order by 1`),
    columns: await lines(sql`
      select c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || case when a.attnotnull then ' not null' else '' end
        || case when a.attgenerated = 's' then ' generated always as (' || pg_get_expr(d.adbin, d.adrelid) || ') stored'
                when d.adbin is not null then ' default ' || pg_get_expr(d.adbin, d.adrelid) else '' end
        || case when a.attidentity <> '' then ' identity ' || a.attidentity::text else '' end as line
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = ${namespace} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attname`),
    constraints: await lines(sql`
      select c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) as line
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${namespace} and k.contype <> 'n' order by c.relname, k.conname`),
    indexes: await lines(sql`
      select replace(pg_get_indexdef(i.indexrelid), ' ON ' || quote_ident(${namespace}) || '.', ' ON public.')
        || coalesce(' with (' || array_to_string(ic.reloptions, ', ') || ')', '') as line
      from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${namespace} order by c.relname, ic.relname`),
    statistics: await lines(sql`
      select pg_get_statisticsobjdef(s.oid) as line
      from pg_statistic_ext s join pg_namespace n on n.oid = s.stxnamespace
      where n.nspname = ${namespace} order by s.stxname`),
    triggers: await lines(sql`
      select pg_get_triggerdef(t.oid) as line
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${namespace} and not t.tgisinternal order by c.relname, t.tgname`),
    functions: await lines(sql`
      select pg_get_functiondef(p.oid) as line
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${namespace} and ${own}
      order by p.proname, pg_get_function_identity_arguments(p.oid)`),
  };
}

/** The dump as the committed text: one section per kind, one object per line (a function's definition whole). */
export function dumpText(dump: SchemaDump): string {
  return Object.entries(dump)
    .map(([kind, entries]) => `-- ${kind}\n${(entries as string[]).map((e) => e.trimEnd()).join('\n')}\n`)
    .join('\n');
}
