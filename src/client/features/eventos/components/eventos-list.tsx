import { CalendarX, Search } from 'lucide-react';
import { formatTotal } from '@shared/format';
import type { Evento } from '@shared/schemas/evento';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { SearchHint } from '@/components/ui/search-hint';
import { Skeleton } from '@/components/ui/skeleton';
import { useListState } from '@/hooks/use-list-state';
import { useLiveList } from '@/hooks/use-live-list';
import { LiveListControls } from '@/components/ui/live-list-controls';
import { EVENTO_CLIENTE_PARAM, EVENTO_SORT_KEYS, eventoSearchTooShort } from '@shared/schemas/evento';
import { FilterChips } from '@/components/ui/filter-chips';
import { CardListError, SortSelect } from '@/components/ui/card-list';
import { useEventos } from '../api/get-eventos';
import { EventoCard } from './evento-card';

const PAGE_SIZE = 30;
/** SPEC §2: six placeholder cards while the list loads. */
const LOADING_CARDS = 6;
/** Without a choice, the upcoming events come first (the server's default order). */
const SORT_OPTIONS = [
  { value: '', label: 'Próximos eventos primeiro' },
  { value: 'dataEvento', label: 'Data do evento (mais antiga)' },
  { value: '-dataEvento', label: 'Data do evento (mais recente)' },
  { value: 'nomeEscola', label: 'Escola (A–Z)' },
  { value: 'status', label: 'Status' },
];
const GRID = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3';

/** The list's count: 'mais de 10.000 eventos' when the server stopped counting at its limit (issue 46). */
function eventosCount(total: number, exact: boolean): string {
  return formatTotal(total, exact, ['evento', 'eventos']);
}

export interface EventosListProps {
  /** Absent when the role may not edit events. */
  onEdit?: (evento: Evento) => void;
  /** Issue 48: the event's share link, composed by the route. */
  onLink?: (evento: Evento) => void;
  /** Issue 48: opens an event's costs. */
  onCustos?: (evento: Evento) => void;
  /** The role's list of an event's leads ('/leads' or '/interesses'), which each card links to (issue 23). */
  leadsPath?: string;
}

/** The search, the count and the event cards, searched and paged on the server. */
export function EventosList({ onEdit, onLink, onCustos, leadsPath }: EventosListProps) {
  const list = useListState({
    sortKeys: EVENTO_SORT_KEYS,
    defaultPageSize: PAGE_SIZE,
    filters: [EVENTO_CLIENTE_PARAM],
    // Issue 46: a search too short to answer is not sent (a UF, 'SP', is the state: SPEC §4).
    searchMinimum: eventoSearchTooShort,
  });
  const { search, setSearch, q, page, setPage, pageSize } = list;
  const clienteId = list.filters[EVENTO_CLIENTE_PARAM] || undefined;
  // The screen's order: the upcoming events first, unless a sort was chosen (issue 23).
  const params = { q, page, pageSize, sort: list.sortParam ?? 'proximos', clienteId };
  const eventosQuery = useEventos(params);
  const live = useLiveList(eventosQuery, JSON.stringify(params));
  const eventos = { ...eventosQuery, data: live.data };

  return (
    <div className="grid gap-4">
      <div className="grid max-w-md gap-2">
        <Label htmlFor="eventos-busca" className="sr-only">
          Buscar eventos
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="eventos-busca"
            type="search"
            className="pl-9"
            placeholder="Buscar por escola, cidade ou estado..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-describedby={list.searchHint ? 'eventos-busca-dica' : undefined}
          />
        </div>
        <SearchHint id="eventos-busca-dica" hint={list.searchHint} />
      </div>
      {clienteId ? (
        // Issue 23: a cliente's row opened its events; the chip names it and removes the filter.
        <FilterChips
          title="Filtros aplicados"
          chips={[
            {
              id: EVENTO_CLIENTE_PARAM,
              label: `Cliente: ${eventos.data?.items.find((e) => e.clienteId === clienteId)?.cliente?.nomeFantasia ?? 'selecionado'}`,
              keys: [EVENTO_CLIENTE_PARAM],
            },
          ]}
          onRemove={() => list.setFilter(EVENTO_CLIENTE_PARAM, undefined)}
        />
      ) : null}
      <LiveListControls live={live} />
      <SortSelect
        id="eventos-ordem"
        value={list.sortParam && list.sortParam !== 'proximos' ? list.sortParam : ''}
        options={SORT_OPTIONS}
        onChange={(value) => list.setFilter('sort', value)}
      />

      {eventos.isPending ? (
        <div role="status" aria-label="Carregando eventos" className={GRID}>
          {Array.from({ length: LOADING_CARDS }, (_, i) => (
            <Card key={i} data-testid="evento-skeleton" className="grid gap-3 p-6">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/2" />
            </Card>
          ))}
        </div>
      ) : eventos.isError ? (
        <CardListError error={eventos.error} fallback="Falha ao carregar eventos" />
      ) : (
        <section aria-labelledby="eventos-total" className="grid gap-4">
          <Pagination
            page={page}
            pageSize={pageSize}
            total={eventos.data!.total}
            totalExact={eventos.data!.exact}
            rowCount={eventos.data!.items.length}
            onPageChange={setPage}
            onPageSizeChange={list.setPageSize}
            position="top"
          />
          <h2 id="eventos-total" className="text-lg font-semibold" aria-live="polite">
            {eventosCount(eventos.data!.total, eventos.data!.exact)}
          </h2>
          {eventos.data!.total === 0 ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
                <CalendarX aria-hidden="true" className="size-10 text-muted-foreground" />
                <p className="text-lg font-medium">
                  {q || clienteId ? 'Nenhum evento encontrado para a busca' : 'Nenhum evento cadastrado'}
                </p>
              </CardContent>
            </Card>
          ) : (
            <ul className={GRID}>
              {eventos.data!.items.map((evento) => (
                <li key={evento.id}>
                  <EventoCard
                    evento={evento}
                    onEdit={onEdit}
                    onLink={onLink}
                    onCustos={onCustos}
                    leadsPath={leadsPath}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={page}
            pageSize={pageSize}
            total={eventos.data!.total}
            totalExact={eventos.data!.exact}
            rowCount={eventos.data!.items.length}
            onPageChange={(next) => {
              setPage(next);
              document.getElementById('eventos-total')?.scrollIntoView?.({ block: 'start' });
            }}
            onPageSizeChange={list.setPageSize}
          />
        </section>
      )}
    </div>
  );
}
