import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { META_ETAPA_LABELS } from '@shared/metas/enums';
import type { RankingView } from '@shared/schemas/metas';
import { ChartFigure } from '@/components/ui/chart-figure';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { NIVEL_PLURAL, formatarPercentual } from './formatar';
import { AXIS_TICK, useEixoDeCategoria } from '@/components/ui/chart-ticks';

/**
 * The ranking's chart (issue 48), in its own chunk with the charting library: each unit's % of its goal, best
 * first, as horizontal bars; the table (the same numbers) one click away. A vendedor sees its own bar only: its
 * peers' figures never reach the browser.
 */

const COR = '#1d4ed8';

export default function RankingChart({ view, table }: { view: RankingView; table: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  const eixo = useEixoDeCategoria();
  const dados = view.itens
    .filter((i) => i.percentual != null)
    .map((i) => ({ nome: `${i.posicao}º ${i.nome}`, percentual: i.percentual! }));
  const unidades = NIVEL_PLURAL[view.nivel];
  return (
    <ChartFigure
      title="Ranking por % da meta"
      description={`${META_ETAPA_LABELS[view.etapa]}: o quanto da meta cada uma das ${unidades} já alcançou no mês; as unidades sem meta ficam no fim da tabela.`}
      table={table}
    >
      <BarChart
        responsive
        layout="vertical"
        data={dados}
        margin={{ top: 8, right: 16, bottom: 4, left: 8 }}
        style={{ width: '100%', height: Math.max(120, 40 * dados.length + 40) }}
        title="Ranking por % da meta"
        desc={dados.map((d) => `${d.nome}: ${formatarPercentual(d.percentual)}`).join('; ')}
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tick={AXIS_TICK} tickFormatter={(v: number) => `${v}%`} />
        <YAxis type="category" dataKey="nome" {...eixo} />
        <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(value) => [formatarPercentual(Number(value)), '% da meta']} />
        <Bar dataKey="percentual" name="% da meta" fill={COR} isAnimationActive={!reduced} />
      </BarChart>
    </ChartFigure>
  );
}
