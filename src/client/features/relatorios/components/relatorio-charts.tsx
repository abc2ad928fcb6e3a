import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, LabelList, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatDateOnly } from '@shared/format';
import {
  type FunilContagem,
  type FunilGrupo,
  INTERVALOS,
  INTERVALO_LABELS,
  type Intervalo,
  type SeriePonto,
} from '@shared/schemas/relatorios';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { cn } from '@/lib/utils';
import { ChartFigure } from '@/components/ui/chart-figure';
import { type Stage, STAGES, STAGE_LABELS, drillHref } from './drill';
import { formatTaxa } from './delta';
import { formatCentavos, grupoLabel } from './ranking-columns';
import { SEM_CHECKIN_TEXT, funilEtapas } from './funil-etapas';
import { bucketEnd } from './periodo';
import { AXIS_TICK, useEixoDeCategoria } from '@/components/ui/chart-ticks';

/**
 * The two charts of Relatórios, in their own chunk with the charting library (loaded by this screen only).
 * Colours pass 3:1 against the white card, and each series is also told apart by its line's dash and by the
 * legend's text; every figure has its data as a table, and its points take the keyboard (arrow keys move the
 * tooltip from point to point).
 */

/** Stage colours (each >= 4.5:1 on white) and dashes: a series never depends on its colour alone. */
const STAGE_STYLE: Record<Stage, { color: string; dash?: string }> = {
  leads: { color: '#1d4ed8' },
  presencas: { color: '#7e22ce', dash: '12 3 2 3' },
  preMatriculas: { color: '#b45309', dash: '8 4' },
  matriculas: { color: '#15803d', dash: '2 3' },
};

/** The dash of each stage's line in words, for screen readers. */
const STAGE_LINE: Record<Stage, string> = {
  leads: '(linha contínua)',
  presencas: '(linha de traço e ponto)',
  preMatriculas: '(linha tracejada)',
  matriculas: '(linha pontilhada)',
};

export interface RelatorioChartsProps {
  totais: FunilContagem;
  serie: { pontos: SeriePonto[] | undefined; isPending: boolean; isError: boolean };
  intervalo: Intervalo;
  onIntervalo: (intervalo: Intervalo) => void;
  ate: string;
  /** The lists a role may open from the report. */
  stages: Stage[];
  /** The report's period and filters as a list's address parameters. */
  base: Record<string, string>;
  /** Issue 48: the ranking's page of groups, whose costs (when the report has any) are charted per lead. */
  grupos?: FunilGrupo[];
}

export default function RelatorioCharts(props: RelatorioChartsProps) {
  return (
    <div className="grid min-w-0 gap-6 2xl:grid-cols-2">
      <FunilChart {...props} />
      <SerieChart {...props} />
      {props.totais.custo !== undefined && props.grupos ? <CustoChart grupos={props.grupos} /> : null}
    </div>
  );
}

