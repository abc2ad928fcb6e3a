import { VISITA_MESSAGES, VISITA_STATUS_LABELS, VISITA_STATUSES, type VisitaStatus } from '@shared/schemas/visita';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { DateInput } from '@/components/ui/date-input';
import { FieldShell } from '@/components/ui/field-shell';
import { FilterChips } from '@/components/ui/filter-chips';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { useListState } from '@/hooks/use-list-state';
import { errorMessage } from '@/lib/api-client';
import { useVisitas } from '../api/get-visitas';
import { visitasColumns } from './visitas-columns';

const TODAS = 'todas';
const STATUS_OPTIONS = [
  { value: TODAS, label: 'Todas' },
  ...VISITA_STATUSES.map((value) => ({ value, label: VISITA_STATUS_LABELS[value] })),
];

/**
 * Visitas (issue 49): every visit the manager's subtree made or scheduled, the latest first -- by school (search),
 * status, period (São Paulo's days) and vendedor (Relatórios' visits per vendedor link here with it). The filters
 * live in the address.
 */
export function VisitasScreen() {
  const list = useListState({
    filters: ['status', 'de', 'ate', 'vendedorId', 'vendedor'],
    defaultPageSize: 20,
    searchMinimum: true,
  });
  const { status, de, ate, vendedorId, vendedor } = list.filters;
  const statusValido = (VISITA_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as VisitaStatus)
    : undefined;
  const periodoInvertido = Boolean(de && ate && de > ate);
  const visitas = useVisitas({
    // The page's number, and its cursor past the first page (issue 46).
    ...list.pageParams,
    pageSize: list.pageSize,
    q: list.q,
    status: statusValido,
    de: de || undefined,
    ate: periodoInvertido ? undefined : ate || undefined,
    vendedorId: vendedorId || undefined,
  });
  const chips = vendedorId
    ? [{ id: 'vendedorId', label: `Vendedor: ${vendedor || 'escolhido'}`, keys: ['vendedorId', 'vendedor'] }]
    : [];

  return (
    <Card className="min-w-0">
      <div className="flex flex-col gap-4 px-2 py-4 sm:px-4">
        <div className="grid gap-3 min-[480px]:grid-cols-3 lg:max-w-3xl" role="group" aria-label="Filtros">
          <SelectField
            id="visitas-status"
            label="Situação"
            options={STATUS_OPTIONS}
            value={statusValido ?? TODAS}
            onChange={(value) => list.setFilter('status', value === TODAS ? undefined : value)}
          />
          <FieldShell label={<Label htmlFor="visitas-de">De</Label>} hintId="visitas-de-dica" errorId="visitas-de-erro">
            <DateInput id="visitas-de" value={de ?? ''} onValueChange={(v) => list.setFilter('de', v || undefined)} />
          </FieldShell>
          <FieldShell
            label={<Label htmlFor="visitas-ate">Até</Label>}
            error={periodoInvertido ? VISITA_MESSAGES.periodoInvertido : undefined}
            hintId="visitas-ate-dica"
            errorId="visitas-periodo-erro"
          >
            <DateInput
              id="visitas-ate"
              value={ate ?? ''}
              onValueChange={(v) => list.setFilter('ate', v || undefined)}
              aria-invalid={periodoInvertido || undefined}
              aria-describedby={periodoInvertido ? 'visitas-periodo-erro' : undefined}
            />
          </FieldShell>
          {chips.length > 0 ? (
            <FilterChips
              className="min-[480px]:col-span-3"
              title="Filtros aplicados"
              chips={chips}
              onRemove={() => {
                list.setFilter('vendedorId', undefined);
                list.setFilter('vendedor', undefined);
              }}
            />
          ) : null}
        </div>
        <DataTable
          caption="Visitas"
          columns={visitasColumns()}
          rows={visitas.data?.items ?? []}
          isLoading={visitas.isPending}
          isUpdating={visitas.isPlaceholderData}
          search={{
            id: 'visitas-busca',
            label: 'Buscar pela escola',
            labelHidden: true,
            placeholder: 'Buscar pela escola...',
            value: list.search,
            onChange: list.setSearch,
            hint: list.searchHint,
          }}
          notice={
            visitas.isError
              ? { kind: 'error', title: errorMessage(visitas.error, VISITA_MESSAGES.failed) }
              : visitas.data && visitas.data.items.length === 0
                ? {
                    kind: 'empty',
                    title: VISITA_MESSAGES.empty,
                    description: 'Tente outro período ou limpe os filtros.',
                  }
                : null
          }
          pagination={
            visitas.data
              ? {
                  page: list.pageNumber,
                  pageSize: list.pageSize,
                  total: visitas.data.total,
                  totalExact: visitas.data.exact,
                  rowCount: visitas.data.items.length,
                  onPageChange: list.setPage,
                  keyset: list.keysetOf(visitas.data),
                }
              : undefined
          }
          cards="list"
        />
      </div>
    </Card>
  );
}
