/**
 * Issue 43's billing scenarios for `npm run bench` (ADR 084), over bench:data's million parcelas: the webhook, the
 * family's public link, the baixa manual and the renegotiation as measured requests; the parcelas' CSV, the régua's
 * daily run and the conciliação as one-off runs, timed with the server's memory growth (their memory must not grow
 * with the data). The bench's server bills with COBRANCA_PROVEDOR=asaas against `gatewayDoBench`: an Asaas of its own
 * whose payments are the bench database's parcelas (what the gateway holds when nothing was lost), so the
 * conciliação compares a million payments with a million parcelas. Each run sets back what a previous one changed,
 * so every request measured is a first one: a parcela still to be paid, a matrícula not yet renegotiated.
 */
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '../src/server/db/connect';
import { addDays, todayInBrasilia } from '../src/shared/brasilia';

export const BENCH_GATEWAY_PORT = 5392;
export const BENCH_WEBHOOK_TOKEN = 'bench-webhook-token-0123456789abcdef';
/** What the bench's server needs to bill through `gatewayDoBench`. */
export const COBRANCA_ENV = {
  COBRANCA_PROVEDOR: 'asaas',
  ASAAS_API_URL: `http://127.0.0.1:${BENCH_GATEWAY_PORT}`,
  ASAAS_API_KEY: 'bench-asaas-key',
  ASAAS_WEBHOOK_TOKEN: BENCH_WEBHOOK_TOKEN,
};
const NOTA_DA_BAIXA = 'Pago em dinheiro na escola (bench)';

interface PagamentoRow {
  id: string;
  status: string;
  value: string;
  dueDate: string;
  externalReference: string | null;
  netValue: string | null;
  paymentDate: string | null;
  deleted: boolean;
}

// A parcela as the gateway would hold its payment: paid, overdue, pending, refunded; deleted once cancelled here or
// paid at the school (the baixa's job deletes it).
const PAGAMENTO = sql`p.gateway_id as id,
  case p.status when 'paga' then 'RECEIVED' when 'vencida' then 'OVERDUE' when 'estornada' then 'REFUNDED'
    else 'PENDING' end as status,
  (p.valor_centavos / 100.0)::text as value, p.vencimento::text as "dueDate",
  'parcela:' || p.matricula_id || ':' || p.numero as "externalReference",
  (p.valor_liquido_centavos / 100.0)::text as "netValue", p.paga_em::text as "paymentDate",
  (p.status = 'cancelada' or p.baixa_em is not null) as deleted`;

const asJson = (r: PagamentoRow) => ({
  object: 'payment',
  ...r,
  value: Number(r.value),
  netValue: r.netValue === null ? null : Number(r.netValue),
});

/**
 * The bench's Asaas: customers and payments created answer at once (kept in memory), everything else is read from
 * the bench database's parcelas. The listing by due date reads a page by keyset (gateway id), remembering where each
 * offset's page ended, so a run's thousands of pages each cost a page.
 */
