import { type ReactNode, useId } from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterChips } from '@/components/ui/filter-chips';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SearchCombobox } from '@/components/ui/search-combobox';
import { SearchHint } from '@/components/ui/search-hint';
import { ExportarCsv } from './exportar-csv';
import { SEM_FILTRO, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Option } from '@shared/enums';
import {
  LISTA_ESPERA_FILTER_OPTIONS,
  PRESENCA_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
  responsavelFilterOptions,
} from '../../hooks/follow-up-filters';
import type { FunnelFilters } from '../../hooks/use-funnel-filters';
import { FUNNEL_EVENTOS_QUERY_KEY, findFunnelEventoOption, searchFunnelEventos } from '../../api/get-funnel-eventos';
import { DateInput } from '@/components/ui/date-input';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { useMediaQuery } from '@/hooks/use-media-query';

/** From here up the filters sit above the list; below it (a phone), a follow-up queue folds them into 'Filtros (N)'. */
const WIDE = '(min-width: 40rem)';

/** The chips take the toolbar's whole row. */
const CHIPS_SPAN = 'sm:col-span-2 lg:col-span-3';

export interface FunnelToolbarProps {
  filters: FunnelFilters;
  /** The export's address with the list's current filters. */
  exportHref: string;
  /** The list's export-as-a-job address with the same filters (issue 22): a long list shows its progress. */
  exportJobUrl?: string;
  /** Why there is nothing to export yet (issue 51: the cliente's Leads before an event): the button waits. */
  exportDisabledReason?: string;
  /**
   * Leads and Interesses (issue 16): the status and responsável selects; `meus` offers the vendedor its own
   * leads.
   */
  followUp?: { meus: boolean };
  /**
   * Pré-Matrículas (issue 23): pendentes, efetivadas or both, kept in the address; Matrículas (issue 42) its own
   * label and options (the contract's status).
   */
  situacao?: { value: string; onChange: (value: string) => void; label?: string; options?: readonly Option[] };
}

const SITUACAO_OPTIONS = [
  { value: SEM_FILTRO, label: 'Todas' },
  { value: 'pendente', label: 'Pendentes' },
  { value: 'efetivada', label: 'Efetivadas' },
] as const;

