/**
 * Issues 44 and 45's scenarios for `npm run bench`, over the ledgers bench:data writes (bench/dinheiro.ts): what a
 * seller opens on the phone ('Minhas comissões'), the franqueador's month of commissions and of royalties, a
 * franquia's statement page, and -- as a one-off -- the statement job on the 1st for both networks' 550 franquias, with the public
 * sign-up measured while it runs (issue 45: "without slowing sign-ups beyond their target"). Each answer's figures are
 * checked against the lines, summed row by row: the statements always equal their lines.
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/server/access/actor';
import { type Database, executeRows } from '../src/server/db/connect';
import { todayInBrasilia } from '../src/shared/brasilia';
import { periodoAnterior, periodoDe } from '../src/shared/comissoes/lancamentos';
import { rodarJob } from './cobranca';

export interface LedgerScenario {
  name: string;
  path: string;
  account: 'franqueador' | 'franquia' | 'vendedor' | 'micro';
  connections: number;
  target: { p99: number };
  exact: (db: Database, actor: Actor, answer: unknown) => Promise<string>;
}

const centavos = (reais: number) => Math.round(reais * 100);

async function soma(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await executeRows<{ n: string | null }>(db, query);
  return Number(row?.n ?? 0);
}

const igual = (what: string, answer: number, lines: number) =>
  answer === lines ? `${what} = its lines' sum (${lines} centavos)` : `${what} ${answer} ≠ its lines' sum ${lines}`;

/** The month the scenarios read: the one before the current, the last one still open (the job closes it). */
export function mesDoBench(now: Date): string {
  return periodoAnterior(periodoDe(todayInBrasilia(now)));
}

/** 'Minhas comissões' as the account's beneficiary reads it, its saldo checked against its lines. */
function minhas(
  account: 'vendedor' | 'micro',
  beneficiario: 'vendedor' | 'micro_franquia',
  idDo: (actor: Actor) => string | null | undefined,
): LedgerScenario {
  return {
    name: `GET /api/comissoes/minhas · ${account}`,
    path: '/api/comissoes/minhas',
    account,
    connections: 16,
    target: { p99: 50 },
    exact: async (db, actor, answer) =>
      igual(
        'saldo',
        centavos((answer as { saldo: number }).saldo),
        await soma(
          db,
          sql`select sum(valor_centavos) as n from comissao_lancamentos
            where beneficiario = ${beneficiario} and beneficiario_id = ${idDo(actor)}::uuid`,
        ),
      ),
  };
}

export function ledgerScenarios(now: Date, franquiaId: string): LedgerScenario[] {
  const mes = mesDoBench(now);
  return [
    // Issue 44: the seller's phone -- the lines' sums by state and month, the prevista, the newest 200 lines.
    minhas('vendedor', 'vendedor', (actor) => actor.vendedorId),
    minhas('micro', 'micro_franquia', (actor) => actor.microFranquiaId),
    {
      // Issue 44: the franqueador's month -- every beneficiary's sums (the lines' page is the generated list rows').
      name: `GET /api/comissoes/resumo?periodo=${mes} · franqueador`,
      path: `/api/comissoes/resumo?periodo=${mes}`,
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
      exact: async (db, actor, answer) =>
        igual(
          'the month',
          centavos((answer as { saldo: number }).saldo),
          await soma(
            db,
            sql`select sum(valor_centavos) as n from comissao_lancamentos
              where franqueador_id = ${actor.franqueadorId}::uuid and periodo = ${mes}`,
          ),
        ),
    },
    {
      // Issue 45: the franqueador's month of royalties -- each franquia's statement, open (a preview) or closed.
      name: `GET /api/royalties/extratos?mes=${mes} · franqueador`,
      path: `/api/royalties/extratos?mes=${mes}`,
      account: 'franqueador',
      connections: 16,
      target: { p99: 50 },
      exact: async (db, actor, answer) =>
        igual(
          'the month',
          centavos((answer as { total: { base: number } }).total.base),
          await soma(
            db,
            sql`select sum(base_centavos) as n from royalty_lancamentos
              where franqueador_id = ${actor.franqueadorId}::uuid and periodo = ${mes}`,
          ),
        ),
    },
    {
      // Issue 45: 'Meu extrato' as the franquia opens it -- the month and its first 20 lines.
      name: `GET /api/royalties/extratos/:franquiaId/${mes}?page=1&pageSize=20 · franquia`,
      path: `/api/royalties/extratos/${franquiaId}/${mes}?page=1&pageSize=20`,
      account: 'franquia',
      connections: 16,
      target: { p99: 50 },
      exact: async (db, actor, answer) =>
        igual(
          'the statement',
          centavos((answer as { base: number }).base),
          await soma(
            db,
            sql`select sum(base_centavos) as n from royalty_lancamentos
              where franquia_id = ${actor.franquiaId}::uuid and periodo = ${mes}`,
          ),
        ),
    },
  ];
}

/**
 * The statement job of the 1st (`royalties_fechamento`), run now as the queue runs it, over the month before the
 * current one: every franquia of both networks closes it. What a previous run (or the server's own daily run) closed
 * of that month is set back first, with the charges and jobs it queued. Answers how it ended, how many closed, and
 * how many lines they summed.
 */
export async function rodarFechamento(db: Database, now: Date) {
  const mes = mesDoBench(now);
  await db.transaction(async (tx) => {
    // The closings refuse a change through their triggers, which are off in this transaction.
    await tx.execute(sql`set local session_replication_role = 'replica'`);
    await tx.execute(sql`delete from jobs where tipo = 'royalties_fatura'
      and payload->>'faturaId' in (select x.id::text from royalty_faturas x
        join royalty_fechamentos f on f.id = x.fechamento_id where f.periodo = ${mes})`);
    await tx.execute(sql`delete from royalty_faturas x using royalty_fechamentos f
      where f.id = x.fechamento_id and f.periodo = ${mes}`);
    await tx.execute(sql`delete from royalty_fechamentos where periodo = ${mes}`);
    await tx.execute(sql`delete from audit_log where acao = 'royalty_fechamento.fechar' and detalhes->>'mes' = ${mes}`);
    await tx.execute(sql`delete from jobs where tipo = 'royalties_fechamento'`);
  });
  const row = await rodarJob(db, 'royalties_fechamento', {});
  const [fechados] = await executeRows<{ n: number; linhas: string | null }>(
    db,
    sql`select count(*)::int as n, sum(linhas) as linhas from royalty_fechamentos where periodo = ${mes}`,
  );
  return { ...row, mes, fechados: Number(fechados?.n ?? 0), linhas: Number(fechados?.linhas ?? 0) };
}
