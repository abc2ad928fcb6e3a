import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBRL } from '@shared/format';
import type { ExtratoResumo } from '@shared/schemas/royalties';
import { ChartFigure } from '@/components/ui/chart-figure';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { CobrancaBadge } from './extrato-format';
import { AXIS_TICK } from '@/components/ui/chart-ticks';

/**
 * A franquia's royalties history (issue 45, ADR 092), in its own chunk with the charting library as Relatórios'
 * charts are: what the agreement asked each month -- royalty, fundo and the minimum's adjustment, stacked -- with
 * every figure as a table one click away. Colours pass 3:1 on the white card, and the legend names each series.
 */

const SERIES = [
  { key: 'royalty', nome: 'Royalty', cor: '#1d4ed8' },
  { key: 'fundo', nome: 'Fundo de propaganda', cor: '#b45309' },
  { key: 'ajusteMinimo', nome: 'Ajuste do mínimo', cor: '#7e22ce' },
] as const;

const MESES_CURTOS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
/** '2026-03' -> 'mar/26'. */
const mesCurto = (mes: string) => `${MESES_CURTOS[Number(mes.slice(5, 7)) - 1]}/${mes.slice(2, 4)}`;

export default function HistoricoChart({ franquia, extratos }: { franquia: string; extratos: ExtratoResumo[] }) {
  const reduced = usePrefersReducedMotion();
  const dados = extratos.map((e) => ({
    mes: mesCurto(e.mes),
    royalty: e.royalty,
    fundo: e.fundo,
    ajusteMinimo: e.ajusteMinimo,
  }));
  const table = (
    <Table aria-label={`Histórico de royalties de ${franquia}: dados`}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Mês</TableHead>
          {['Base', 'Royalty', 'Fundo', 'Ajuste do mínimo', 'Retido por split', 'Saldo'].map((h) => (
            <TableHead key={h} scope="col" className="text-right">
              {h}
            </TableHead>
          ))}
          <TableHead scope="col">Cobrança</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {extratos.map((e) => (
          <TableRow key={e.mes}>
            <TableHead scope="row">{mesCurto(e.mes)}</TableHead>
            {[e.base, e.royalty, e.fundo, e.ajusteMinimo, e.retido, e.saldo].map((v, i) => (
              <TableCell key={i} className="whitespace-nowrap text-right tabular-nums">
                {formatBRL(v)}
              </TableCell>
            ))}
            <TableCell>
              <CobrancaBadge extrato={e} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return (
    <ChartFigure
      title="O que o acordo pediu, mês a mês"
      description={`Royalty, fundo de propaganda e ajuste do mínimo de ${franquia} nos últimos ${extratos.length} meses; o mês corrente é uma prévia.`}
      table={table}
    >
      <ul aria-label="Legenda" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: s.cor }} />
            {s.nome}
          </li>
        ))}
      </ul>
      <BarChart
        responsive
        data={dados}
        margin={{ top: 8, right: 8, bottom: 4, left: 8 }}
        style={{ width: '100%', height: 280 }}
        title={`Histórico de royalties de ${franquia}`}
        desc={extratos.map((e) => `${mesCurto(e.mes)}: ${formatBRL(e.pedido)}`).join('; ')}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="mes" tick={AXIS_TICK} />
        <YAxis tick={AXIS_TICK} width={80} tickFormatter={(v: number) => formatBRL(v).replace(/,00$/, '')} />
        <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(value, name) => [formatBRL(Number(value)), String(name)]} />
        {SERIES.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.nome} stackId="pedido" fill={s.cor} isAnimationActive={!reduced} />
        ))}
      </BarChart>
    </ChartFigure>
  );
}
