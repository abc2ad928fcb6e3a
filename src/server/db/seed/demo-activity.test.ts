import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SQL, sql } from 'drizzle-orm';
import { createTestApp, loginAs, type TestContext } from '../../../../tests/setup/test-app';
import { queryRows } from '../../../../tests/support/database-digest';
import { isValidCnpj, isValidCpf } from '../../../shared/brazil-ids';
import { todayInBrasilia } from '../../../shared/brasilia';
import { mesesEntre, periodoAnterior, periodoDe } from '../../../shared/comissoes/lancamentos';
import { chaveDoDestinatario } from '../../jobs';
import { type DemoActivityCounts, loadDemoActivity } from './demo-activity';

/**
 * The demo's year of activity (issue 40, ADR 052) is loaded in bulk with the row triggers set aside, and its
 * counters rebuilt from the rows: what the screens read from the counters must equal a recount from the tables,
 * on PGlite and on PostgreSQL. The load is also reproducible, dated from today, and leaves the demo network's own
 * records as they were.
 */

let ctx: TestContext;
let counts: DemoActivityCounts | null;
const rows = <T>(query: SQL) => queryRows<T>(ctx.handle.db, query);
/** The months from `de` to `ate` (YYYY-MM), both in, oldest first. */
const mesesDe = (de: string, ate: string) => mesesEntre(de, ate).reverse();
/** The month before last, the last one the demo closes. */
const retrasado = () => periodoAnterior(periodoAnterior(periodoDe(todayInBrasilia())));
const one = async (query: SQL) => Number((await rows<{ n: number }>(query))[0]!.n);

/** Every counter, summed over its stripes, as left by the load. */
async function counters() {
  return {
    scope: await rows(sql`select scope_id, sum(clientes)::int as c, sum(eventos)::int as e,
      sum(eventos_ativos)::int as a, sum(leads)::int as l, sum(pre_matriculas)::int as p, sum(matriculas)::int as m
      from scope_counts group by scope_id
      having sum(clientes) <> 0 or sum(eventos) <> 0 or sum(eventos_ativos) <> 0 or sum(leads) <> 0
        or sum(pre_matriculas) <> 0 or sum(matriculas) <> 0 order by scope_id`),
    status: await rows(sql`select scope_id, status::text, sum(n)::int as n from lead_status_counts
      group by scope_id, status having sum(n) <> 0 order by scope_id, status`),
    dias: await rows(sql`select chave, dia::text, sum(leads)::int as l, sum(pre_matriculas)::int as p,
      sum(matriculas)::int as m, sum(presencas)::int as x from funnel_dia group by chave, dia
      having sum(leads) <> 0 or sum(pre_matriculas) <> 0 or sum(matriculas) <> 0 or sum(presencas) <> 0
      order by chave, dia`),
    meses: await rows(sql`select chave, mes::text, sum(leads)::int as l, sum(pre_matriculas)::int as p,
      sum(matriculas)::int as m, sum(presencas)::int as x from funnel_mes group by chave, mes
      having sum(leads) <> 0 or sum(pre_matriculas) <> 0 or sum(matriculas) <> 0 or sum(presencas) <> 0
      order by chave, mes`),
    vagas: await rows(sql`select evento_id, sentados from evento_vagas order by evento_id`),
  };
}

/** The demo network's own parcelas, billed before the year is loaded (ADR 076: the baixa and the fee). */
let parcelasDaRede = 0;
/** Their ids: the year's parcelas are the others. */
let daRede: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  parcelasDaRede = await one(sql`select count(*)::int as n from parcelas`);
  daRede = (await rows<{ id: string }>(sql`select id from parcelas`)).map((r) => r.id);
  counts = await loadDemoActivity(ctx.handle.db);
});
afterAll(() => ctx.close());

