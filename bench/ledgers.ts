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
import { MINHAS_ORDEM, MINHAS_PAGINA, minhasLancamentosKeyset } from '../src/shared/schemas/comissao';
import { encodeListCursor } from '../src/shared/schemas/list-cursor';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../src/shared/schemas/list-query';
import { rodarJob } from './cobranca';

export interface LedgerScenario {
  name: string;
  path: string;
  account: 'franqueador' | 'franquia' | 'vendedor' | 'micro';
  connections: number;
  target: { p99: number };
  exact: (db: Database, actor: Actor, answer: unknown) => Promise<string>;
}

type Beneficiario = 'vendedor' | 'micro_franquia';

/** What the paged rows need of the data: the cursor after each seller's first page, the month's beneficiaries. */
export interface LedgerBenchInput {
  /** The cursor 'Minhas comissões' names after its first page (its `proximo`); null: the lines fit on it. */
  proximo: Record<Beneficiario, string | null>;
  /** How many beneficiaries the franqueador's month holds (the summary's X-Total-Count). */
  beneficiariosDoMes: number;
}

/** The caller's lines in the statement's order (newest month, newest line, id), `offset` on. */
const linhasEmOrdem = (beneficiario: Beneficiario, id: string, offset: number, limit: number) =>
  sql`select periodo, created_at::text as criado, id::text as id, valor_centavos from comissao_lancamentos
    where beneficiario = ${beneficiario} and beneficiario_id = ${id}::uuid
    order by periodo desc, created_at desc, id desc offset ${offset} limit ${limit}`;

export async function ledgerBenchInput(
  db: Database,
  actors: { franqueador: Actor; vendedor: Actor; micro: Actor },
  now: Date,
): Promise<LedgerBenchInput> {
  const cursorDe = async (beneficiario: Beneficiario, id: string | null | undefined) => {
    const [ultima] = await executeRows<{ periodo: string; criado: string; id: string }>(
      db,
      linhasEmOrdem(beneficiario, id ?? '00000000-0000-0000-0000-000000000000', MINHAS_PAGINA - 1, 1),
    );
    return ultima
      ? encodeListCursor({
          lista: minhasLancamentosKeyset.lista,
          ordem: MINHAS_ORDEM,
          chaves: [ultima.periodo, ultima.criado, ultima.id],
        })
      : null;
  };
  const [n] = await executeRows<{ n: number }>(
    db,
    sql`select count(distinct (beneficiario, beneficiario_id))::int as n from comissao_somas
      where franqueador_id = ${actors.franqueador.franqueadorId}::uuid and periodo = ${mesDoBench(now)}`,
  );
  return {
    proximo: {
      vendedor: await cursorDe('vendedor', actors.vendedor.vendedorId),
      micro_franquia: await cursorDe('micro_franquia', actors.micro.microFranquiaId),
    },
    beneficiariosDoMes: Number(n?.n ?? 0),
  };
}

const centavos = (reais: number) => Math.round(reais * 100);

async function soma(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await executeRows<{ n: string | null }>(db, query);
  return Number(row?.n ?? 0);
}

const igual = (what: string, answer: number, lines: number) =>
  answer === lines ? `${what} = its lines' sum (${lines} centavos)` : `${what} ${answer} ≠ its lines' sum ${lines}`;

/** What a scenario's name says for the month it reads: the same name next month, so its row is replaced. */
const MES_NO_NOME = 'mes-anterior';

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

/**
 * 'Minhas comissões'' next page ('Carregar mais'): the MINHAS_PAGINA lines after the statement's first page, by its
 * cursor, checked against the lines in order.
 */
function minhasProximaPagina(
  account: 'vendedor' | 'micro',
  beneficiario: Beneficiario,
  idDo: (actor: Actor) => string | null | undefined,
  proximo: string | null,
): LedgerScenario[] {
  if (!proximo) return [];
  return [
    {
      name: `GET /api/comissoes/minhas/lancamentos next page · ${account}`,
      path: `/api/comissoes/minhas/lancamentos?pageSize=${MINHAS_PAGINA}&apos=${proximo}`,
      account,
      connections: 16,
      target: { p99: 50 },
      exact: async (db, actor, answer) => {
        if (!Array.isArray(answer)) return `not a page of lines: ${JSON.stringify(answer).slice(0, 80)}`;
        const ids = (answer as { id: string }[]).map((l) => l.id);
        const esperadas = (
          await executeRows<{ id: string }>(db, linhasEmOrdem(beneficiario, idDo(actor)!, MINHAS_PAGINA, MINHAS_PAGINA))
        ).map((l) => l.id);
        return ids.join() === esperadas.join()
          ? `the page = lines ${MINHAS_PAGINA + 1}-${MINHAS_PAGINA + ids.length} in order`
          : `the page's ${ids.length} lines ≠ lines ${MINHAS_PAGINA + 1}-${2 * MINHAS_PAGINA}`;
      },
    },
  ];
}

