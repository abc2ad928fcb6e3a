import * as drizzle from 'drizzle-orm';
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/**
 * A select's rows mapped to objects as drizzle's `mapResultRow` maps them -- the same values, the same nested
 * objects and key order, a left join's all-null object made null by the same rule -- with what does not change from
 * row to row worked out once per statement: each field's decoder, its path, and whether it is a joined table's
 * column. drizzle asks that of every field of every row (`is(field, Column)`, then `SQL`, `Subquery`: a walk up the
 * field's prototypes each time) and walks each path through an iterator: on a page of 500 matrículas of 40 fields,
 * about a sixth of the request's CPU (ADR 112).
 *
 * Installed on both drivers' prepared queries (`mapeiaLinhasPorConsulta`, postgres.ts and pglite.ts) through the
 * hook drizzle gives them, `customResultMapper`: set by drizzle's relational queries, and read by `execute` only for
 * a statement with fields. db/library-internals.test.ts holds drizzle to what this relies on, and compares the two
 * mappings.
 */

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** One selected field as drizzle's prepared query holds it (`orderSelectedFields`). */
export interface CampoSelecionado {
  path: string[];
  field: unknown;
}
type Objeto = Record<string, unknown>;

/** drizzle's SQL keeps the decoder `mapWith` gave it (internal: not in its types). */
type ComDecoder = { decoder: Decoder };

function decoderDe(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as ComDecoder).decoder;
  if (is(field, Subquery)) return (field._ as unknown as { sql: ComDecoder }).sql.decoder;
  return (field as { sql: ComDecoder }).sql.decoder;
}

/** The mapping of one row of a statement selecting `campos` (`nulos`: its joins' nullability, drizzle's). */
export function compilarLinha(
  campos: readonly CampoSelecionado[],
  nulos: Record<string, boolean> | undefined,
): (row: unknown[]) => Objeto {
  const n = campos.length;
  const decoders = campos.map((c) => decoderDe(c.field));
  const caminhos = campos.map((c) => c.path);
  // A joined table's column read into an object of its own: that object is null when its first column is and the
  // join may miss (drizzle's nullifyMap).
  const tabelas = campos.map((c) =>
    nulos && c.path.length === 2 && is(c.field, Column) ? getTableName(c.field.table) : undefined,
  );
  const anula = tabelas.some((t) => t !== undefined);
  return (row) => {
    const result: Objeto = {};
    const anular: Record<string, string | false> | undefined = anula ? {} : undefined;
    for (let i = 0; i < n; i += 1) {
      const caminho = caminhos[i]!;
      const ultimo = caminho.length - 1;
      let node = result;
      for (let k = 0; k < ultimo; k += 1) {
        const parte = caminho[k]!;
        if (!(parte in node)) node[parte] = {};
        node = node[parte] as Objeto;
      }
      const bruto = row[i];
      const valor = (node[caminho[ultimo]!] = bruto === null ? null : decoders[i]!.mapFromDriverValue(bruto));
      const tabela = tabelas[i];
      if (tabela !== undefined && anular) {
        const objeto = caminho[0]!;
        if (!(objeto in anular)) anular[objeto] = valor === null ? tabela : false;
        else if (typeof anular[objeto] === 'string' && anular[objeto] !== tabela) anular[objeto] = false;
      }
    }
    if (anular) {
      for (const [objeto, tabela] of Object.entries(anular)) {
        if (typeof tabela === 'string' && !nulos![tabela]) result[objeto] = null;
      }
    }
    return result;
  };
}

const proprio = Symbol('customResultMapper');
interface ConsultaPreparada {
  fields?: CampoSelecionado[];
  joinsNotNullableMap?: Record<string, boolean>;
  [proprio]?: ((rows: unknown[][]) => unknown[]) | undefined;
}

/**
 * Makes a driver's prepared queries map their rows with `compilarLinha`: `customResultMapper` becomes an accessor on
 * the class's prototype that answers the mapper drizzle set (its relational queries'), else, for a statement with
 * fields, one compiled the first time the statement's rows are read.
 */
export function mapeiaLinhasPorConsulta(prototipo: object): void {
  Object.defineProperty(prototipo, 'customResultMapper', {
    configurable: true,
    get(this: ConsultaPreparada) {
      const dado = this[proprio];
      if (dado || !this.fields) return dado;
      const linha = compilarLinha(this.fields, this.joinsNotNullableMap);
      const mapear = (rows: unknown[][]) => rows.map((row) => linha(row));
      this[proprio] = mapear;
      return mapear;
    },
    set(this: ConsultaPreparada, mapper: ((rows: unknown[][]) => unknown[]) | undefined) {
      this[proprio] = mapper;
    },
  });
}

/**
 * drizzle's own mapping and its order of a selection's fields: exported by its build, not by its types. What the
 * compiled mapping is compared with (db/library-internals.test.ts, bench/row-mapping.ts).
 */
export const drizzleInterno = drizzle as unknown as {
  mapResultRow(campos: readonly CampoSelecionado[], row: unknown[], nulos?: Record<string, boolean>): Objeto;
  orderSelectedFields(fields: Record<string, unknown>): CampoSelecionado[];
};
