/**
 * bench:data's goals and costs (issue 48, ADR 104), written inside the load (triggers and foreign keys off):
 *
 * - for this month and the last, the goals of inscrições and matrículas for every node of the tree, summed from the
 *   bottom so every parent's children add up to it as the API keeps them: each cliente 20 inscrições and 2 matrículas,
 *   a vendedor its clientes', a micro-franquia its vendedores' and its clientes' with no vendedor, a franquia its
 *   micro-franquias', the network its franquias';
 * - one or two costs for each event (cards printed for every event, a venue for one in three);
 * - each campaign's monthly spend for the last eighteen months (the leads' campaigns, bench/data.ts).
 */
import { todayInBrasilia } from '../src/shared/brasilia';

/** The campaigns of the bench network: one lead in ten came by one of them (bench/data.ts). */
export const CAMPANHAS = ['volta-as-aulas', 'credito-2026', 'feira-de-profissoes', 'bolsa-inverno', 'indique-um-amigo'];

interface Sizes {
  eventos: number;
}

export function metasSteps(S: Sizes, hoje = todayInBrasilia(new Date())): [label: string, sql: string][] {
  const mes = `${hoje.slice(0, 7)}-01`;
  const meses = `(values (date '${mes}'), (date '${mes}' - interval '1 month'))`;
  const porEtapa = `(values ('leads'::meta_etapa, 20), ('matriculas'::meta_etapa, 2))`;
  return [
    [
      'metas',
      `
      insert into metas (franqueador_id, mes, etapa, nivel, alvo_id, valor)
      select f.franqueador_id, k.mes, e.etapa, 'cliente', c.id, e.cada
      from clientes c join micro_franquias m on m.id = c.micro_franquia_id join franquias f on f.id = m.franquia_id,
        ${meses} k(mes), ${porEtapa} e(etapa, cada);
      insert into metas (franqueador_id, mes, etapa, nivel, alvo_id, valor)
      select x.franqueador_id, x.mes, x.etapa, 'vendedor', c.vendedor_id, sum(x.valor)
      from metas x join clientes c on c.id = x.alvo_id where x.nivel = 'cliente' and c.vendedor_id is not null
      group by 1, 2, 3, 5;
      insert into metas (franqueador_id, mes, etapa, nivel, alvo_id, valor)
      select x.franqueador_id, x.mes, x.etapa, 'micro_franquia', c.micro_franquia_id, sum(x.valor)
      from metas x join clientes c on c.id = x.alvo_id where x.nivel = 'cliente'
      group by 1, 2, 3, 5;
      insert into metas (franqueador_id, mes, etapa, nivel, alvo_id, valor)
      select x.franqueador_id, x.mes, x.etapa, 'franquia', m.franquia_id, sum(x.valor)
      from metas x join micro_franquias m on m.id = x.alvo_id where x.nivel = 'micro_franquia'
      group by 1, 2, 3, 5;
      insert into metas (franqueador_id, mes, etapa, nivel, alvo_id, valor)
      select x.franqueador_id, x.mes, x.etapa, 'rede', x.franqueador_id, sum(x.valor)
      from metas x where x.nivel = 'franquia'
      group by 1, 2, 3, 5;`,
    ],
    [
      'custos dos eventos',
      `
      insert into evento_custos (evento_id, categoria, descricao, valor_centavos, created_at)
      select e.id, 'cartoes', 'Cartões impressos', 40000 + (g % 20) * 2500, e.created_at
      from generate_series(1, ${S.eventos}) g join eventos e on e.id = pg_temp.uid('evento', g);
      insert into evento_custos (evento_id, categoria, descricao, valor_centavos, created_at)
      select e.id, 'local', 'Aluguel do espaço', 80000 + (g % 10) * 10000, e.created_at
      from generate_series(1, ${S.eventos}) g join eventos e on e.id = pg_temp.uid('evento', g) where g % 3 = 0;`,
    ],
    [
      'custos das campanhas',
      `
      insert into campanha_custos (franqueador_id, utm_campaign, data, categoria, descricao, valor_centavos)
      select f.id, c.nome, (date '${mes}' - (k || ' months')::interval)::date, 'anuncios', 'Anúncios do mês',
        150000 + k * 5000
      from franqueadores f, unnest(array[${CAMPANHAS.map((c) => `'${c}'`).join(',')}]) c(nome), generate_series(0, 17) k
      where f.id = pg_temp.uid('franqueador', 1);`,
    ],
  ];
}

/** Issue 48's reads for `npm run bench`: the goals, the rankings and Relatórios by source with their costs. */
export interface MetasScenario {
  name: string;
  path: string;
  account: 'franqueador' | 'franquia' | 'micro' | 'vendedor' | 'cliente';
  connections: number;
  target: { p99: number };
}

export function metasScenarios(now = new Date()): MetasScenario[] {
  const hoje = todayInBrasilia(now);
  const mes = hoje.slice(0, 7);
  const yearAgo = new Date(Date.parse(`${hoje}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const ano = `de=${yearAgo}&ate=${hoje}`;
  const contas = ['franqueador', 'franquia', 'micro', 'vendedor', 'cliente'] as const;
  // A dashboard or a report (issue 46's targets): p99 100 ms for one user; 8 connections beside it.
  const both = (s: Omit<MetasScenario, 'connections'>): MetasScenario[] => [
    { ...s, name: `${s.name} · 1 user`, connections: 1 },
    { ...s, connections: 8 },
  ];
  return [
    ...contas.flatMap((account) =>
      both({
        name: `metas do mês · ${account}`,
        path: `/api/metas?mes=${mes}&etapa=leads`,
        account,
        target: { p99: 100 },
      }),
    ),
    // The dashboard's goals of the month: every stage in one call.
    ...contas.flatMap((account) =>
      both({
        name: `painel de metas · ${account}`,
        path: `/api/metas/painel?mes=${mes}`,
        account,
        target: { p99: 100 },
      }),
    ),
    ...(['franqueador', 'franquia'] as const).flatMap((account) =>
      both({
        name: `metas de parcelas pagas · ${account}`,
        path: `/api/metas?mes=${mes}&etapa=parcelas_pagas`,
        account,
        target: { p99: 100 },
      }),
    ),
    ...(['franqueador', 'franquia', 'micro', 'vendedor'] as const).flatMap((account) =>
      both({
        name: `ranking do mês · ${account}`,
        path: `/api/metas/ranking?mes=${mes}&etapa=leads`,
        account,
        target: { p99: 100 },
      }),
    ),
    ...(['campanha', 'origem', 'vendedor_link'] as const).flatMap((agrupar) =>
      (['franqueador', 'franquia'] as const).flatMap((account) =>
        both({
          name: `relatório ${agrupar} com custos · ${account}, 365 d`,
          path: `/api/relatorios/funil?${ano}&agrupar=${agrupar}`,
          account,
          target: { p99: 100 },
        }),
      ),
    ),
    ...both({
      name: 'relatório evento com custos, page 1 · franquia, 365 d',
      path: `/api/relatorios/funil?${ano}&agrupar=evento`,
      account: 'franquia',
      target: { p99: 100 },
    }),
    ...both({
      name: 'custos de campanha · franqueador',
      path: '/api/campanhas/custos',
      account: 'franqueador',
      target: { p99: 50 },
    }),
  ];
}
