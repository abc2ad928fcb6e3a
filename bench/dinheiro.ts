/**
 * bench:data's money ledgers (issues 44 and 45), written from the parcelas the families paid, as the payments'
 * transactions would have written them -- in the order they were paid, so a month's lines lie together on disk as an
 * append-only ledger's do:
 *
 * - the network's commission rules (the vendedor 5 %, the micro-franquia 3 %, the franquia 2 % of each paid parcela)
 *   and one credit per paid parcela and beneficiary -- about 1.8 million lines at the national scale; every month
 *   before the current one closed, and every one before the last paid out;
 * - each franquia's fee agreement (royalty 5 %, fundo 2 %; one in five by split), one receita line per paid parcela,
 *   and the statements of every month before the last closed, each positive balance charged and paid on day 10 --
 *   the month before the current one is left open, for the statement job to close;
 * - a second network for the statement job at issue 45's scale: 500 franquias with their agreements and 1,000,000
 *   receita lines in the month before the current one. It has no families: its lines stand for payments of parcelas
 *   the bench does not hold (the job reads only the lines), so no other scenario -- the parcelas' lists, their CSV,
 *   the conciliação -- sees a row more.
 *
 * Run inside bench:data's load (triggers and foreign keys off), or alone on a database loaded before them:
 * `BENCH_DATA_ONLY=dinheiro npm run bench:data` (it rewrites only these tables).
 */
import { periodoAnterior, periodoDe } from '../src/shared/comissoes/lancamentos';
import { todayInBrasilia } from '../src/shared/brasilia';

export const DINHEIRO_TABLES = ['comissao_lancamentos', 'royalty_lancamentos'];

/** Issue 45's scale for the statement job. */
export interface RedeDeRoyalties {
  franquias: number;
  linhas: number;
}

/** `insert into users (...) select <row> ...` as bench:data writes its accounts. */
type UserRow = (kind: string, role: string) => string;