/** The month's summary for an account: its totals checked against the lines of its reach (page or not). */
function resumo(
  mes: string,
  account: 'franqueador' | 'franquia',
  pagina: { label: string; query: string; itens?: number },
): LedgerScenario {
  return {
    name: `GET /api/comissoes/resumo?periodo=${MES_NO_NOME}${pagina.label} · ${account}`,
    path: `/api/comissoes/resumo?periodo=${mes}${pagina.query}`,
    account,
    connections: 16,
    target: { p99: 50 },
    exact: async (db, actor, answer) => {
      const { saldo, itens = [] } = answer as { saldo: number; itens?: unknown[] };
      const alcance =
        account === 'franqueador'
          ? sql`franqueador_id = ${actor.franqueadorId}::uuid`
          : sql`franquia_id = ${actor.franquiaId}::uuid`;
      const note = igual(
        'the month',
        centavos(saldo),
        await soma(
          db,
          sql`select sum(valor_centavos) as n from comissao_lancamentos where ${alcance} and periodo = ${mes}`,
        ),
      );
      return pagina.itens === undefined || itens.length === pagina.itens
        ? `${note}; ${itens.length} beneficiaries`
        : `${note}; ${itens.length} beneficiaries ≠ ${pagina.itens}`;
    },
  };
}

export function ledgerScenarios(now: Date, franquiaId: string, input?: LedgerBenchInput): LedgerScenario[] {
  const mes = mesDoBench(now);
  const n = input?.beneficiariosDoMes ?? 0;
  const ultima = Math.max(1, Math.ceil(n / DEFAULT_PAGE_SIZE));
  return [
    // Issue 44: the seller's phone -- the lines' sums by state and month, the prevista, the newest lines.
    minhas('vendedor', 'vendedor', (actor) => actor.vendedorId),
    minhas('micro', 'micro_franquia', (actor) => actor.microFranquiaId),
    // Issue 44: 'Carregar mais' -- the next page of the seller's lines.
    ...minhasProximaPagina('vendedor', 'vendedor', (actor) => actor.vendedorId, input?.proximo.vendedor ?? null),
    ...minhasProximaPagina(
      'micro',
      'micro_franquia',
      (actor) => actor.microFranquiaId,
      input?.proximo.micro_franquia ?? null,
    ),
    // Issue 44: the franqueador's month -- its first page of beneficiaries and the month's sums (the lines' page is
    // the generated list rows').
    resumo(mes, 'franqueador', { label: '', query: '', itens: input ? Math.min(n, DEFAULT_PAGE_SIZE) : undefined }),
    ...(input
      ? [
          resumo(mes, 'franqueador', {
            label: ` pageSize=${MAX_PAGE_SIZE}`,
            query: `&pageSize=${MAX_PAGE_SIZE}`,
            itens: Math.min(n, MAX_PAGE_SIZE),
          }),
          ...(ultima > 1
            ? [
                resumo(mes, 'franqueador', {
                  label: ' deepest page',
                  query: `&page=${ultima}`,
                  itens: n - (ultima - 1) * DEFAULT_PAGE_SIZE,
                }),
              ]
            : []),
        ]
      : []),
    // The franquia's month: its subtree's beneficiaries.
    resumo(mes, 'franquia', { label: '', query: '' }),
    {
      // Issue 45: the franqueador's month of royalties -- each franquia's statement, open (a preview) or closed.
      name: `GET /api/royalties/extratos?mes=${MES_NO_NOME} · franqueador`,
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
      name: `GET /api/royalties/extratos/:franquiaId/${MES_NO_NOME}?page=1&pageSize=20 · franquia`,
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
