import { useId } from 'react';
import { Download, X } from 'lucide-react';
import { formatDateOnly } from '@shared/format';
import { AGRUPAMENTO_LABELS, type Agrupamento } from '@shared/schemas/relatorios';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { SearchCombobox } from '@/components/ui/search-combobox';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { findEventoOption, searchEventoOptions } from '@/lib/evento-search';
import { RELATORIOS_QUERY_KEY } from '../api/relatorios-keys';
import type { RelatorioParams } from '../hooks/use-relatorio-params';
import { PERIODOS, PERIODO_LABELS, type Periodo } from './periodo';
import { DateInput } from '@/components/ui/date-input';

const RELATORIO_EVENTOS_QUERY_KEY = [...RELATORIOS_QUERY_KEY, 'eventos'] as const;

export interface RelatorioFiltersProps {
  params: RelatorioParams;
  exportHref: string | null;
}

/**
 * Period (presets or two pt-BR dates), grouping (only the role's), the event, and the filters a 'Detalhar' put
 * in the address as removable chips; 'Exportar CSV' downloads the grouped table as the server streams it.
 */
export function RelatorioFilters({ params, exportHref }: RelatorioFiltersProps) {
  const id = useId();
  const { state, update } = params;

  const choosePeriodo = (periodo: Periodo) =>
    periodo === 'personalizado'
      ? update({ periodo, de: state.range.de, ate: state.range.ate, intervalo: undefined })
      : update({ periodo, de: undefined, ate: undefined, intervalo: undefined });

  const clearAll = () =>
    update(Object.fromEntries(state.active.flatMap((filter) => filter.params).map((name) => [name, undefined])));

  return (
    <Card className="p-4">
      <form
        aria-label="Filtros do relatório"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[repeat(3,minmax(0,1fr))_auto]"
      >
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-periodo`}>Período</Label>
          <Select value={state.periodo} onValueChange={(value) => choosePeriodo(value as Periodo)}>
            <SelectTrigger id={`${id}-periodo`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PERIODOS.map((periodo) => (
                <SelectItem key={periodo} value={periodo}>
                  {PERIODO_LABELS[periodo]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {state.periodError ? null : (
            <p className="text-xs text-muted-foreground" data-testid="periodo-resolvido">
              {formatDateOnly(state.range.de)} a {formatDateOnly(state.range.ate)}
            </p>
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-agrupar`}>Agrupar por</Label>
          <Select value={state.agrupar} onValueChange={(value) => update({ agrupar: value })}>
            <SelectTrigger id={`${id}-agrupar`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {state.agrupamentos.map((agrupar: Agrupamento) => (
                <SelectItem key={agrupar} value={agrupar}>
                  {AGRUPAMENTO_LABELS[agrupar]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-evento`}>Evento</Label>
          {/* Issue 21: every event in scope is reachable (the funnel lists' searchable filter, 20 at a time). */}
          <SearchCombobox
            id={`${id}-evento`}
            value={state.filter.eventoId ?? ''}
            onChange={(eventoId) => update({ eventoId: eventoId || undefined })}
            queryKey={RELATORIO_EVENTOS_QUERY_KEY}
            search={searchEventoOptions}
            resolve={findEventoOption}
            placeholder="Escola, cidade ou data do evento"
            emptyOption="Todos os eventos"
            emptyText="Nenhum evento encontrado"
          />
        </div>

        <div className="flex items-end">
          {exportHref ? (
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <a href={exportHref} download>
                <Download aria-hidden="true" />
                Exportar CSV
              </a>
            </Button>
          ) : null}
        </div>

        {state.periodo === 'personalizado' ? (
          <fieldset className="grid min-w-0 gap-3 sm:col-span-2 sm:grid-cols-2 xl:col-span-3">
            <legend className="sr-only">Período personalizado</legend>
            <div className="flex min-w-0 flex-col gap-2">
              <Label htmlFor={`${id}-de`}>De</Label>
              <DateInput
                id={`${id}-de`}
                value={state.custom.de}
                aria-invalid={state.periodError ? true : undefined}
                aria-describedby={state.periodError ? `${id}-periodo-erro` : undefined}
                onValueChange={(de) => update({ de }, { replace: true })}
              />
            </div>
            <div className="flex min-w-0 flex-col gap-2">
              <Label htmlFor={`${id}-ate`}>Até</Label>
              <DateInput
                id={`${id}-ate`}
                value={state.custom.ate}
                aria-invalid={state.periodError ? true : undefined}
                aria-describedby={state.periodError ? `${id}-periodo-erro` : undefined}
                onValueChange={(ate) => update({ ate }, { replace: true })}
              />
            </div>
            {state.periodError ? (
              <p id={`${id}-periodo-erro`} role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
                {state.periodError}
              </p>
            ) : null}
          </fieldset>
        ) : null}

        {state.active.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2 xl:col-span-4">
            <h3 className="sr-only">Filtros aplicados</h3>
            <ul className="flex min-w-0 flex-wrap gap-2">
              {state.active.map((filter) => (
                <li key={filter.key} className="min-w-0 max-w-full">
                  <button
                    type="button"
                    onClick={() => update(Object.fromEntries(filter.params.map((name) => [name, undefined])))}
                    className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-input bg-accent px-3 py-1 text-sm font-medium text-accent-foreground hover:bg-accent/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    <span className="min-w-0 truncate" title={filter.label}>
                      {filter.label}
                    </span>
                    <X aria-hidden="true" className="size-3.5 shrink-0" />
                    <span className="sr-only">(remover filtro)</span>
                  </button>
                </li>
              ))}
            </ul>
            <Button type="button" variant="ghost" size="sm" onClick={clearAll}>
              Limpar filtros
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