describe('loadDemoActivity', () => {
  it('writes a year of activity once: thousands of leads, and nothing the second time', async () => {
    expect(counts).not.toBeNull();
    expect(counts!.leads).toBeGreaterThan(2000);
    expect(await one(sql`select count(*)::int as n from leads`)).toBe(counts!.leads + 8);
    expect(await loadDemoActivity(ctx.handle.db)).toBeNull();
    expect(await one(sql`select count(*)::int as n from leads`)).toBe(counts!.leads + 8);
  });

  it('leaves every counter equal to a rebuild from the rows, and no sign-up pending', async () => {
    expect(await one(sql`select count(*)::int as n from contagens_pendentes`)).toBe(0);
    const kept = await counters();
    expect(kept.dias.length).toBeGreaterThan(300);
    await ctx.handle.db.execute(sql`select scope_counts_rebuild()`);
    await ctx.handle.db.execute(sql`select funnel_periodo_rebuild()`);
    await ctx.handle.db.execute(sql`select lead_status_counts_rebuild()`);
    await ctx.handle.db.execute(sql`update evento_vagas set sentados = evento_sentados_contados(evento_id)`);
    expect(kept).toEqual(await counters());
  });

  it("gives each row its event's path and place, as the triggers would", async () => {
    for (const table of ['leads', 'pre_matriculas', 'matriculas']) {
      expect(
        await one(sql`select count(*)::int as n from ${sql.identifier(table)} r join eventos e on e.id = r.evento_id
          where (r.cliente_id, r.vendedor_id, r.micro_franquia_id, r.franquia_id, r.franqueador_id, r.evento_estado,
              r.evento_cidade)
            is distinct from (e.cliente_id, e.vendedor_id, e.micro_franquia_id, e.franquia_id, e.franqueador_id, e.estado,
              e.cidade)`),
      ).toBe(0);
    }
    expect(
      await one(sql`select count(*)::int as n from eventos e join micro_franquias m on m.id = e.micro_franquia_id
        join franquias f on f.id = m.franquia_id left join clientes c on c.id = e.cliente_id
        where (e.vendedor_id, e.franquia_id, e.franqueador_id) is distinct from (c.vendedor_id, f.id, f.franqueador_id)`),
    ).toBe(0);
  });

  it("shows the franqueador's dashboard and Relatórios the figures a recount of the tables gives", async () => {
    const cookie = await loginAs(ctx.app, 'franqueador');
    const dashboard = await ctx.app.inject({ url: '/api/dashboard/metrics', headers: { cookie } });
    expect(dashboard.statusCode).toBe(200);
    const body = JSON.stringify(dashboard.json());
    for (const table of ['leads', 'pre_matriculas', 'matriculas', 'eventos', 'clientes']) {
      const n = await one(sql`select count(*)::int as n from ${sql.identifier(table)}`);
      expect(body, table).toContain(`:${n}`);
    }

    const hoje = todayInBrasilia();
    const inicio = todayInBrasilia(new Date(Date.now() - 364 * 86_400_000));
    const relatorio = await ctx.app.inject({
      url: `/api/relatorios/funil?de=${inicio}&ate=${hoje}`,
      headers: { cookie },
    });
    expect(relatorio.statusCode).toBe(200);
    const leadsNoAno = await one(sql`select count(*)::int as n from leads
      where (created_at at time zone 'America/Sao_Paulo')::date between ${inicio}::date and ${hoje}::date`);
    const presencas = await one(sql`select count(*)::int as n from leads where presente_em is not null
      and (created_at at time zone 'America/Sao_Paulo')::date between ${inicio}::date and ${hoje}::date`);
    const text = JSON.stringify(relatorio.json());
    expect(text).toContain(`"leads":${leadsNoAno}`);
    expect(text).toContain(`"presencas":${presencas}`);
  });

  it("runs Colégio Horizonte's last door partly offline, with conflicts between devices and with the door (issue 49)", async () => {
    const [evento] = await rows<{ evento_id: string }>(sql`select distinct evento_id from presencas_lote`);
    const cookie = await loginAs(ctx.app, 'cliente');
    const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
    const conflitos = await get(`/api/eventos/${evento!.evento_id}/presencas/conflitos`);
    expect(conflitos.statusCode).toBe(200);
    const itens = conflitos.json<{
      itens: {
        primeiro: { dispositivoNome: string | null; em: string };
        segundo: { dispositivoNome: string; em: string };
      }[];
    }>().itens;
    const lados = itens.map((i) => `${i.primeiro.dispositivoNome ?? 'online'} / ${i.segundo.dispositivoNome}`);
    expect(lados.sort()).toEqual([
      'Celular da recepção / Tablet da entrada',
      'Tablet da entrada / Celular da recepção',
      'online / Tablet da entrada',
    ]);
    for (const item of itens) expect(item.segundo.em > item.primeiro.em).toBe(true);
    // Each offline presence is the family's one presence, audited as offline by who sent it.
    const offline = await one(sql`select count(*)::int as n from presencas_lote p join leads l on l.id = p.lead_id
      where p.resultado = 'registrada' and l.presente_em = p.em`);
    expect(offline).toBeGreaterThan(3);
    expect(
      await one(sql`select count(*)::int as n from audit_log
      where acao = 'lead.presenca' and detalhes->>'meio' = 'offline'`),
    ).toBe(offline);
    expect(await one(sql`select count(*)::int as n from audit_log where acao = 'evento.presencas_lote'`)).toBe(2);
    const roteiro = await get(`/api/eventos/${evento!.evento_id}/check-in/roteiro`);
    expect(roteiro.statusCode).toBe(200);
    expect(roteiro.json().itens.filter((i: { presente: boolean }) => i.presente).length).toBeGreaterThan(offline);
  });

  it('follows up with returns due today, overdue ones and families waiting more than 48 h, for the vendedor', async () => {
    const cookie = await loginAs(ctx.app, 'vendedor');
    const response = await ctx.app.inject({ url: '/api/dashboard/acompanhamento', headers: { cookie } });
    const resumo = JSON.stringify(response.json());
    for (const key of ['retornosHoje', 'atrasados', 'semContato48h']) {
      const match = new RegExp(`"${key}":(\\d+)`).exec(resumo);
      expect(Number(match?.[1]), key).toBeGreaterThan(1);
    }
  });

  it("finds a family's confirmation e-mails on Envios by its whole address (issue 51)", async () => {
    const [family] = await rows<{ email: string }>(
      sql`select destino as email from jobs where tipo = 'email' and destino is not null order by created_at desc limit 1`,
    );
    const cookie = await loginAs(ctx.app, 'franqueador');
    const found = await ctx.app.inject({
      url: `/api/envios?tipo=email&destinatario=${encodeURIComponent(family!.email.toUpperCase())}`,
      headers: { cookie },
    });
    expect(found.statusCode).toBe(200);
    expect(Number(found.headers['x-total-count'])).toBeGreaterThan(0);
    expect(chaveDoDestinatario(family!.email)).toMatch(/^[0-9a-f]{64}$/);
    const [{ iguais }] = (await rows<{ iguais: boolean }>(
      sql`select bool_and(destino_chave = ${chaveDoDestinatario(family!.email)}) as iguais from jobs
        where tipo = 'email' and lower(destino) = ${family!.email.toLowerCase()}`,
    )) as [{ iguais: boolean }];
    expect(iguais).toBe(true);
  });

  it('has valid CPFs and CNPJs, reserved e-mail domains, and dates around today', async () => {
    const cpfs = await rows<{ cpf: string }>(sql`select cpf_aluno as cpf from pre_matriculas
      union all select cpf_responsavel from pre_matriculas union all select cpf from users where cpf is not null`);
    expect(cpfs.every((r) => isValidCpf(r.cpf))).toBe(true);
    const cnpjs = await rows<{ cnpj: string }>(sql`select cnpj from clientes`);
    expect(cnpjs.every((r) => isValidCnpj(r.cnpj))).toBe(true);
    expect(
      await one(sql`select count(*)::int as n from leads where email not like '%@exemplo.com.br'
        and email not like '%@email.com'`),
    ).toBe(0);
    const [range] = await rows<{ antes: number; depois: number; futuros: number }>(sql`select
      count(*) filter (where data_evento < current_date - 400)::int as antes,
      count(*) filter (where data_evento > current_date + 60)::int as depois,
      count(*) filter (where data_evento >= current_date)::int as futuros from eventos`);
    expect(range).toEqual({ antes: 0, depois: 0, futuros: expect.any(Number) as number });
    expect(range!.futuros).toBeGreaterThan(5);
    expect(await one(sql`select count(*)::int as n from leads where created_at > now()`)).toBe(0);
  });

  it('bills the year on the simulated gateway: paid, overdue and open parcelas in every school, each plan its price', async () => {
    const hoje = todayInBrasilia(new Date());
    expect(counts!.parcelas).toBeGreaterThan(1000);
    expect(await one(sql`select count(*)::int as n from parcelas`)).toBe(counts!.parcelas + parcelasDaRede);
    const [s] = await rows<Record<string, number>>(sql`select
      count(*) filter (where status = 'paga' and paga_em is not null and valor_liquido_centavos = valor_centavos)::int as pagas,
      count(*) filter (where status = 'paga')::int as todas_pagas,
      count(*) filter (where status = 'vencida' and vencimento < ${hoje}::date)::int as vencidas,
      count(*) filter (where status = 'aberta' and vencimento >= ${hoje}::date)::int as abertas,
      count(*) filter (where paga_em > ${hoje}::date or (status = 'paga' and vencimento > ${hoje}::date + 5))::int as futuras,
      count(*) filter (where provedor <> 'simulado' or gateway_id not like 'pay_sim_%')::int as outras,
      count(distinct cliente_id) filter (where status = 'vencida')::int as escolas_vencidas,
      count(*) filter (where vencimento < ${hoje}::date - 90 and status = 'vencida')::int as noventa
      from parcelas where not (id = any(${`{${daRede.join(',')}}`}::uuid[]))`);
    expect(s!.pagas).toBe(s!.todas_pagas);
    for (const key of ['pagas', 'vencidas', 'abertas', 'noventa']) expect(s![key], key).toBeGreaterThan(10);
    expect(s!.escolas_vencidas).toBeGreaterThan(4);
    expect(s!.futuras! + s!.outras!).toBe(0);
    // Each plan sums to its matrícula's price to the cent (a cancellation's fee is no part of it: ADR 076), with the
    // parcelas' scope its matrícula's.
    expect(
      await one(sql`select count(*)::int as n from matriculas m join (select matricula_id, sum(valor_centavos) as t,
        count(*) as k from parcelas where tipo = 'mensalidade' group by matricula_id) p on p.matricula_id = m.id
        where (p.t <> round(m.valor_total * 100) or p.k <> m.parcelas)
          and not exists (select 1 from renegociacoes r where r.matricula_id = m.id)`),
    ).toBe(0);
    // ADR 079: one family renegotiated -- its new plan sums to the balance it replaced less the discount.
    expect(
      await rows(sql`select r.novas_parcelas as n, r.valor_anterior_centavos - r.desconto_centavos as total,
        (select sum(valor_centavos)::int from parcelas p where p.matricula_id = r.matricula_id and p.renegociacao_id is null
          and p.numero > (select max(numero) from parcelas q where q.renegociacao_id = r.id)) as novas,
        (select sum(valor_centavos)::int from parcelas p where p.renegociacao_id = r.id and p.status = 'cancelada') as antigas
        from renegociacoes r`),
    ).toEqual([expect.objectContaining({ n: 6 })]);
    const [r] = await rows<{ total: number; novas: number; antigas: number; desconto: number }>(
      sql`select r.valor_anterior_centavos - r.desconto_centavos as total, r.desconto_centavos as desconto,
        (select sum(valor_centavos)::int from parcelas p where p.matricula_id = r.matricula_id and p.renegociacao_id is null
          and p.numero > (select max(numero) from parcelas q where q.renegociacao_id = r.id)) as novas,
        (select sum(valor_centavos)::int from parcelas p where p.renegociacao_id = r.id and p.status = 'cancelada') as antigas
        from renegociacoes r`,
    );
    expect(r!.novas).toBe(r!.total);
    expect(r!.antigas - r!.desconto).toBe(r!.total);
    expect(
      await one(sql`select count(*)::int as n from parcelas p join matriculas m on m.id = p.matricula_id
        where p.cliente_id is distinct from m.cliente_id or p.franquia_id is distinct from m.franquia_id`),
    ).toBe(0);
    // The demo's cliente account (Colégio Horizonte) has its year's families billed too.
    expect(
      await one(sql`select count(*)::int as n from parcelas p join clientes c on c.id = p.cliente_id
        where c.nome_fantasia = 'Colégio Horizonte' and p.vencimento <= ${hoje}::date`),
    ).toBeGreaterThan(5);
  });

  it("writes the year's commissions through the ledger's code, and closes and pays the month before last (ADR 082)", async () => {
    expect(counts!.comissoes).toBeGreaterThan(100);
    expect(await one(sql`select count(*)::int as n from comissao_lancamentos`)).toBe(counts!.comissoes);
    // The demo's rules (ADR 088): 5 % of each paid parcela to the lead's vendedor and 2 % to the event's
    // micro-franquia, one line per paid parcela and beneficiary.
    expect(
      await one(sql`select count(*)::int as n from comissao_lancamentos l join parcelas p on p.id = l.parcela_id
        where p.chargeback_em is null and (l.beneficiario not in ('vendedor', 'micro_franquia') or l.tipo <> 'credito'
          or p.status <> 'paga'
          or l.valor_centavos <> floor((p.valor_centavos * (case l.beneficiario when 'vendedor' then 500 else 200 end)
            + 5000) / 10000))`),
    ).toBe(0);
    // ADR 093: last month's latest payment charged back today: each of its lines reversed this month, the dispute
    // open (the parcela refunded).
    const [chargeback] = await rows<{
      parcelas: number;
      creditos: number;
      estornos: number;
      soma: number;
      periodos: string;
    }>(
      sql`select count(distinct p.id)::int as parcelas, count(*) filter (where l.tipo = 'credito')::int as creditos,
        count(*) filter (where l.tipo = 'estorno')::int as estornos, sum(l.valor_centavos)::int as soma,
        string_agg(distinct l.periodo, ',') filter (where l.tipo = 'estorno') as periodos
        from comissao_lancamentos l join parcelas p on p.id = l.parcela_id
        where p.chargeback_em is not null and p.status = 'estornada'`,
    );
    expect(chargeback).toMatchObject({ parcelas: 1, soma: 0, periodos: todayInBrasilia().slice(0, 7) });
    expect(chargeback!.estornos).toBe(chargeback!.creditos);
    expect(chargeback!.creditos).toBeGreaterThan(0);
    for (const beneficiario of ['vendedor', 'micro_franquia'])
      expect(
        await one(sql`select count(*)::int as n from comissao_lancamentos where beneficiario = ${beneficiario}`),
      ).toBeGreaterThan(50);
    // Every month from the first line's to the month before last closed and paid, each total its lines' sum.
    const fechados = await rows<{ periodo: string; total: number; soma: number; pago: boolean }>(
      sql`select f.periodo, f.total_centavos as total, f.pago_em is not null as pago,
        (select coalesce(sum(valor_centavos), 0)::int from comissao_lancamentos l where l.periodo = f.periodo) as soma
        from comissao_fechamentos f order by f.periodo`,
    );
    const primeiro = await rows<{ periodo: string }>(sql`select min(periodo) as periodo from comissao_lancamentos`);
    expect(fechados.map((f) => f.periodo)).toEqual(mesesDe(primeiro[0]!.periodo, retrasado()));
    expect(fechados.length).toBeGreaterThan(6);
    for (const f of fechados) {
      expect(f).toMatchObject({ pago: true, total: f.soma });
      expect(f.total).toBeGreaterThan(0);
    }
  });

  it("writes the year's royalties through the ledger's code, and closes the month before last (ADR 089)", async () => {
    expect(counts!.royalties).toBeGreaterThan(100);
    expect(await one(sql`select count(*)::int as n from royalty_lancamentos`)).toBe(counts!.royalties);
    // One receita per paid parcela of a franquia, its royalty and fundo rounded once from its agreement's rates.
    expect(
      await one(sql`select count(*)::int as n from royalty_lancamentos l join parcelas p on p.id = l.parcela_id
        join royalty_acordos a on a.id = l.acordo_id
        where l.tipo <> 'receita' or p.status <> 'paga' or l.base_centavos <> p.valor_centavos
          or l.royalty_centavos <> floor((p.valor_centavos * a.royalty_centesimos + 5000) / 10000)
          or l.fundo_centavos <> floor((p.valor_centavos * a.fundo_centesimos + 5000) / 10000)`),
    ).toBe(0);
    const fechados = await rows<{
      franquia: string;
      periodo: string;
      royalty: number;
      soma: number;
      saldo: number;
      fatura: number | null;
      status: string | null;
      pagaEm: string | null;
      vencimento: string | null;
    }>(
      sql`select f.franquia_id as franquia, f.periodo, f.royalty_centavos as royalty, f.saldo_centavos as saldo,
        (select coalesce(sum(royalty_centavos), 0)::int from royalty_lancamentos l
          where l.periodo = f.periodo and l.franquia_id = f.franquia_id) as soma,
        x.valor_centavos as fatura, x.status, x.paga_em::text as "pagaEm", x.vencimento::text as vencimento
        from royalty_fechamentos f left join royalty_faturas x on x.fechamento_id = f.id
        order by f.franquia_id, f.periodo`,
    );
    // Each franquia's months from its first line's to the month before last closed, each as its lines give it; the
    // months before that one's faturas paid on their due day, the month before last's waiting for the gateway.
    const primeiros = await rows<{ franquia: string; periodo: string }>(
      sql`select franquia_id as franquia, min(periodo) as periodo from royalty_lancamentos group by franquia_id`,
    );
    expect(primeiros).toHaveLength(2);
    for (const { franquia, periodo } of primeiros) {
      const meses = fechados.filter((f) => f.franquia === franquia);
      expect(meses.map((f) => f.periodo)).toEqual(mesesDe(periodo, retrasado()));
      expect(meses.length).toBeGreaterThan(6);
    }
    for (const f of fechados) {
      expect(f.royalty).toBe(f.soma);
      expect(f.fatura ?? 0).toBe(Math.max(0, f.saldo));
      if (f.fatura === null) continue;
      if (f.periodo === retrasado()) {
        expect(['pendente', 'aberta']).toContain(f.status);
        expect(f.pagaEm).toBeNull();
      } else expect(f).toMatchObject({ status: 'paga', pagaEm: f.vencimento });
    }
    // ADR 092: Educa Paulista contested a line of its closed month; the ticket, the franquia's, was concluded.
    const contestacoes = await rows<{ periodo: string; status: string; titulo: string; fechado: boolean }>(
      sql`select l.periodo, t.status::text as status, t.titulo,
        exists (select 1 from royalty_fechamentos f where f.franquia_id = l.franquia_id and f.periodo = l.periodo) as fechado
        from royalty_contestacoes c join royalty_lancamentos l on l.id = c.linha_id
        join sac_tickets t on t.id = c.ticket_id and t.franquia_id = c.franquia_id`,
    );
    expect(contestacoes).toEqual([
      {
        periodo: expect.any(String),
        status: 'concluido',
        titulo: `Contestação de royalties - ${contestacoes[0]?.periodo}`,
        fechado: true,
      },
    ]);
  });

  it('draws the same network every time: the same families, whatever the hour it is loaded at', async () => {
    const other = await createTestApp();
    try {
      await loadDemoActivity(other.handle.db, new Date(Date.now() - 3 * 3_600_000));
      const names = (db: TestContext['handle']['db']) =>
        queryRows<{ nome_aluno: string; email: string }>(
          db,
          sql`select nome_aluno, email from leads where email like '%@exemplo.com.br' order by id limit 50`,
        );
      expect(await names(other.handle.db)).toEqual(await names(ctx.handle.db));
    } finally {
      await other.close();
    }
  }, 120_000);
});
