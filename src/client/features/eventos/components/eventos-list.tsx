import { useState } from 'react';
import { CalendarX, Search } from 'lucide-react';
import { formatCount } from '@shared/format';
import type { Evento } from '@shared/schemas/evento';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { useEventos } from '../api/get-eventos';
import { EventoCard } from './evento-card';

const PAGE_SIZE = 30;
/** SPEC §2: six placeholder cards while the list loads. */
const LOADING_CARDS = 6;
const GRID = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3';

export interface EventosListProps {
  /** Absent when the role may not edit events. */
  onEdit?: (evento: Evento) => void;
}

/** The search, the count and the event cards, searched and paged on the server. */
export function EventosList({ onEdit }: EventosListProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const eventos = useEventos({ q: q || undefined, page, pageSize: PAGE_SIZE });

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
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>

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
        <Card>
          <CardContent className="p-10 text-center text-destructive" role="alert">
            {errorMessage(eventos.error, 'Falha ao carregar eventos')}
          </CardContent>
        </Card>
      ) : (
        <section aria-labelledby="eventos-total" className="grid gap-4">
          <h2 id="eventos-total" className="text-lg font-semibold" aria-live="polite">
            {eventos.data.total === 1 ? '1 evento' : `${formatCount(eventos.data.total)} eventos`}
          </h2>
          {eventos.data.total === 0 ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
                <CalendarX aria-hidden="true" className="size-10 text-muted-foreground" />
                <p className="text-lg font-medium">
                  {q ? 'Nenhum evento encontrado para a busca' : 'Nenhum evento cadastrado'}
                </p>
              </CardContent>
            </Card>
          ) : (
            <ul className={GRID}>
              {eventos.data.items.map((evento) => (
                <li key={evento.id}>
                  <EventoCard evento={evento} onEdit={onEdit} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pageSize={PAGE_SIZE} total={eventos.data.total} onPageChange={setPage} />
        </section>
      )}
    </div>
  );
}
