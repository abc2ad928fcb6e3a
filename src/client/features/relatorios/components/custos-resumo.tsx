import type { FunilContagem } from '@shared/schemas/relatorios';
import { Card } from '@/components/ui/card';
import { CUSTO_COLUMNS, formatCentavos } from './ranking-columns';

const LABELS: Record<(typeof CUSTO_COLUMNS)[number][0], string> = {
  custo: 'Custo no período',
  custoPorLead: 'Custo por lead (CPL)',
  custoPorPreMatricula: 'Custo por pré-matrícula',
  custoPorMatricula: 'Custo por matrícula',
};

/**
 * Issue 48: what the period cost and what each lead, pré-matrícula and matrícula cost, when the report has costs
 * (an event's costs count in the period of the event's day; a campaign's on its own day).
 */
export function CustosResumo({ totais }: { totais: FunilContagem }) {
  return (
    <section aria-labelledby="relatorio-custos" data-testid="custos-resumo">
      <h2 id="relatorio-custos" className="mb-2 text-lg font-semibold">
        Custos
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {CUSTO_COLUMNS.map(([key]) => (
          <li key={key}>
            <Card className="flex h-full flex-col gap-2 p-4" data-testid={`custo-${key}`}>
              <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{LABELS[key]}</h3>
              <p className="text-xl font-bold tracking-tight tabular-nums sm:text-2xl">{formatCentavos(totais[key])}</p>
            </Card>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground">
        O custo de um evento conta no período da data do evento; o de uma campanha, na data do gasto.
      </p>
    </section>
  );
}
