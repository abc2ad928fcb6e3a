/**
 * `npx tsx bench/row-mapping.ts`: the CPU drizzle's row mapping (`mapResultRow`) and db/row-mapper.ts's compiled one
 * (ADR 112) take to map the same pages of 500 rows, in turns. Each page is read once from the bench database (npm
 * run bench:data) through its list's repository, its raw rows and fields kept; then only the mapping is timed, so
 * the figures are the mapping's alone, not the query's or the driver's.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/row-mapping.ts
 */
import { sql } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import type { Actor } from '../src/server/access/actor';
import type { Database } from '../src/server/db/connect';
import { connectPostgres } from '../src/server/db/postgres';
import { type CampoSelecionado, compilarLinha, drizzleInterno } from '../src/server/db/row-mapper';
import { listClientes } from '../src/server/modules/clientes/clientes.repository';
import { listLeads } from '../src/server/modules/leads/leads.repository';
import { listMatriculas } from '../src/server/modules/matriculas/matriculas.repository';
import { listPreMatriculas } from '../src/server/modules/pre-matriculas/pre-matriculas.repository';
import { clientesQuerySchema } from '../src/shared/schemas/cliente';
import { funnelListQuerySchema } from '../src/shared/schemas/funnel';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const TURNS = Number(process.env.TURNS ?? 10);
const PAGES = Number(process.env.PAGES ?? 100);

async function actorOf(db: Database, email: string): Promise<Actor> {
  const result = (await db.execute(sql`
    select u.id, u.email, u.nome, u.role, u.franqueador_id as "franqueadorId", u.franquia_id as "franquiaId",
      u.micro_franquia_id as "microFranquiaId", u.cliente_id as "clienteId", v.id as "vendedorId"
    from users u left join vendedores v on v.user_id = u.id where u.email = ${email}`)) as unknown as {
    rows: Actor[];
  };
  return result.rows[0]!;
}

interface Lida {
  campos: CampoSelecionado[];
  nulos: Record<string, boolean> | undefined;
  rows: unknown[][];
}
/** While `read` runs, the largest statement's fields and raw rows, caught where drizzle maps them. */
async function capturar(read: () => Promise<unknown>): Promise<Lida> {
  let maior: Lida | undefined;
  const proto = NodePgPreparedQuery.prototype as unknown as Record<string, unknown>;
  const antes = Object.getOwnPropertyDescriptor(proto, 'customResultMapper');
  Object.defineProperty(proto, 'customResultMapper', {
    configurable: true,
    get(this: { fields?: CampoSelecionado[]; joinsNotNullableMap?: Record<string, boolean> }) {
      if (!this.fields) return undefined;
      return (rows: unknown[][]) => {
        if (!maior || rows.length > maior.rows.length)
          maior = { campos: this.fields!, nulos: this.joinsNotNullableMap, rows };
        return rows.map((row) => drizzleInterno.mapResultRow(this.fields!, row, this.joinsNotNullableMap));
      };
    },
    set() {},
  });
  try {
    await read();
  } finally {
    if (antes) Object.defineProperty(proto, 'customResultMapper', antes);
    else delete proto.customResultMapper;
  }
  return maior!;
}

const { db, close } = await connectPostgres(url, 2);
const franqueador = await actorOf(db, 'franqueador1@bench.com.br');
const franquia = await actorOf(db, 'franquia1@bench.com.br');
const funil = (q: Record<string, unknown>) => funnelListQuerySchema.parse({ pageSize: 500, ...q });
const lidas: [string, Lida][] = [];
for (const [name, read] of [
  [
    'matrículas status=aguardando_aceite · franqueador',
    () => listMatriculas(db, franqueador, funil({ status: 'aguardando_aceite' })),
  ],
  ['leads · franqueador', () => listLeads(db, franqueador, funil({}))],
  ['pré-matrículas · franquia', () => listPreMatriculas(db, franquia, funil({}))],
  ['clientes · franqueador', () => listClientes(db, franqueador, clientesQuerySchema.parse({ pageSize: 500 }))],
] as const) {
  lidas.push([name, await capturar(read)]);
}
await close();

const modos = {
  drizzle: ({ campos, nulos, rows }: Lida) => rows.map((row) => drizzleInterno.mapResultRow(campos, row, nulos)),
  compilado: ({ campos, nulos, rows }: Lida) => {
    const linha = compilarLinha(campos, nulos);
    return rows.map((row) => linha(row));
  },
};
const tempos = new Map<string, Record<keyof typeof modos, number[]>>();
let guarda = 0;
for (let turn = 0; turn < TURNS; turn += 1) {
  for (const modo of Object.keys(modos) as (keyof typeof modos)[]) {
    for (const [name, lida] of lidas) {
      const before = process.cpuUsage();
      for (let i = 0; i < PAGES; i += 1) guarda += modos[modo](lida).length;
      const used = process.cpuUsage(before);
      const entry = tempos.get(name) ?? { drizzle: [], compilado: [] };
      entry[modo].push((used.user + used.system) / 1000 / PAGES);
      tempos.set(name, entry);
    }
  }
}
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const faixa = (xs: number[]) => `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`;
console.log(`${guarda} rows mapped, ${TURNS} turns of ${PAGES} pages per mode`);
for (const [name, lida] of lidas) {
  const t = tempos.get(name)!;
  console.log(
    `${name.padEnd(50)} ${String(lida.rows.length).padStart(3)} rows × ${lida.campos.length} fields: ` +
      `drizzle ${mediana(t.drizzle).toFixed(2)} ms (${faixa(t.drizzle)}), compiled ${mediana(t.compilado).toFixed(2)} ms (${faixa(t.compilado)}) per page`,
  );
}
