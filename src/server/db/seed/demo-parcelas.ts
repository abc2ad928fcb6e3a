import { sql } from 'drizzle-orm';
import { BRASILIA_TIME_ZONE, addDays, todayInBrasilia } from '../../../shared/brasilia';
import { DIAS_VENCIMENTO } from '../../../shared/cobranca/parcelas';
import { type Executor, executeRows } from '../connect';
import { cobrancaConciliacaoDiferencas, cobrancaConciliacoes, contratos, matriculas, parcelas, users } from '../schema';
import { DEMO_ACCOUNTS } from './demo-network';
import { descontoMaximoCentavos, planoDaRenegociacao } from '../../../shared/schemas/renegociacao';
import { gravarParcela } from '../../modules/cobranca/cobranca.repository';
import { referenciaDaParcela } from '../../modules/cobranca/plano.service';
import {
  cancelarParcelasRenegociadas,
  concluirRenegociacao,
  gravarRenegociacao,
  parcelasAbertasParaRenegociar,
  proximoNumeroDeParcela,
} from '../../modules/cobranca/renegociacao.repository';
import { simuladoGateway } from '../../modules/cobranca/simulado.gateway';

/**
 * The demo's billing (issue 43, ADR 077): every active matrícula with a price and no parcelas yet is billed on the
 * simulated gateway as the plan's job would bill it -- its price split as the snapshot keeps it (every parcela
 * `valor_parcela`, the last `valor_ultima_parcela`), the first due on a day of the month after it was made
 * effective (the contract's chosen day, or one drawn from the matrícula), then monthly -- and its year is played
 * out up to today: most families paid each parcela around its due date (`pagaEm`, `valorLiquido` as the simulated
 * gateway answers: the whole value), some stopped paying at some parcela and are overdue since ('vencida'; still
 * 'aberta' the day after the due date, before the gateway says so), every school at its own default rate; what is
 * not due yet is open. Everything is drawn from the rows' ids (hashtext), so two loads on the same day agree.
 *
 * In bulk, one INSERT ... SELECT; the ids and PIX codes are the simulated gateway's own (`pay_sim_` and the
 * SHA-256 of the parcela's reference), so 'Simular pagamento' pays a demo parcela through the webhook's path.
 */
