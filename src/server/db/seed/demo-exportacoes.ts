import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../../shared/roles';
import type { Actor } from '../../access/actor';
import { enfileirarExportacao } from '../../modules/exportacoes';
import { executeRows } from '../connect';
import { exportacoes, users, vendedores } from '../schema';
import { DEMO_ACCOUNTS } from './demo-network';

/** Whose 'Minhas exportações' the demo fills: the network's and the seller's (their Interesses). */
const DONOS: readonly Role[] = ['franqueador', 'vendedor'];

/**
 * Issue 51 (ADR 091): a demo user opens 'Minhas exportações' and finds a finished export. An export is kept 24 h, so
 * a seeded row would be gone the next day: at each start of a demo deployment, each of these accounts without an
 * export still kept gets one of its Interesses, written by the export's own job (the real file, audited as the
 * account's). Answers how many it started.
 */
export async function exportacoesDaDemo(app: FastifyInstance): Promise<number> {
  let iniciadas = 0;
  for (const role of DONOS) {
    const [row] = await executeRows<{
      id: string;
      email: string;
      nome: string | null;
      role: Role;
      franqueador_id: string | null;
      franquia_id: string | null;
      micro_franquia_id: string | null;
      cliente_id: string | null;
      vendedor_id: string | null;
      guardadas: number;
    }>(
      app.db,
      sql`select u.id, u.email, u.nome, u.role, u.franqueador_id, u.franquia_id, u.micro_franquia_id, u.cliente_id,
          v.id as vendedor_id,
          (select count(*)::int from ${exportacoes} e where e.usuario_id = u.id
            and e.expira_em > ${app.clock.now().toISOString()}::timestamptz) as guardadas
        from ${users} u left join ${vendedores} v on v.user_id = u.id
        where u.email = ${DEMO_ACCOUNTS[role]} and u.is_active`,
    );
    if (!row || row.guardadas > 0) continue;
    const actor: Actor = {
      id: row.id,
      email: row.email,
      nome: row.nome,
      role: row.role,
      franqueadorId: row.franqueador_id,
      franquiaId: row.franquia_id,
      microFranquiaId: row.micro_franquia_id,
      clienteId: row.cliente_id,
      vendedorId: row.vendedor_id,
    };
    await enfileirarExportacao(app, actor, 'leads', { view: 'interesses' });
    iniciadas += 1;
  }
  return iniciadas;
}
