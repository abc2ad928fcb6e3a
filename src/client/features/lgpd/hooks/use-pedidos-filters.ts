import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAddressEditor } from '@/hooks/use-address-editor';
import { PEDIDO_STATUSES, type PedidoStatus } from '@shared/schemas/lgpd';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import type { PedidosParams } from '../api/lgpd-api';

const isStatus = (value: string | null): value is PedidoStatus =>
  value !== null && (PEDIDO_STATUSES as readonly string[]).includes(value);

/**
 * The requests' filters, in the address (issue 18) so a link or the back button brings a view back: the status,
 * 'only overdue' and the page. A value the address carries that the server would refuse is left out. Any change
 * of filter goes back to page 1.
 */
export function usePedidosFilters({ pageSize = DEFAULT_PAGE_SIZE }: { pageSize?: number } = {}) {
  const [searchParams] = useSearchParams();
  const editAddress = useAddressEditor();
  const rawStatus = searchParams.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const atrasados = searchParams.get('atrasados') === 'true';
  const rawPage = Number(searchParams.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 1 ? rawPage : 1;

  const edit = (change: (next: URLSearchParams) => void, replace = true) => editAddress(change, { replace });

  const params: PedidosParams = useMemo(
    () => ({ status, atrasados: atrasados || undefined, page, pageSize }),
    [status, atrasados, page, pageSize],
  );

  return {
    status,
    atrasados,
    page,
    params,
    active: status !== undefined || atrasados,
    setStatus: (value: PedidoStatus | undefined) =>
      edit((next) => {
        if (value) next.set('status', value);
        else next.delete('status');
        next.delete('page');
      }),
    setAtrasados: (value: boolean) =>
      edit((next) => {
        if (value) next.set('atrasados', 'true');
        else next.delete('atrasados');
        next.delete('page');
      }),
    setPage: (value: number) =>
      edit((next) => {
        if (value > 1) next.set('page', String(value));
        else next.delete('page');
      }, false),
    clear: () =>
      edit((next) => {
        for (const key of ['status', 'atrasados', 'page']) next.delete(key);
      }),
  };
}

export type PedidosFilters = ReturnType<typeof usePedidosFilters>;
