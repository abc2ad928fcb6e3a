import { useState } from 'react';
import { formatTotal } from '@shared/format';
import type { Role } from '@shared/roles';
import type { AuditoriaItem } from '@shared/schemas/auditoria';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableNotice } from '@/components/ui/data-table';
import { listNotice } from '@/components/ui/list-notice';
import { type AuditoriaPage, auditoriaExportUrl, useAuditoria } from '../api/get-auditoria';
import { useAuditoriaFilters } from '../hooks/use-auditoria-filters';
import { auditoriaColumns } from './auditoria-columns';
import { AuditoriaDetalheDialog } from './auditoria-detalhe-dialog';
import { AuditoriaToolbar } from './auditoria-toolbar';

/** '1 registro', '37 registros', 'mais de 1.000 registros' (the server stops counting there). */
export function contagemTexto({ total, exact }: Pick<AuditoriaPage, 'total' | 'exact'>): string {
  return formatTotal(total, exact, ['registro', 'registros']);
}

/** A row's Detalhes button, the one on screen (the table from 1024 px, the cards below it). */
function detalhesButton(id: string): HTMLElement | null {
  const buttons = Array.from(document.querySelectorAll<HTMLElement>(`[data-detalhes="${id}"]`));
  return buttons.find((button) => button.getClientRects().length > 0) ?? buttons[0] ?? null;
}

export interface AuditoriaScreenProps {
  role: Role;
}

/**
 * Auditoria (issue 17): the trail of the reader's part of the network, newest first, filtered from the address;
 * a row opens as who, when, from where and the change before and after.
 */
export function AuditoriaScreen({ role }: AuditoriaScreenProps) {
  const filters = useAuditoriaFilters();
  const valid = filters.periodError === null;
  const list = useAuditoria(filters.params, { enabled: valid });
  /** The row open (null once closed) and the row opened last with the button that did, for focus to return to. */
  const [aberto, setAberto] = useState<{ item: AuditoriaItem | null; id: string | null; button: HTMLElement | null }>({
    item: null,
    id: null,
    button: null,
  });
  const abrir = (item: AuditoriaItem, button: HTMLElement | null = null) => setAberto({ item, id: item.id, button });
  const columns = auditoriaColumns({ role, searchWith: filters.searchWith, onDetails: abrir });

  const notice: DataTableNotice | null = valid
    ? listNotice(list, {
        failed: 'Erro ao carregar a auditoria',
        empty: 'Nenhum registro de auditoria encontrado',
        filtered: filters.active,
        filteredDescription: 'Tente outros filtros ou limpe a busca.',
      })
    : { kind: 'prompt', title: 'Corrija o período para ver os registros' };

  return (
    <div className="flex flex-col gap-6">
      <AuditoriaToolbar filters={filters} exportHref={valid ? auditoriaExportUrl(filters.filter) : null} />
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 className="text-lg font-semibold">Registros</h2>
          {valid && list.data ? (
            <Badge variant="secondary" data-testid="count-badge">
              {contagemTexto(list.data)}
            </Badge>
          ) : null}
        </div>
        <div className="px-2 pb-4 sm:px-4">
          <DataTable
            caption="Registros de auditoria"
            columns={columns}
            rows={valid ? (list.data?.items ?? []) : []}
            isLoading={valid && list.isPending}
            isUpdating={list.isPlaceholderData}
            notice={notice}
            pagination={
              valid && list.data
                ? {
                    page: filters.page,
                    pageSize: filters.params.pageSize,
                    total: list.data.total,
                    totalExact: list.data.exact,
                    onPageChange: filters.setPage,
                    keyset: filters.keysetOf(list.data),
                  }
                : undefined
            }
            cards="list"
            onRowClick={(item) => abrir(item)}
          />
        </div>
      </Card>
      <AuditoriaDetalheDialog
        item={aberto.item}
        role={role}
        onClose={() => setAberto((current) => ({ ...current, item: null }))}
        focusOnClose={() => {
          if (aberto.button?.isConnected) return aberto.button;
          return aberto.id ? detalhesButton(aberto.id) : null;
        }}
      />
    </div>
  );
}