function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || SEM_FILTRO} onValueChange={(next) => onChange(next === SEM_FILTRO ? '' : next)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * Event filter, free-text search, the event-date filter, the drill-down chips (issue 15), on Leads and Interesses
 * the follow-up filters (issue 16) and 'Exportar CSV' (SPEC §2). The export is a plain download link: the server
 * streams the file and the session cookie goes along.
 */
export function FunnelToolbar({
  filters,
  exportHref,
  exportJobUrl,
  exportDisabledReason,
  followUp,
  situacao,
}: FunnelToolbarProps) {
  const id = useId();
  const wide = useMediaQuery(WIDE);
  const exportar = <ExportarCsv href={exportHref} jobUrl={exportJobUrl} disabledReason={exportDisabledReason} />;
  const limpar = filters.active ? (
    <Button variant="ghost" onClick={filters.clear}>
      <X aria-hidden="true" />
      Limpar filtros
    </Button>
  ) : null;
  const fields = <FilterFields id={id} filters={filters} followUp={followUp} situacao={situacao} />;

  // Issue 51: a follow-up queue opened on a phone shows its rows first -- the filters wait in a sheet behind one
  // button that counts them. Any other list keeps its filters on top, where SPEC's flows use them.
  if (wide === false && filters.fromQueue) {
    const count = filters.count + (situacao?.value ? 1 : 0);
    return (
      <Card className="flex flex-wrap items-center justify-between gap-2 p-3">
        <Sheet>
          <SheetTrigger asChild>
            <Button variant="outline">
              <SlidersHorizontal aria-hidden="true" />
              {`Filtros (${count})`}
            </Button>
          </SheetTrigger>
          <SheetContent side="right" closeLabel="Fechar filtros" className="overflow-y-auto p-4">
            <SheetTitle className="pr-8 text-lg font-semibold">Filtros</SheetTitle>
            <SheetDescription className="mb-4 mt-1 text-sm text-muted-foreground">
              A lista mostra as linhas que atendem a todos os filtros.
            </SheetDescription>
            <div className="grid gap-4">{fields}</div>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              {limpar}
              <SheetClose asChild>
                <Button>Ver resultados</Button>
              </SheetClose>
            </div>
          </SheetContent>
        </Sheet>
        {exportar}
      </Card>
    );
  }

  return (
    <Card className="p-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(9rem,1fr)]">
        {fields}
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2 lg:col-span-3">
          {limpar}
          {exportar}
        </div>
      </div>
    </Card>
  );
}

/** The toolbar's fields and chips: in its grid on a wide screen, in the 'Filtros' sheet on a phone. */
function FilterFields({
  id,
  filters,
  followUp,
  situacao,
}: { id: string; filters: FunnelFilters } & Pick<FunnelToolbarProps, 'followUp' | 'situacao'>): ReactNode {
  const { values, update } = filters;
  return (
    <>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-evento`}>Evento</Label>
        <SearchCombobox
          id={`${id}-evento`}
          value={values.eventoId}
          onChange={(eventoId) => update({ eventoId })}
          queryKey={FUNNEL_EVENTOS_QUERY_KEY}
          search={searchFunnelEventos}
          resolve={findFunnelEventoOption}
          placeholder="Escola, cidade ou data do evento"
          emptyOption="Todos os eventos"
          emptyText="Nenhum evento encontrado"
        />
      </div>

      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-busca`}>Buscar</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-busca`}
            type="search"
            placeholder="Nome, email ou telefone..."
            value={values.q}
            maxLength={200}
            onChange={(event) => update({ q: event.target.value })}
            aria-describedby={filters.searchHint ? `${id}-busca-dica` : undefined}
            className="pl-9"
          />
        </div>
        <SearchHint id={`${id}-busca-dica`} hint={filters.searchHint} />
      </div>

      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-data`}>Data do evento</Label>
        <DateInput id={`${id}-data`} value={values.data} onValueChange={(data) => update({ data })} />
      </div>

      {situacao ? (
        <FilterSelect
          id={`${id}-situacao`}
          label={situacao.label ?? 'Situação'}
          value={situacao.value}
          options={situacao.options ?? SITUACAO_OPTIONS}
          onChange={situacao.onChange}
        />
      ) : null}

      {followUp ? (
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 lg:col-span-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(9rem,1fr)]">
          <FilterSelect
            id={`${id}-status`}
            label="Status"
            value={values.status}
            options={STATUS_FILTER_OPTIONS}
            onChange={(status) => update({ status })}
          />
          <FilterSelect
            id={`${id}-responsavel`}
            label="Vendedor responsável"
            value={values.responsavelId}
            options={responsavelFilterOptions({
              meus: followUp.meus,
              current: values.responsavelId,
              currentNome: filters.responsavelNome,
            })}
            onChange={(responsavelId) => update({ responsavelId })}
          />
          <FilterSelect
            id={`${id}-lista-espera`}
            label="Lista de espera"
            value={values.listaEspera}
            options={LISTA_ESPERA_FILTER_OPTIONS}
            onChange={(listaEspera) => update({ listaEspera })}
          />
          <FilterSelect
            id={`${id}-presenca`}
            label="Presença no evento"
            value={values.presenca}
            options={PRESENCA_FILTER_OPTIONS}
            onChange={(presenca) => update({ presenca })}
          />
        </div>
      ) : null}

      {filters.chips.length > 0 ? (
        <FilterChips
          title="Filtros do relatório"
          className={CHIPS_SPAN}
          chips={filters.chips}
          onRemove={filters.removeChip}
        />
      ) : null}
      {filters.followUpChips.length > 0 ? (
        <FilterChips
          title="Filtros do acompanhamento"
          className={CHIPS_SPAN}
          chips={filters.followUpChips}
          onRemove={filters.removeChip}
        />
      ) : null}
    </>
  );
}
