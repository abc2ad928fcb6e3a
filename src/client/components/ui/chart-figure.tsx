import { type ReactNode, useId, useState } from 'react';
import { Table2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export interface ChartFigureProps {
  title: string;
  /** What the chart shows, in a sentence: read with the title as the figure's caption. */
  description: string;
  /** Controls above the chart (the series' interval). */
  controls?: ReactNode;
  /** The chart's data as a table: 'Ver como tabela'. */
  table: ReactNode;
  children: ReactNode;
}

/**
 * A chart with its caption, and its data as a table one click away (the same numbers, links included): Relatórios',
 * Inadimplência's and Royalties' charts.
 */
export function ChartFigure({ title, description, controls, table, children }: ChartFigureProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card className="min-w-0">
      <figure
        aria-labelledby={`${id}-titulo`}
        aria-describedby={`${id}-descricao`}
        className="flex flex-col gap-3 p-4 sm:p-6"
      >
        <figcaption className="flex flex-wrap items-start justify-between gap-3">
          <span className="flex min-w-0 flex-col gap-1">
            <span id={`${id}-titulo`} className="text-lg font-semibold">
              {title}
            </span>
            <span id={`${id}-descricao`} className="text-sm text-muted-foreground">
              {description}
            </span>
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={showTable}
            aria-controls={`${id}-tabela`}
            onClick={() => setShowTable((shown) => !shown)}
          >
            <Table2 aria-hidden="true" />
            {showTable ? 'Ocultar tabela' : 'Ver como tabela'}
          </Button>
        </figcaption>
        {controls}
        {children}
        <div id={`${id}-tabela`} hidden={!showTable} className="overflow-x-auto">
          {showTable ? table : null}
        </div>
      </figure>
    </Card>
  );
}