export async function gatewayDoBench(db: Database): Promise<Server> {
  const criados = new Map<string, Record<string, unknown>>();
  const fimDaPagina = new Map<string, string>();
  let seq = 0;
  const server = createServer((req, res) => {
    const responder = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://bench');
        const path = url.pathname;
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        if (path === '/v3/customers') {
          if (req.method === 'POST') return responder(200, { id: `cus_bench_${++seq}` });
          return responder(200, { object: 'list', hasMore: false, data: [] });
        }
        if (path === '/v3/payments' && req.method === 'POST') {
          const id = `pay_benchgw_${process.pid}_${++seq}`;
          const payment = { object: 'payment', id, status: 'PENDING', deleted: false, ...body };
          criados.set(id, payment);
          return responder(200, payment);
        }
        if (path === '/v3/payments') {
          const referencia = url.searchParams.get('externalReference');
          if (referencia) return responder(200, { object: 'list', hasMore: false, data: [] });
          const desde = url.searchParams.get('dueDate[ge]') ?? '1970-01-01';
          const offset = Number(url.searchParams.get('offset') ?? 0);
          const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
          const depois = offset === 0 ? '' : (fimDaPagina.get(`${desde}:${offset}`) ?? null);
          if (depois === null)
            return responder(400, { errors: [{ code: 'bench', description: 'offset fora de ordem' }] });
          const rows = await executeRows<PagamentoRow>(
            db,
            sql`select ${PAGAMENTO} from parcelas p
              where p.provedor = 'asaas' and p.vencimento >= ${desde}::date and p.gateway_id > ${depois}
              order by p.gateway_id limit ${limit + 1}`,
          );
          const pagina = rows.slice(0, limit);
          if (pagina.length) fimDaPagina.set(`${desde}:${offset + pagina.length}`, pagina.at(-1)!.id);
          return responder(200, {
            object: 'list',
            hasMore: rows.length > limit,
            limit,
            offset,
            data: pagina.map(asJson),
          });
        }
        const m = /^\/v3\/payments\/([^/]+)(\/pixQrCode|\/refund)?$/.exec(path);
        if (m) {
          const id = decodeURIComponent(m[1]!);
          if (m[2] === '/pixQrCode') return responder(200, { payload: `00020126BENCHPIX${id}` });
          if (req.method === 'DELETE') return responder(200, { deleted: true, id });
          if (m[2] === '/refund') return responder(200, { id, status: 'REFUNDED' });
          const criado = criados.get(id);
          if (criado) return responder(200, criado);
          const [row] = await executeRows<PagamentoRow>(
            db,
            sql`select ${PAGAMENTO} from parcelas p where p.provedor = 'asaas' and p.gateway_id = ${id}`,
          );
          return row ? responder(200, asJson(row)) : responder(404, { errors: [{ code: 'not_found' }] });
        }
        responder(404, { errors: [{ code: 'not_found' }] });
      })().catch((error: unknown) => responder(500, { errors: [{ code: String(error) }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(BENCH_GATEWAY_PORT, '127.0.0.1', resolve));
  return server;
}

export interface CobrancaBenchInput {
  /** Open or overdue parcelas the webhook pays: gateway id and value. */
  aPagar: { id: string; value: number }[];
  /** The family's links: `bench-parcelas-<matrícula>`. */
  links: string[];
  /** The franquia's open or overdue parcelas a baixa pays. */
  baixas: string[];
  /** The franquia's active matrículas with open parcelas, never renegotiated. */
  renegociaveis: string[];
}

const ABERTA_OU_VENCIDA = sql`(case when vencimento < current_date then 'vencida' else 'aberta' end)::parcela_status`;

/**
 * What the scenarios need, after setting back what a previous run changed: the parcelas its webhook events and its
 * baixas paid are to be paid again, its renegotiations undone, its links written.
 */
export async function cobrancaBenchInput(
  db: Database,
  franquiaId: string,
  limite = 20_000,
): Promise<CobrancaBenchInput> {
  await db.transaction(async (tx) => {
    // The commission and royalty lines those payments wrote (issues 44, 45): the next run's payments write them again.
    // The ledgers refuse a delete through their triggers, off for these two statements only.
    const pagasPeloBench = sql`(select parcela_id from cobranca_eventos where evento_id like 'evt_bench_%'
      and parcela_id is not null union all select id from parcelas where baixa_observacao = ${NOTA_DA_BAIXA})`;
    await tx.execute(sql`set local session_replication_role = 'replica'`);
    await tx.execute(sql`delete from comissao_lancamentos where parcela_id in ${pagasPeloBench}`);
    await tx.execute(sql`delete from royalty_lancamentos where parcela_id in ${pagasPeloBench}`);
    await tx.execute(sql`set local session_replication_role = 'origin'`);
    // Their sums go with them (ADR 097: the triggers only add).
    await tx.execute(sql`select ledger_somas_rebuild()`);
    // The webhook's payments of a previous run.
    await tx.execute(sql`update parcelas set status = ${ABERTA_OU_VENCIDA}, paga_em = null, valor_liquido_centavos = null
      where id in (select parcela_id from cobranca_eventos where evento_id like 'evt_bench_%' and parcela_id is not null)
        and baixa_em is null`);
    await tx.execute(sql`delete from cobranca_eventos where evento_id like 'evt_bench_%'`);
    // Its baixas.
    await tx.execute(sql`update parcelas set status = ${ABERTA_OU_VENCIDA}, paga_em = null, valor_liquido_centavos = null,
        baixa_em = null, baixa_por_id = null, baixa_observacao = null
      where baixa_observacao = ${NOTA_DA_BAIXA}`);
    // Its renegotiations: the new plans gone, the old parcelas open again.
    const novas = sql`(select id from parcelas where plano_renegociacao_id is not null)`;
    await tx.execute(sql`delete from cobranca_regua_envios where parcela_id in ${novas}`);
    await tx.execute(sql`delete from cobranca_eventos where parcela_id in ${novas}`);
    await tx.execute(sql`delete from cobranca_conciliacao_diferencas where parcela_id in ${novas}`);
    await tx.execute(sql`delete from parcelas where plano_renegociacao_id is not null`);
    await tx.execute(sql`update parcelas set status = ${ABERTA_OU_VENCIDA}, renegociacao_id = null
      where renegociacao_id is not null`);
    await tx.execute(sql`delete from renegociacoes`);
    await tx.execute(sql`delete from jobs where tipo in ('cobranca_renegociacao', 'cobranca_baixa')
      and status in ('pendente', 'falhou')`);
  });
  // The rebuild rewrote every sum: without a vacuum (autovacuum may be off on a bench server), each run leaves the
  // month's rows behind as dead ones -- 650,000 after twenty runs, and the month's summary read 41,000 index entries
  // for its 1,953 rows, planned as twenty times bigger (with JIT): p99 75 ms, 40 ms once vacuumed. So do the
  // payments' own rows: after nine webhook runs, 1,057 live events beside 16,533 dead ones, each new event's unique
  // check walking them, and each run slower than the one before (p50 10, 11, 11 ms for the same build).
  await db.execute(
    sql`vacuum analyze comissao_somas, royalty_somas, parcelas, cobranca_eventos, comissao_lancamentos, royalty_lancamentos`,
  );
  const aPagar = await executeRows<{ id: string; value: string }>(
    db,
    sql`select gateway_id as id, (valor_centavos / 100.0)::text as value from parcelas
      where provedor = 'asaas' and status in ('aberta', 'vencida') and tipo = 'mensalidade'
        and abs(hashtext(id::text)) % 4 = 0
      order by id limit ${limite}`,
  );
  // The links: an active matrícula of each family with a responsável's CPF.
  await db.execute(sql`insert into cobranca_links (matricula_id, token_hash, expira_em)
    select m.id, encode(sha256(convert_to('bench-parcelas-' || m.id, 'UTF8')), 'hex'), now() + interval '120 days'
    from matriculas m join pre_matriculas pm on pm.id = m.pre_matricula_id
    where m.status = 'ativa' and pm.cpf_responsavel is not null
      and exists (select 1 from parcelas p where p.matricula_id = m.id)
    order by m.id limit ${limite}
    on conflict do nothing`);
  const links = await executeRows<{ id: string }>(
    db,
    sql`select l.matricula_id as id from cobranca_links l
      where l.token_hash = encode(sha256(convert_to('bench-parcelas-' || l.matricula_id, 'UTF8')), 'hex')
      order by l.matricula_id limit ${limite}`,
  );
  // The franquia's: parcelas for its baixas (not the webhook's), matrículas for its renegotiations (others).
  const baixas = await executeRows<{ id: string }>(
    db,
    sql`select id from parcelas where franquia_id = ${franquiaId}::uuid and status in ('aberta', 'vencida')
        and tipo = 'mensalidade' and abs(hashtext(id::text)) % 4 = 1
        and matricula_id in (select id from matriculas where franquia_id = ${franquiaId}::uuid
          and abs(hashtext(id::text)) % 2 = 0)
      order by id limit ${limite}`,
  );
  const renegociaveis = await executeRows<{ id: string }>(
    db,
    sql`select m.id from matriculas m where m.franquia_id = ${franquiaId}::uuid and m.status = 'ativa'
        and abs(hashtext(m.id::text)) % 2 = 1
        and exists (select 1 from parcelas p where p.matricula_id = m.id and p.status in ('aberta', 'vencida')
          and p.tipo = 'mensalidade')
      order by m.id limit ${limite}`,
  );
  if (aPagar.length === 0) throw new Error('no parcela to be paid: run npm run bench:data first');
  return {
    aPagar: aPagar.map((p) => ({ id: p.id, value: Number(p.value) })),
    links: links.map((l) => `bench-parcelas-${l.id}`),
    baixas: baixas.map((b) => b.id),
    renegociaveis: renegociaveis.map((r) => r.id),
  };
}

export interface CobrancaScenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  account?: 'franquia';
  connections: number;
  target: { p99?: number; rps?: number };
  pathFor?: (n: number) => string;
  body?: (n: number) => unknown;
  headers?: Record<string, string>;
  /** The table whose new rows prove each answer's write was stored. */
  storedIn?: string;
}

export function cobrancaScenarios(input: CobrancaBenchInput, now: Date): CobrancaScenario[] {
  const hoje = todayInBrasilia(now);
  const cada = <T>(lista: T[], n: number) => lista[n % lista.length]!;
  const scenarios: CobrancaScenario[] = [
    {
      // Issue 43's target: >= 500 events/s, p99 <= 50 ms. Each event a new id paying a parcela still to be paid.
      name: 'POST /api/webhooks/asaas (PAYMENT_RECEIVED)',
      method: 'POST',
      path: '/api/webhooks/asaas',
      connections: 16,
      target: { p99: 50, rps: 500 },
      headers: { 'asaas-access-token': BENCH_WEBHOOK_TOKEN },
      storedIn: 'cobranca_eventos',
      body: (n) => {
        const p = cada(input.aPagar, n);
        return {
          id: `evt_bench_${process.pid}_${n}`,
          event: 'PAYMENT_RECEIVED',
          dateCreated: `${hoje} 10:00:00`,
          payment: { id: p.id, status: 'RECEIVED', value: p.value, netValue: p.value, paymentDate: hoje },
        };
      },
    },
  ];
  if (input.links.length) {
    scenarios.push({
      name: 'GET /api/public/parcelas/:token (public)',
      path: '/api/public/parcelas/:token',
      connections: 16,
      target: { p99: 50 },
      pathFor: (n) => `/api/public/parcelas/${cada(input.links, n)}`,
    });
  }
  if (input.baixas.length) {
    scenarios.push({
      name: 'POST /api/parcelas/:id/baixa · franquia',
      method: 'POST',
      path: '/api/parcelas/:id/baixa',
      account: 'franquia',
      connections: 8,
      target: { p99: 100 },
      pathFor: (n) => `/api/parcelas/${cada(input.baixas, n)}/baixa`,
      body: () => ({ observacao: NOTA_DA_BAIXA }),
      storedIn: 'audit_log',
    });
  }
  if (input.renegociaveis.length) {
    scenarios.push({
      name: 'POST /api/matriculas/:id/renegociar · franquia',
      method: 'POST',
      path: '/api/matriculas/:id/renegociar',
      account: 'franquia',
      connections: 8,
      target: { p99: 100 },
      pathFor: (n) => `/api/matriculas/${cada(input.renegociaveis, n)}/renegociar`,
      body: () => ({ parcelas: 3, primeiroVencimento: addDays(hoje, 10) }),
      storedIn: 'renegociacoes',
    });
  }
  return scenarios;
}

/**
 * A job run now, as the queue runs it: its row written due now under a key of its own, then watched until it ended
 * (done, failed, or waiting to retry after an error). Answers how it ended.
 */
export async function rodarJob(db: Database, tipo: string, payload: Record<string, unknown>) {
  const chave = `${tipo}:bench:${Date.now()}`;
  await db.execute(sql`insert into jobs (tipo, payload, chave, executar_em, created_at, updated_at)
    values (${tipo}, ${JSON.stringify(payload)}::jsonb, ${chave}, now(), now(), now())`);
  for (;;) {
    const [row] = await executeRows<{ status: string; ultimo_erro: string | null }>(
      db,
      sql`select status, ultimo_erro from jobs where chave = ${chave}`,
    );
    if (
      row &&
      (row.status === 'concluido' || row.status === 'falhou' || (row.status === 'pendente' && row.ultimo_erro))
    )
      return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A daily job run now (the régua's or the conciliação's), the day's régua set back first, so it sends again.
 * Answers when it ended and how.
 */
export async function rodarJobDiario(db: Database, tipo: 'cobranca_regua' | 'cobranca_conciliacao') {
  const hoje = todayInBrasilia(new Date());
  if (tipo === 'cobranca_regua') {
    await db.execute(sql`delete from cobranca_regua_envios where dia = ${hoje}::date`);
    await db.execute(sql`delete from jobs where chave like ${`cobranca_regua:${hoje}:%`}`);
  }
  const row = await rodarJob(db, tipo, { dia: hoje });
  const [mails] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where chave like ${`cobranca_regua:${hoje}:%`}`,
  );
  return { ...row, emails: Number(mails?.n ?? 0) };
}
