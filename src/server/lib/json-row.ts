import { Column, SQL, is, sql } from 'drizzle-orm';

/**
 * A list's row read as one JSON value (issue 42's bench): `jsonRow({ id: t.id, evento: { nome: e.nome } })` selects
 * `json_build_object('id', t.id, 'evento', json_build_object('nome', e.nome))` and hands back the object drizzle's
 * select of the same fields would have built. A page of 500 matrículas has 30 fields a row: read as columns, each
 * value went through the driver's parser and drizzle's row mapping, a walk of 15,000 values in JavaScript (7 ms of
 * the page in the server's profile); as one JSON text a row, the driver's native JSON.parse reads it.
 *
 * Each value keeps its column's reading (`mapFromDriverValue`, as drizzle applies it): a timestamp becomes the same
 * Date (PostgreSQL writes it in ISO 8601 in JSON, and both texts name the same millisecond), a numeric the same
 * number. Only columns whose JSON form reads back as their text form does are taken; any other throws when the
 * statement is written. A nested object is always an object: for an inner join's row, never a left join's.
 */

export type JsonRowFields = { [key: string]: Column | SQL | JsonRowFields };

/** The column types whose JSON value reads back, through their column, as their text did. */
const TIPOS = new Set([
  'PgUUID',
  'PgText',
  'PgVarchar',
  'PgInteger',
  'PgSmallInt',
  'PgBoolean',
  'PgEnumColumn',
  'PgNumericNumber',
  'PgTimestamp',
  'PgDateString',
]);

/** A SQL field's reading (`mapWith`'s): drizzle keeps it on the SQL, untyped (json-row.test.ts holds it). */
type ComLeitura = { decoder: { mapFromDriverValue: (value: unknown) => unknown } };
const leituraDe = (campo: SQL) => (campo as unknown as ComLeitura).decoder;
const semLeitura = leituraDe(sql``).mapFromDriverValue;
const identidade = Column.prototype.mapFromDriverValue;

type Leitura = { caminho: string[]; ler: (value: unknown) => unknown };

export function jsonRow<T>(fields: JsonRowFields): SQL<T> {
  const leituras: Leitura[] = [];
  const valor = (campo: Column | SQL | JsonRowFields, caminho: string[]): SQL => {
    if (is(campo, Column)) {
      if (!TIPOS.has(campo.columnType)) throw new Error(`jsonRow: ${campo.name} (${campo.columnType}) is not supported`);
      if (campo.mapFromDriverValue !== identidade)
        leituras.push({ caminho, ler: (value) => campo.mapFromDriverValue(value) });
      return sql`${campo}`;
    }
    if (is(campo, SQL)) {
      const decoder = leituraDe(campo);
      if (decoder.mapFromDriverValue !== semLeitura)
        leituras.push({ caminho, ler: (value) => decoder.mapFromDriverValue(value) });
      return sql`(${campo})`;
    }
    return objeto(campo, caminho);
  };
  const objeto = (campos: JsonRowFields, caminho: string[]): SQL =>
    sql`json_build_object(${sql.join(
      Object.entries(campos).map(([chave, campo]) => {
        if (!/^[A-Za-z][A-Za-z0-9]*$/.test(chave)) throw new Error(`jsonRow: key '${chave}'`);
        return sql`${sql.raw(`'${chave}'`)}, ${valor(campo, [...caminho, chave])}`;
      }),
      sql`, `,
    )})`;
  const texto = objeto(fields, []);
  return sql<T>`${texto}`.mapWith((lido: unknown) => {
    const row = (typeof lido === 'string' ? JSON.parse(lido) : lido) as Record<string, unknown>;
    for (const { caminho, ler } of leituras) {
      let alvo = row;
      for (let i = 0; i < caminho.length - 1; i += 1) alvo = alvo[caminho[i]!] as Record<string, unknown>;
      const chave = caminho[caminho.length - 1]!;
      const value = alvo[chave];
      if (value !== null && value !== undefined) alvo[chave] = ler(value);
    }
    return row as T;
  });
}
