import { useState } from 'react';
import { Filter, Search } from 'lucide-react';
import {
  DEPARTAMENTOS,
  TICKET_PRIORIDADES,
  TICKET_STATUSES,
  departamentoOptions,
  ticketPrioridadeOptions,
  ticketStatusOptions,
  type Departamento,
  type TicketPrioridade,
  type TicketStatus,
} from '@shared/enums';
import type { SacTicket } from '@shared/schemas/sac';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Card } from '@/components/ui/card';
import { CardListEmpty, CardListError } from '@/components/ui/card-list';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { LiveListControls } from '@/components/ui/live-list-controls';
import { useListState } from '@/hooks/use-list-state';
import { SearchHint } from '@/components/ui/search-hint';
import { useLiveList } from '@/hooks/use-live-list';
import { useTickets, type TicketFilters } from '../api/get-tickets';
import { useEquipe } from '../api/ticket';
import { AnswerTicketDialog } from './answer-ticket-dialog';
import { TicketCard } from './ticket-card';

export const TICKETS_PAGE_SIZE = 20;
const QUALQUER = 'todos';
const QUALQUER_OPCAO = { value: QUALQUER, label: 'Todos' } as const;
const LOADING_CARDS = 3;

/** The filters the address keeps, by name. */
const TICKET_FILTERS = ['status', 'prioridade', 'departamento', 'responsavelId', 'atrasados'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The address's filters, each kept only when it is a value the list knows (a hand-edited link loses the rest). */
export function ticketFiltersOf(raw: Record<string, string>): TicketFilters {
  return {
    status: oneOf(TICKET_STATUSES, raw.status),
    prioridade: oneOf(TICKET_PRIORIDADES, raw.prioridade),
    departamento: oneOf(DEPARTAMENTOS, raw.departamento),
    responsavelId: raw.responsavelId || undefined,
    atrasados: raw.atrasados === 'true' ? true : undefined,
  };
}

export interface TicketListProps {
  /** The franqueador answers tickets; everyone else only reads its own. */
  canAnswer: boolean;
}

/** The SAC list: server-side search by title or id, the cards, pages, and the answer dialog. */
export function TicketList({ canAnswer }: TicketListProps) {
  // Search, filters and page live in the address (issue 23): Reload, Back and a shared link bring the same view.
  const list$ = useListState({ filters: TICKET_FILTERS, defaultPageSize: TICKETS_PAGE_SIZE, searchMinimum: true });
  const { search, setSearch, q, page, setPage, pageSize, setPageSize } = list$;
  const filters = ticketFiltersOf(list$.filters);
  const activeFilters = Object.values(filters).filter((v) => v !== undefined).length;
  // The box shows the click at once: the address changes in a transition, and a controlled checkbox would show
  // its old state until then (a second click in between was lost). The address wins once it has caught up.
  const [atrasadosClicado, setAtrasadosClicado] = useState<boolean | null>(null);
  const atrasadosNoEndereco = filters.atrasados === true;
  if (atrasadosClicado !== null && atrasadosClicado === atrasadosNoEndereco) setAtrasadosClicado(null);
  const atrasadosMarcado = atrasadosClicado ?? atrasadosNoEndereco;
  // A link that carries filters opens with them in view.
  const [showFilters, setShowFilters] = useState(activeFilters > 0);
  const [answering, setAnswering] = useState<SacTicket | null>(null);
  const equipe = useEquipe(canAnswer);
  const setFilter = <K extends keyof TicketFilters>(key: K, value: TicketFilters[K] | typeof QUALQUER) =>
    list$.setFilter(key, value === QUALQUER || value === undefined ? undefined : String(value));

  const params = { page, pageSize, q, ...filters };
  const ticketsQuery = useTickets(params);
  // A live list (issue 23): new tickets are counted ('N novos — atualizar'), never pushed under the pointer.
  const live = useLiveList(ticketsQuery, JSON.stringify(params));
  const tickets = { ...ticketsQuery, data: live.data };
  const items = tickets.data?.items ?? [];
  // The dialog follows the list, so an answer recorded meanwhile (here or elsewhere) shows in it.
  const answeringNow = answering ? (items.find((t) => t.id === answering.id) ?? answering) : null;

  return (
    <div className="grid gap-4">
      <Card className="p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor="sac-busca" className="sr-only">
              Buscar tickets por título ou ID
            </Label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id="sac-busca"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Buscar por título ou ID do ticket..."
                className="pl-9"
                autoComplete="off"
                aria-describedby={list$.searchHint ? 'sac-busca-dica' : undefined}
              />
            </div>
            <SearchHint id="sac-busca-dica" hint={list$.searchHint} />
          </div>
          <Button
            variant="outline"
            aria-expanded={showFilters}
            aria-controls="sac-filtros"
            onClick={() => setShowFilters((open) => !open)}
          >
            <Filter aria-hidden="true" />
            Filtros
            {activeFilters > 0 ? <span className="sr-only">: {activeFilters} ativos</span> : null}
            {activeFilters > 0 ? (
              <span aria-hidden="true" className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                {activeFilters}
              </span>
            ) : null}
          </Button>
          <LiveListControls live={live} />
        </div>
        {/* Issue 19: the help desk's filters, applied on the server. */}
        <div
          id="sac-filtros"
          hidden={!showFilters}
          className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        >
          <SelectField<TicketStatus | typeof QUALQUER>
            id="filtro-status"
            label="Status"
            options={[QUALQUER_OPCAO, ...ticketStatusOptions]}
            value={filters.status ?? QUALQUER}
            onChange={(value) => setFilter('status', value)}
          />
          <SelectField<TicketPrioridade | typeof QUALQUER>
            id="filtro-prioridade"
            label="Prioridade"
            options={[QUALQUER_OPCAO, ...ticketPrioridadeOptions]}
            value={filters.prioridade ?? QUALQUER}
            onChange={(value) => setFilter('prioridade', value)}
          />
          <SelectField<Departamento | typeof QUALQUER>
            id="filtro-departamento"
            label="Departamento"
            options={[QUALQUER_OPCAO, ...departamentoOptions]}
            value={filters.departamento ?? QUALQUER}
            onChange={(value) => setFilter('departamento', value)}
          />
          {canAnswer ? (
            <SelectField<string>
              id="filtro-responsavel"
              label="Responsável"
              options={[QUALQUER_OPCAO, ...(equipe.data ?? []).map((u) => ({ value: u.id, label: u.nome || u.email }))]}
              value={filters.responsavelId ?? QUALQUER}
              onChange={(value) => setFilter('responsavelId', value)}
            />
          ) : null}
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={atrasadosMarcado}
              onChange={(event) => {
                setAtrasadosClicado(event.target.checked);
                setFilter('atrasados', event.target.checked ? true : undefined);
              }}
              className="size-4 accent-primary"
            />
            Somente atrasados
          </label>
        </div>
      </Card>

      <section aria-label="Tickets" aria-busy={tickets.isFetching}>
        {tickets.isPending ? (
          <div role="status" aria-label="Carregando tickets" className="grid gap-4">
            {Array.from({ length: LOADING_CARDS }, (_, index) => (
              <Card key={index} className="p-5">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="mt-3 h-4 w-1/3" />
                <Skeleton className="mt-4 h-10 w-full" />
              </Card>
            ))}
          </div>
        ) : tickets.isError ? (
          <CardListError error={tickets.error} fallback="Falha ao carregar tickets" />
        ) : items.length === 0 ? (
          <CardListEmpty text="Nenhum ticket encontrado" />
        ) : (
          <ul className="grid gap-4">
            {items.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} onAnswer={canAnswer ? setAnswering : undefined} />
              </li>
            ))}
          </ul>
        )}
        {tickets.data ? (
          <Pagination
            page={page}
            pageSize={pageSize}
            total={tickets.data.total}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        ) : null}
      </section>

      {canAnswer ? <AnswerTicketDialog ticket={answeringNow} onClose={() => setAnswering(null)} /> : null}
    </div>
  );
}
