// Prints EXPLAIN ANALYZE of Inadimplência's statement for an actor and query on the bench DB (not committed).
import { sql, type SQL } from 'drizzle-orm';
import { connectPostgres } from '../src/server/db/postgres';
import { findInadimplencia } from '../src/server/modules/inadimplencia/inadimplencia.repository';
import { todayInBrasilia, addDays } from '../src/shared/brasilia';

const [email, agrupar, ...filtros] = process.argv.slice(2);
const handle = await connectPostgres('postgres://postgres@127.0.0.1:5432/bench', 2);
const db = handle.db;
const u = (await db.execute(sql`select u.id, u.role, u.franqueador_id as "franqueadorId", u.franquia_id as "franquiaId",
  u.micro_franquia_id as "microFranquiaId", u.cliente_id as "clienteId" from users u where email = ${email}`)) as any;
const actor = u.rows[0];
const hoje = todayInBrasilia(new Date());
const scope = { franqueador: ['franqueador', actor.franqueadorId], franquia: ['franquia', actor.franquiaId],
  micro_franquia: ['micro_franquia', actor.microFranquiaId], cliente: ['cliente', actor.clienteId] }[actor.role as string]!;
const nodes = [{ level: scope[0], id: scope[1] }, ...filtros.filter((f) => f.includes(':')).map((f) => ({ level: f.split(':')[0], id: f.split(':')[1] }))];
const wrapTx = (ex: any): any => ({
  execute: async (q: SQL) => {
    if ((q as any).queryChunks?.length === 1) return ex.execute(q);
    const r = (await ex.execute(sql`explain (analyze, buffers) ${q}`)) as any;
    for (const row of r.rows) console.log(row['QUERY PLAN']);
    return { rows: [] };
  },
});
const wrap = (ex: any): any => ({
  execute: async (q: SQL) => {
    const r = (await ex.execute(sql`explain (analyze, buffers) ${q}`)) as any;
    if (!String(r.rows?.[0]?.['QUERY PLAN'] ?? '').startsWith('Result')) for (const row of r.rows) console.log(row['QUERY PLAN']);
    return { rows: [] };
  },
  transaction: (fn: any) => ex.transaction(async (tx: any) => { await tx.execute(sql`set local max_parallel_workers_per_gather = 0`); return fn(wrapTx(tx)); }),
});
const place = Object.fromEntries(filtros.filter((f) => f.includes('=')).map((f) => f.split('=')));
await findInadimplencia(wrap(db), actor, { nodes, ...place, de: addDays(hoje, -364), ate: hoje } as any, {
  agrupar: agrupar as any, hoje, limit: 50, offset: 0, semVendedor: 'Sem vendedor',
});
await handle.close();