export async function faturarDemo(tx: Executor, now: Date): Promise<number> {
  const hoje = todayInBrasilia(now);
  const dias = sql.raw(`array[${DIAS_VENCIMENTO.join(', ')}]`);
  const rows = await executeRows<{ n: number }>(
    tx,
    sql`with planos as (
      select m.id, m.parcelas as n, m.evento_id, m.curso_id, m.cliente_id, m.vendedor_id, m.micro_franquia_id,
        m.franquia_id, m.franqueador_id, m.efetivada_em,
        round(m.valor_parcela * 100)::int as valor, round(m.valor_ultima_parcela * 100)::int as ultima,
        (date_trunc('month', (m.efetivada_em at time zone ${BRASILIA_TIME_ZONE})::date) + interval '1 month')::date as mes1,
        coalesce(c.dia_vencimento::int, (${dias})[1 + abs(hashtext(m.id::text)) % 5]) as dia,
        -- A family that stops paying: a share of each school's (4%, 9%, 16% or 26%), from a parcela of its plan.
        case when abs(hashtext(m.id::text || ':inadimplente')) % 100
            < (array[4, 9, 16, 26])[1 + abs(hashtext(coalesce(m.cliente_id::text, ''))) % 4]
          then 1 + abs(hashtext(m.id::text || ':desde')) % m.parcelas end as para_em
      from ${matriculas} m
      left join ${contratos} c on c.matricula_id = m.id
      where m.status = 'ativa' and m.valor_total > 0 and m.parcelas >= 1 and m.anonimizado_em is null
        and (c.id is null or c.aceito_em is not null)
        and not exists (select 1 from ${parcelas} p where p.matricula_id = m.id)
    ), linhas as (
      select pl.*, k as numero, case when k = pl.n then pl.ultima else pl.valor end as valor_centavos,
        (pl.mes1 + (k - 1) * interval '1 month' + (pl.dia - 1) * interval '1 day')::date as vencimento
      from planos pl, generate_series(1, pl.n) as k
    ), situacao as (
      select l.*, case
          when l.vencimento >= ${hoje}::date then 'aberta'
          when l.para_em is not null and l.numero >= l.para_em then
            case when l.vencimento = ${hoje}::date - 1 then 'aberta' else 'vencida' end
          else 'paga' end as status,
        'pay_sim_' || left(encode(sha256(convert_to('parcela:' || l.id || ':' || l.numero, 'UTF8')), 'hex'), 20) as gateway_id
      from linhas l
    ), inseridas as (
      insert into ${parcelas} (matricula_id, numero, valor_centavos, vencimento, status, provedor, gateway_id,
        pix_copia_e_cola, paga_em, valor_liquido_centavos, evento_id, curso_id, cliente_id, vendedor_id,
        micro_franquia_id, franquia_id, franqueador_id, created_at, updated_at)
      select s.id, s.numero, s.valor_centavos, s.vencimento, s.status::parcela_status, 'simulado', s.gateway_id,
        'PIX-SIMULADO-' || s.gateway_id,
        -- Paid from 5 days early to 3 days late, never after today.
        case when s.status = 'paga'
          then least(${hoje}::date, s.vencimento + (abs(hashtext(s.gateway_id)) % 9 - 5)) end,
        case when s.status = 'paga' then s.valor_centavos end,
        s.evento_id, s.curso_id, s.cliente_id, s.vendedor_id, s.micro_franquia_id, s.franquia_id, s.franqueador_id,
        s.efetivada_em + interval '1 day', ${now.toISOString()}::timestamptz
      from situacao s
      returning 1
    )
    select count(*)::int as n from inseridas`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Issue 43 (ADR 079): one family of the year renegotiated -- the active matrícula with the most overdue parcelas
 * (the first by id among equals) had its open and overdue parcelas replaced two days ago by 6 new ones, 5% off,
 * the first due 10 days from today, as the renegotiation's route and job write them ('Renegociada em' on its
 * record). Answers how many parcelas it added.
 */
export async function renegociarNaDemo(tx: Executor, now: Date): Promise<number> {
  const [alvo] = await executeRows<{ id: string; franqueador_id: string }>(
    tx,
    sql`select m.id, m.franqueador_id from ${matriculas} m join ${parcelas} p on p.matricula_id = m.id
      where m.status = 'ativa' and p.status = 'vencida' and p.tipo = 'mensalidade'
      group by m.id order by count(*) desc, m.id limit 1`,
  );
  if (!alvo) return 0;
  const abertas = await parcelasAbertasParaRenegociar(tx, alvo.id);
  const saldo = abertas.reduce((s, p) => s + p.valorCentavos, 0);
  const desconto = descontoMaximoCentavos(saldo, 5);
  const n = Math.min(6, saldo - desconto);
  if (abertas.length === 0 || n < 1) return 0;
  const hoje = todayInBrasilia(now);
  const plano = planoDaRenegociacao(saldo - desconto, n, addDays(hoje, 10), await proximoNumeroDeParcela(tx, alvo.id));
  const [staff] = await executeRows<{ id: string }>(
    tx,
    sql`select id from ${users} where role = 'franqueador' and franqueador_id = ${alvo.franqueador_id}::uuid
      order by created_at, id limit 1`,
  );
  const em = new Date(now.getTime() - 2 * 86_400_000);
  const renegociacaoId = await gravarRenegociacao(tx, {
    matriculaId: alvo.id,
    porId: staff?.id ?? null,
    em,
    parcelasAnteriores: abertas.length,
    valorAnteriorCentavos: saldo,
    descontoCentavos: desconto,
    novoTotalCentavos: saldo - desconto,
    novasParcelas: plano.length,
    primeiroVencimento: plano[0]!.vencimento,
    plano,
  });
  await cancelarParcelasRenegociadas(
    tx,
    abertas.map((p) => p.id),
    renegociacaoId,
    em,
  );
  const gateway = simuladoGateway();
  for (const p of plano) {
    const referencia = referenciaDaParcela(alvo.id, p.numero);
    const cobranca = await gateway.criarCobranca({
      cliente: 'cus_sim_demo',
      valorCentavos: p.valorCentavos,
      vencimento: p.vencimento,
      referencia,
      descricao: referencia,
    });
    await gravarParcela(
      tx,
      {
        matriculaId: alvo.id,
        numero: p.numero,
        valorCentavos: p.valorCentavos,
        vencimento: p.vencimento,
        provedor: 'simulado',
        gatewayId: cobranca.id,
        invoiceUrl: null,
        bankSlipUrl: null,
        pixCopiaECola: await gateway.pixCopiaECola(cobranca.id),
        planoRenegociacaoId: renegociacaoId,
      },
      em,
    );
  }
  await concluirRenegociacao(tx, renegociacaoId, em);
  return plano.length;
}

/**
 * Issue 43 (ADR 080): the morning's reconciliation (demo-cobranca.ts) also found, in the year's billing, a parcela
 * of the demo franquia's own whose value at the gateway differs by a real -- shown to look at, never fixed by
 * itself -- so the franquia's 'Conciliação' lists a difference of its own, as the franqueador's does; and the run's
 * counts become the year's. Answers how many differences it wrote (0 or 1).
 */
export async function diferencaNaDemo(tx: Executor): Promise<number> {
  const [alvo] = await executeRows<{ conciliacao_id: string; parcela_id: string }>(
    tx,
    sql`select c.id as conciliacao_id, p.id as parcela_id
      from ${cobrancaConciliacoes} c
      cross join lateral (
        select p.id from ${parcelas} p join ${users} u on u.franquia_id = p.franquia_id
        where u.email = ${DEMO_ACCOUNTS.franquia} and p.status = 'aberta' and p.gateway_id is not null
        order by p.vencimento, p.id limit 1
      ) p
      order by c.iniciada_em desc limit 1`,
  );
  if (!alvo) return 0;
  await tx.execute(sql`insert into ${cobrancaConciliacaoDiferencas} (conciliacao_id, tipo, situacao, parcela_id,
      matricula_id, gateway_id, referencia, status_local, status_gateway, valor_local_centavos, valor_gateway_centavos,
      vencimento, cliente_id, vendedor_id, micro_franquia_id, franquia_id, franqueador_id)
    select ${alvo.conciliacao_id}::uuid, 'valor_diverge', 'pendente', p.id, p.matricula_id, p.gateway_id,
      null, p.status, 'PENDING', p.valor_centavos, p.valor_centavos + 100, p.vencimento, p.cliente_id,
      p.vendedor_id, p.micro_franquia_id, p.franquia_id, p.franqueador_id
    from ${parcelas} p where p.id = ${alvo.parcela_id}::uuid`);
  // The run's counts as the year's billing makes them: every parcela due in its window compared, every one still
  // billed at the gateway (and the payment no parcela holds) counted there.
  await tx.execute(sql`update ${cobrancaConciliacoes} c set
      parcelas_comparadas = n.comparadas,
      pagamentos_no_gateway = n.vivas + (select count(*) from ${cobrancaConciliacaoDiferencas} d
        where d.conciliacao_id = c.id and d.tipo = 'ausente_local'),
      pendentes = (select count(*) from ${cobrancaConciliacaoDiferencas} d
        where d.conciliacao_id = c.id and d.situacao = 'pendente')
    from (select count(*)::int as comparadas, (count(*) filter (where p.status <> 'cancelada'))::int as vivas
      from ${parcelas} p, ${cobrancaConciliacoes} r
      where r.id = ${alvo.conciliacao_id}::uuid and p.provedor = r.provedor and p.vencimento >= r.desde) n
    where c.id = ${alvo.conciliacao_id}::uuid`);
  return 1;
}
