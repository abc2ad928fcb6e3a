import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBRL, formatCount } from '@shared/format';
import type { InadimplenciaNumeros } from '@shared/schemas/inadimplencia';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ChartFigure } from '@/components/ui/chart-figure';
import { grupoLabel } from './ranking-columns';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { faixaLabel, formatTaxaInadimplencia } from './inadimplencia-format';
import { AXIS_TICK, useEixoDeCategoria } from '@/components/ui/chart-ticks';

/**
 * Inadimplência's two charts (issue 43, ADR 077), in their own chunk with the charting library as Relatórios'
 * are, each with its data as a table one click away ('Ver como tabela'): the overdue rate of the page's groups,
 * and the aging of what is overdue. Colours pass 4.5:1 on the white card; the figures are written on the bars.
 */

const RATE_COLOR = '#b91c1c';
const AGING_COLOR = '#b45309';

export interface InadimplenciaChartsProps {
  totais: InadimplenciaNumeros;
  grupos: (InadimplenciaNumeros & { id: string | null; rotulo: string })[];
  /** The grouping's name, for the titles ('Franquia'). */
  agrupamento: string;
}

export default function InadimplenciaCharts(props: InadimplenciaChartsProps) {
  return (
    <div className="grid min-w-0 gap-6 2xl:grid-cols-2">
      <TaxaChart {...props} />
      <AgingChart {...props} />
    </div>
  );
}

function TaxaChart({ grupos, agrupamento }: InadimplenciaChartsProps) {
  const reduced = usePrefersReducedMotion();
  const eixo = useEixoDeCategoria();
  const dados = grupos.slice(0, 10).map((g) => ({ nome: grupoLabel(g), taxa: g.taxaInadimplencia }));
  const table = (
    <Table aria-label="Taxa de inadimplência por grupo: dados">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{agrupamento}</TableHead>
          <TableHead scope="col" className="text-right">
            Valor devido
          </TableHead>
          <TableHead scope="col" className="text-right">
            Valor vencido
          </TableHead>
          <TableHead scope="col" className="text-right">
            Taxa
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {grupos.map((g) => (
          <TableRow key={g.id ?? '-'}>
            <TableHead scope="row">{grupoLabel(g)}</TableHead>
            <TableCell className="text-right tabular-nums">{formatBRL(g.valorDevido)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatBRL(g.valorVencido)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatTaxaInadimplencia(g.taxaInadimplencia)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return (
    <ChartFigure
      title={`Taxa de inadimplência por ${agrupamento.toLowerCase()}`}
      description="Valor vencido sobre o valor devido de cada grupo desta página, os mais inadimplentes primeiro (até 10)."
      table={table}
    >
      <BarChart
        responsive
        layout="vertical"
        data={dados}
        margin={{ top: 4, right: 56, bottom: 4, left: 4 }}
        style={{ width: '100%', height: Math.max(120, 36 * dados.length + 40) }}
        title="Taxa de inadimplência por grupo"
        desc={dados.map((d) => `${d.nome}: ${formatTaxaInadimplencia(d.taxa)}`).join('; ')}
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tick={AXIS_TICK} domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} />
        <YAxis type="category" dataKey="nome" {...eixo} />
        <Tooltip
          cursor={{ fill: '#f1f5f9' }}
          formatter={(value) => [formatTaxaInadimplencia(Number(value)), 'Taxa de inadimplência']}
        />
        <Bar dataKey="taxa" name="Taxa de inadimplência" fill={RATE_COLOR} isAnimationActive={!reduced}>
          <LabelList
            dataKey="taxa"
            position="right"
            fill="#0f172a"
            fontSize={12}
            formatter={(value) => formatTaxaInadimplencia(Number(value))}
          />
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}

function AgingChart({ totais }: InadimplenciaChartsProps) {
  const reduced = usePrefersReducedMotion();
  const dados = totais.faixas.map((f) => ({ nome: faixaLabel(f.faixa), valor: f.valor, quantidade: f.quantidade }));
  const table = (
    <Table aria-label="Aging: dados">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Dias em atraso</TableHead>
          <TableHead scope="col" className="text-right">
            Valor vencido
          </TableHead>
          <TableHead scope="col" className="text-right">
            Parcelas
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {dados.map((d) => (
          <TableRow key={d.nome}>
            <TableHead scope="row">{d.nome}</TableHead>
            <TableCell className="text-right tabular-nums">{formatBRL(d.valor)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(d.quantidade)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableHead scope="row">Total vencido</TableHead>
          <TableCell className="text-right font-medium tabular-nums">{formatBRL(totais.valorVencido)}</TableCell>
          <TableCell className="text-right font-medium tabular-nums">{formatCount(totais.parcelasVencidas)}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
  return (
    <ChartFigure
      title="Aging: há quanto tempo está vencido"
      description="O valor vencido por dias em atraso desde o vencimento: 1 a 30, 31 a 60, 61 a 90 e mais de 90 dias."
      table={table}
    >
      <BarChart
        responsive
        layout="vertical"
        data={dados}
        margin={{ top: 4, right: 96, bottom: 4, left: 4 }}
        style={{ width: '100%', height: 200 }}
        title="Aging do valor vencido"
        desc={dados.map((d) => `${d.nome}: ${formatBRL(d.valor)} em ${formatCount(d.quantidade)} parcelas`).join('; ')}
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tick={AXIS_TICK} tickFormatter={(v: number) => formatCount(v)} />
        <YAxis type="category" dataKey="nome" tick={AXIS_TICK} width={120} />
        <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(value) => [formatBRL(Number(value)), 'Valor vencido']} />
        <Bar dataKey="valor" name="Valor vencido" fill={AGING_COLOR} isAnimationActive={!reduced}>
          <LabelList
            dataKey="valor"
            position="right"
            fill="#0f172a"
            fontSize={12}
            formatter={(value) => formatBRL(Number(value))}
          />
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