export function dinheiroSteps(
  userCols: string,
  userRow: UserRow,
  rede: RedeDeRoyalties,
  hoje = todayInBrasilia(new Date()),
): [label: string, sql: string][] {
  const mesAtual = periodoDe(hoje);
  const mesAnterior = periodoAnterior(mesAtual);
  const franqueador = `pg_temp.uid('franqueador', 1)`;
  const franqueadorUser = `pg_temp.uid('user-franqueador', 1)`;
  // One percentage of a value in centavos, rounded once (src/shared/comissoes/regras.ts: comissaoPercentual).
  const pct = (valor: string, centesimos: string) => `floor((${valor}::bigint * ${centesimos} + 5000) / 10000)::int`;
  return [
    [
      'commission rules and lines',
      `
      insert into comissao_regras (id, franqueador_id, beneficiario, tipo, percentual_centesimos, inicio, criado_por_id)
      values (pg_temp.uid('regra', 1), ${franqueador}, 'vendedor', 'percentual', 500, '2020-01-01', ${franqueadorUser}),
        (pg_temp.uid('regra', 2), ${franqueador}, 'micro_franquia', 'percentual', 300, '2020-01-01', ${franqueadorUser}),
        (pg_temp.uid('regra', 3), ${franqueador}, 'franquia', 'percentual', 200, '2020-01-01', ${franqueadorUser});
      insert into comissao_lancamentos (franqueador_id, franquia_id, micro_franquia_id, vendedor_id, beneficiario,
        beneficiario_id, regra_id, regra_tipo, parcela_id, matricula_id, tipo, base_centavos, valor_centavos, periodo,
        ocorrido_em, created_at)
      select p.franqueador_id, p.franquia_id, p.micro_franquia_id, p.vendedor_id, b.beneficiario, b.id,
        pg_temp.uid('regra', b.k), 'percentual', p.id, p.matricula_id, 'credito', p.valor_centavos,
        ${pct('p.valor_centavos', 'b.pct')}, to_char(p.paga_em, 'YYYY-MM'), p.paga_em, p.paga_em + interval '12 hours'
      from parcelas p
      join matriculas m on m.id = p.matricula_id
      left join leads l on l.id = m.lead_id
      cross join lateral (values (1, 'vendedor', coalesce(l.responsavel_id, p.vendedor_id), 500),
        (2, 'micro_franquia', p.micro_franquia_id, 300), (3, 'franquia', p.franquia_id, 200)) b(k, beneficiario, id, pct)
      where p.status = 'paga' and p.paga_em is not null and p.franqueador_id = ${franqueador} and b.id is not null
      order by p.paga_em, p.id, b.k;`,
    ],
    [
      'commission closings',
      `
      insert into comissao_fechamentos (franqueador_id, periodo, total_centavos, lancamentos, fechado_em, fechado_por_id,
        pago_em, pago_por_id)
      select ${franqueador}, l.periodo, sum(l.valor_centavos), count(*),
        (l.periodo || '-01')::date + interval '1 month 2 days 9 hours', ${franqueadorUser},
        case when l.periodo < '${mesAnterior}' then (l.periodo || '-01')::date + interval '1 month 5 days 9 hours' end,
        case when l.periodo < '${mesAnterior}' then ${franqueadorUser} end
      from comissao_lancamentos l where l.franqueador_id = ${franqueador} and l.periodo < '${mesAtual}'
      group by l.periodo;`,
    ],
    [
      'royalty agreements and lines',
      `
      insert into royalty_acordos (id, franqueador_id, franquia_id, royalty_centesimos, fundo_centesimos, inicio, modo,
        criado_por_id)
      select pg_temp.uid('acordo', row_number() over (order by f.id)), f.franqueador_id, f.id, 500, 200, '2020-01-01',
        case when abs(hashtext(f.id::text)) % 5 = 0 then 'split' else 'fatura' end, ${franqueadorUser}
      from franquias f where f.franqueador_id = ${franqueador};
      insert into royalty_lancamentos (franqueador_id, franquia_id, parcela_id, acordo_id, tipo, base_centavos,
        royalty_centavos, fundo_centavos, split_centesimos, retido_centavos, periodo, ocorrido_em, created_at)
      select p.franqueador_id, p.franquia_id, p.id, a.id, 'receita', p.valor_centavos,
        ${pct('p.valor_centavos', '500')}, ${pct('p.valor_centavos', '200')},
        case when a.modo = 'split' then 700 end,
        case when a.modo = 'split' then ${pct('coalesce(p.valor_liquido_centavos, p.valor_centavos)', '700')} else 0 end,
        to_char(p.paga_em, 'YYYY-MM'), p.paga_em, p.paga_em + interval '12 hours'
      from parcelas p join royalty_acordos a on a.franquia_id = p.franquia_id
      where p.status = 'paga' and p.paga_em is not null and p.franqueador_id = ${franqueador}
      order by p.paga_em, p.id;`,
    ],
    [
      'royalty statements',
      `
      insert into royalty_fechamentos (franqueador_id, franquia_id, periodo, acordo_id, modo, bruto_centavos,
        estornos_centavos, base_centavos, royalty_centavos, fundo_centavos, ajuste_minimo_centavos, retido_centavos,
        saldo_centavos, linhas, fechado_em)
      select ${franqueador}, l.franquia_id,
        l.periodo, a.id, a.modo, sum(l.base_centavos), 0, sum(l.base_centavos), sum(l.royalty_centavos),
        sum(l.fundo_centavos), 0, sum(l.retido_centavos),
        sum(l.royalty_centavos) + sum(l.fundo_centavos) - sum(l.retido_centavos), count(*),
        (l.periodo || '-01')::date + interval '1 month 6 hours'
      from royalty_lancamentos l join royalty_acordos a on a.franquia_id = l.franquia_id
      where l.franqueador_id = ${franqueador} and l.periodo < '${mesAnterior}'
      group by l.franquia_id, l.periodo, a.id, a.modo;
      insert into royalty_faturas (fechamento_id, franqueador_id, franquia_id, valor_centavos, vencimento, status,
        provedor, gateway_id, paga_em, lembretes)
      select f.id, f.franqueador_id, f.franquia_id, f.saldo_centavos, (f.periodo || '-10')::date + interval '1 month',
        'paga', 'asaas', 'pay_bench_fatura_' || f.id, (f.periodo || '-09')::date + interval '1 month',
        array['antes3']
      from royalty_fechamentos f where f.franqueador_id = ${franqueador} and f.saldo_centavos > 0;`,
    ],
    [
      `royalties network (${rede.franquias} franquias)`,
      `
      insert into users (${userCols}) select ${userRow('franqueador', 'franqueador')} from generate_series(2, 2) g;
      insert into franqueadores (id, user_id, razao_social, cnpj) values (pg_temp.uid('franqueador', 2),
        pg_temp.uid('user-franqueador', 2), 'Rede Royalties Bench S.A.', pg_temp.cnpj(2));
      update users set franqueador_id = pg_temp.uid('franqueador', 2) where id = pg_temp.uid('user-franqueador', 2);
      insert into users (${userCols}) select ${userRow('franquia_royalties', 'franquia')}
        from generate_series(1, ${rede.franquias}) g;
      insert into franquias (id, franqueador_id, user_id, razao_social, cnpj, rep_legal, cep, cidade, estado, created_at)
      select pg_temp.uid('franquia-royalties', g), pg_temp.uid('franqueador', 2), pg_temp.uid('user-franquia_royalties', g),
        'Franquia Royalties ' || g || ' Ltda', pg_temp.cnpj(500000 + g), pg_temp.person('franquia-royalties', g),
        lpad((g * 7717 % 99999999)::text, 8, '0'), s.cidade, s.uf, now() - (g || ' days')::interval
      from generate_series(1, ${rede.franquias}) g join states s on s.i = 1 + (g % 27);
      update users u set franquia_id = pg_temp.uid('franquia-royalties', g) from generate_series(1, ${rede.franquias}) g
        where u.id = pg_temp.uid('user-franquia_royalties', g);
      insert into royalty_acordos (id, franqueador_id, franquia_id, royalty_centesimos, fundo_centesimos, minimo_centavos,
        inicio, modo, criado_por_id)
      select pg_temp.uid('acordo-royalties', g), pg_temp.uid('franqueador', 2), pg_temp.uid('franquia-royalties', g),
        500, 200, case when g % 10 = 0 then 1000000 end, '2020-01-01',
        case when g % 5 = 0 then 'split' else 'fatura' end, pg_temp.uid('user-franqueador', 2)
      from generate_series(1, ${rede.franquias}) g;`,
    ],
    [
      `royalties network's month (${rede.linhas} lines)`,
      `
      insert into royalty_lancamentos (franqueador_id, franquia_id, parcela_id, acordo_id, tipo, base_centavos,
        royalty_centavos, fundo_centavos, split_centesimos, retido_centavos, periodo, ocorrido_em, created_at)
      select pg_temp.uid('franqueador', 2), pg_temp.uid('franquia-royalties', x.f), pg_temp.uid('parcela-royalties', g),
        pg_temp.uid('acordo-royalties', x.f), 'receita', x.v, ${pct('x.v', '500')}, ${pct('x.v', '200')},
        case when x.f % 5 = 0 then 700 end, case when x.f % 5 = 0 then ${pct('x.v', '700')} else 0 end,
        '${mesAnterior}', x.dia, x.dia + interval '12 hours'
      from generate_series(1, ${rede.linhas}) g
      cross join lateral (select pg_temp.skewed('royalties-franquia', g, ${rede.franquias}, 1.5) as f,
        15000 + (g::bigint * 7919 % 60000)::int as v, '${mesAnterior}-01'::date + (g % 28)::int as dia) x
      order by x.dia, g;`,
    ],
  ];
}