function FunilChart({ totais, stages, base }: RelatorioChartsProps) {
  const navigate = useNavigate();
  const reduced = usePrefersReducedMotion();
  const etapas = funilEtapas(totais);
  const open = (stage: Stage) => {
    if (stages.includes(stage)) void navigate(drillHref(stage, base));
  };

  const table = (
    <Table aria-label="Funil: dados">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Etapa</TableHead>
          <TableHead scope="col" className="text-right">
            Quantidade
          </TableHead>
          <TableHead scope="col" className="text-right">
            Seguiram da etapa anterior
          </TableHead>
          <TableHead scope="col" className="text-right">
            Perda
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {etapas.map((etapa) => (
          <TableRow key={etapa.stage}>
            <TableHead scope="row">{etapa.label}</TableHead>
            <TableCell className="text-right tabular-nums">
              {stages.includes(etapa.stage) && etapa.value > 0 ? (
                <Link to={drillHref(etapa.stage, base)} className="text-primary underline-offset-4 hover:underline">
                  {formatCount(etapa.value)}
                </Link>
              ) : (
                formatCount(etapa.value)
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {etapa.semCheckin ? 'Sem check-in' : etapa.seguiram === undefined ? '-' : formatTaxa(etapa.seguiram)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {etapa.perda === undefined ? '-' : formatCount(etapa.perda)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

  return (
    <ChartFigure
      title="Funil do período"
      description="Leads, presenças no evento, pré-matrículas e matrículas do período, com a perda entre cada etapa. Clique numa barra para abrir a lista."
      table={table}
    >
      <BarChart
        responsive
        layout="vertical"
        data={etapas}
        margin={{ top: 4, right: 72, bottom: 4, left: 4 }}
        style={{ width: '100%', height: 200 }}
        title="Funil do período"
        desc={etapas.map((e) => `${e.label}: ${formatCount(e.value)}`).join('; ')}
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tick={AXIS_TICK} tickFormatter={(v: number) => formatCount(v)} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={104} />
        <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(value) => [formatCount(Number(value)), 'Quantidade']} />
        <Bar
          dataKey="value"
          name="Quantidade"
          fill={STAGE_STYLE.leads.color}
          isAnimationActive={!reduced}
          cursor="pointer"
          onClick={(_, index) => open(etapas[index]!.stage)}
        >
          <LabelList
            dataKey="value"
            position="right"
            fill="#0f172a"
            fontSize={12}
            formatter={(value) => formatCount(Number(value))}
          />
        </Bar>
      </BarChart>
      <ul className="grid gap-1 text-sm" aria-label="Perda entre as etapas">
        {etapas
          .filter((etapa) => etapa.anterior)
          .map((etapa) => (
            <li key={etapa.stage}>
              <span className="font-medium">
                {STAGE_LABELS[etapa.anterior!]} → {etapa.label}:
              </span>{' '}
              seguiram {formatTaxa(etapa.seguiram ?? 0)}; perda de {formatCount(etapa.perda ?? 0)}
            </li>
          ))}
      </ul>
      {etapas.some((etapa) => etapa.semCheckin) ? (
        <p className="text-sm text-muted-foreground" data-testid="funil-sem-checkin">
          {SEM_CHECKIN_TEXT}
        </p>
      ) : null}
    </ChartFigure>
  );
}

/** The series' legend in the page's own text: each line's dash drawn beside its name. */
function SerieLegend() {
  return (
    <ul aria-label="Legenda" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {STAGES.map((stage) => (
        <li key={stage} className="flex items-center gap-2">
          <svg aria-hidden="true" width="28" height="8" viewBox="0 0 28 8">
            <line
              x1="0"
              y1="4"
              x2="28"
              y2="4"
              stroke={STAGE_STYLE[stage].color}
              strokeWidth="2.5"
              strokeDasharray={STAGE_STYLE[stage].dash}
            />
          </svg>
          {STAGE_LABELS[stage]}
          <span className="sr-only">{STAGE_LINE[stage]}</span>
        </li>
      ))}
    </ul>
  );
}

const monthFormat = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A bucket's name for the table and the tooltip. */
function bucketLabel(inicio: string, intervalo: Intervalo): string {
  if (intervalo === 'mes') return monthFormat.format(new Date(`${inicio}T00:00:00Z`));
  if (intervalo === 'semana') return `Semana de ${formatDateOnly(inicio)}`;
  return formatDateOnly(inicio);
}

function tickLabel(inicio: string, intervalo: Intervalo): string {
  if (intervalo === 'mes') return shortMonthFormat.format(new Date(`${inicio}T00:00:00Z`));
  return formatDateOnly(inicio).slice(0, 5);
}

function SerieChart({ serie, intervalo, onIntervalo, ate, stages, base }: RelatorioChartsProps) {
  const navigate = useNavigate();
  const reduced = usePrefersReducedMotion();
  const pontos = serie.pontos ?? [];
  const inicios = pontos.map((p) => p.inicio);
  const bucketParams = (index: number) => ({ ...base, de: inicios[index]!, ate: bucketEnd(inicios, index, ate) });

  const controls = (
    <div role="group" aria-label="Intervalo" className="flex flex-wrap gap-1">
      {INTERVALOS.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={value === intervalo}
          onClick={() => onIntervalo(value)}
          className={cn(
            'rounded-md border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            value === intervalo
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-input bg-background text-foreground hover:bg-muted',
          )}
        >
          {INTERVALO_LABELS[value]}
        </button>
      ))}
    </div>
  );

  const table = (
    <Table aria-label="Evolução no período: dados">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Período</TableHead>
          {STAGES.map((stage) => (
            <TableHead key={stage} scope="col" className="text-right">
              {STAGE_LABELS[stage]}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {pontos.map((ponto, index) => (
          <TableRow key={ponto.inicio}>
            <TableHead scope="row" className="whitespace-nowrap">
              {bucketLabel(ponto.inicio, intervalo)}
            </TableHead>
            {STAGES.map((stage) => (
              <TableCell key={stage} className="text-right tabular-nums">
                {stages.includes(stage) && ponto[stage] > 0 ? (
                  <Link
                    to={drillHref(stage, bucketParams(index))}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {formatCount(ponto[stage])}
                  </Link>
                ) : (
                  formatCount(ponto[stage])
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

  // A long period scrolls sideways (at 360 px too), opened at its latest buckets.
  const perPoint = pontos.length > 62 ? 8 : 14;
  const scroller = useRef<HTMLDivElement>(null);
  const lastInicio = inicios.at(-1);
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [lastInicio, intervalo]);
  return (
    <ChartFigure
      title="Evolução no período"
      description={`Leads, pré-matrículas e matrículas por ${INTERVALO_LABELS[intervalo].toLowerCase()}. Clique num ponto para abrir os leads daquele intervalo.`}
      controls={controls}
      table={table}
    >
      {serie.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : serie.isError ? (
        <p role="alert" className="py-10 text-center text-sm text-destructive">
          Falha ao carregar a evolução do período
        </p>
      ) : (
        <div ref={scroller} className="overflow-x-auto">
          <div style={{ minWidth: Math.max(280, pontos.length * perPoint) }}>
            <LineChart
              responsive
              data={pontos}
              margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
              style={{ width: '100%', height: 260 }}
              title="Evolução no período"
              onClick={(state) => {
                const index = Number(state.activeTooltipIndex);
                if (Number.isInteger(index) && index >= 0 && index < pontos.length && stages.includes('leads')) {
                  void navigate(drillHref('leads', bucketParams(index)));
                }
              }}
            >
              <CartesianGrid stroke="#e2e8f0" vertical={false} />
              <XAxis
                dataKey="inicio"
                tick={AXIS_TICK}
                tickFormatter={(value: string) => tickLabel(value, intervalo)}
                minTickGap={16}
              />
              <YAxis tick={AXIS_TICK} allowDecimals={false} tickFormatter={(v: number) => formatCount(v)} width={48} />
              <Tooltip
                labelFormatter={(label) => bucketLabel(String(label), intervalo)}
                formatter={(value, name) => [formatCount(Number(value)), String(name)]}
              />
              {STAGES.map((stage) => (
                <Line
                  key={stage}
                  type="linear"
                  dataKey={stage}
                  name={STAGE_LABELS[stage]}
                  stroke={STAGE_STYLE[stage].color}
                  strokeWidth={2}
                  strokeDasharray={STAGE_STYLE[stage].dash}
                  dot={pontos.length <= 62 ? { r: 3 } : false}
                  activeDot={{ r: 5 }}
                  isAnimationActive={!reduced}
                  cursor="pointer"
                />
              ))}
            </LineChart>
          </div>
        </div>
      )}
      <SerieLegend />
    </ChartFigure>
  );
}

/**
 * Issue 48: the cost per lead (CPL) of the ranking's groups that have a cost, as bars in R$, with each group's four
 * cost figures as the table (the ranking's nine columns fill its card).
 */
function CustoChart({ grupos }: { grupos: FunilGrupo[] }) {
  const reduced = usePrefersReducedMotion();
  const eixo = useEixoDeCategoria();
  const comCusto = grupos.filter((g) => g.custo !== null && g.custo !== undefined);
  const data = comCusto
    .filter((g) => g.custoPorLead !== null && g.custoPorLead !== undefined)
    .map((g) => ({ nome: grupoLabel(g), cpl: g.custoPorLead ?? 0 }));
  const table = (
    <Table aria-label="Custo por lead: dados">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Grupo</TableHead>
          <TableHead scope="col" className="text-right">
            Custo
          </TableHead>
          <TableHead scope="col" className="text-right">
            CPL
          </TableHead>
          <TableHead scope="col" className="text-right">
            Custo por pré-matrícula
          </TableHead>
          <TableHead scope="col" className="text-right">
            Custo por matrícula
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {comCusto.map((g) => (
          <TableRow key={`${g.estado ?? ''}|${g.id ?? '-'}`}>
            <TableCell>{grupoLabel(g)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCentavos(g.custo)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCentavos(g.custoPorLead)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCentavos(g.custoPorPreMatricula)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCentavos(g.custoPorMatricula)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return (
    <ChartFigure
      title="Custo por lead"
      description="O custo por lead (CPL) dos grupos desta página que têm custos no período."
      table={table}
    >
      {data.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">Nenhum grupo desta página tem custo por lead.</p>
      ) : (
        <BarChart
          responsive
          data={data}
          layout="vertical"
          margin={{ top: 8, right: 56, bottom: 4, left: 8 }}
          style={{ width: '100%', height: Math.max(120, data.length * 36 + 24) }}
          title="Custo por lead"
        >
          <CartesianGrid stroke="#e2e8f0" horizontal={false} />
          <XAxis type="number" tick={AXIS_TICK} tickFormatter={(v: number) => formatCentavos(Math.round(v))} />
          <YAxis type="category" dataKey="nome" {...eixo} />
          <Tooltip formatter={(value) => [formatCentavos(Math.round(Number(value))), 'CPL']} />
          <Bar dataKey="cpl" name="CPL" fill="#1d4ed8" isAnimationActive={!reduced}>
            <LabelList
              dataKey="cpl"
              position="right"
              formatter={(v: unknown) => formatCentavos(Math.round(Number(v)))}
              style={{ fill: '#0f172a', fontSize: 12 }}
            />
          </Bar>
        </BarChart>
      )}
    </ChartFigure>
  );
}
