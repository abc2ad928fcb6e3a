import { useState } from 'react';
import { X } from 'lucide-react';
import { formatCount } from '@shared/format';
import { PEDIDO_STATUSES, PEDIDO_STATUS_LABELS, type PedidoStatus } from '@shared/schemas/lgpd';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { listNotice } from '@/components/ui/list-notice';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, SEM_FILTRO } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type PedidoItem, usePatchPedido, usePedidos } from '../api/lgpd-api';
import { usePedidosFilters } from '../hooks/use-pedidos-filters';
import { type PedidoAcao, pedidosColumns } from './pedidos-columns';
import { type PedidoResposta, PedidoRespostaDialog } from './pedido-resposta-dialog';
import { PedidoCorrecaoDialog } from './pedido-correcao-dialog';

const SUCESSO: Record<PedidoAcao, string> = {
  em_analise: 'Pedido em análise',
  concluido: 'Pedido concluído',
  recusado: 'Pedido recusado',
};

/**
 * The titulares' requests (issue 18), oldest deadline first as the server sends them, filtered by status and
 * 'only overdue' from the address; each still open can be taken into analysis, concluded or refused.
 */
export function PedidosSection({ showFranquia }: { showFranquia: boolean }) {
  const filters = usePedidosFilters();
  const list = usePedidos(filters.params);
  const [resposta, setResposta] = useState<PedidoResposta | null>(null);
  const [corrigindo, setCorrigindo] = useState<PedidoItem | null>(null);
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const patch = usePatchPedido({
    onSuccess: (pedido, input) => {
      setResposta(null);
      toast({ variant: 'success', title: SUCESSO[input.status], description: `Protocolo ${pedido.protocolo}` });
    },
    onError: (error) => {
      const campo = error instanceof ApiError ? error.errors?.resposta : undefined;
      if (campo) {
        setServerError(campo);
        return;
      }
      // 409: answered by someone else first; the list has been read again and shows that answer.
      setResposta(null);
      toast({
        variant: 'destructive',
        title: 'Não foi possível atualizar o pedido',
        description: errorMessage(error, 'Tente novamente.'),
      });
    },
  });

  const onAcao = (pedido: PedidoItem, acao: PedidoAcao) => {
    if (acao === 'em_analise') {
      patch.mutate({ id: pedido.id, status: 'em_analise' });
      return;
    }
    setServerError(undefined);
    setResposta({ pedido, acao });
  };

  const columns = pedidosColumns({
    showFranquia,
    pendingId: patch.isPending ? (patch.variables?.id ?? null) : null,
    onAcao,
    onCorrigir: setCorrigindo,
  });

  const notice = listNotice(list, {
    failed: 'Erro ao carregar os pedidos',
    empty: 'Nenhum pedido de titular até agora',
    emptyFiltered: 'Nenhum pedido com estes filtros',
    filtered: filters.active,
  });

  return (
    <section aria-labelledby="lgpd-pedidos">
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="lgpd-pedidos" className="text-lg font-semibold">
            Pedidos
          </h2>
          {list.data ? (
            <Badge variant="secondary">
              {formatCount(list.data.total)} {list.data.total === 1 ? 'pedido' : 'pedidos'}
            </Badge>
          ) : null}
        </div>
        <div className="grid gap-4 px-2 pb-4 pt-4 sm:px-4">
          <form
            role="search"
            aria-label="Filtros dos pedidos"
            onSubmit={(event) => event.preventDefault()}
            className="flex flex-col gap-3 px-2 sm:flex-row sm:flex-wrap sm:items-end"
          >
            <div className="grid min-w-0 gap-2 sm:w-56">
              <Label htmlFor="lgpd-status">Situação</Label>
              <Select
                value={filters.status ?? SEM_FILTRO}
                onValueChange={(value) => filters.setStatus(value === SEM_FILTRO ? undefined : (value as PedidoStatus))}
              >
                <SelectTrigger id="lgpd-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={SEM_FILTRO}>Todas as situações</SelectItem>
                  {PEDIDO_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {PEDIDO_STATUS_LABELS[status]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                checked={filters.atrasados}
                onChange={(event) => filters.setAtrasados(event.target.checked)}
              />
              Só os atrasados
            </label>
            {filters.active ? (
              <Button type="button" variant="ghost" className="w-fit" onClick={filters.clear}>
                <X aria-hidden="true" />
                Limpar filtros
              </Button>
            ) : null}
          </form>
          <DataTable
            caption="Pedidos dos titulares"
            columns={columns}
            rows={list.data?.items ?? []}
            isLoading={list.isPending}
            isUpdating={list.isPlaceholderData}
            notice={notice}
            pagination={
              list.data
                ? {
                    page: filters.page,
                    pageSize: filters.params.pageSize,
                    total: list.data.total,
                    onPageChange: filters.setPage,
                  }
                : undefined
            }
            cards="list"
          />
        </div>
        <PedidoCorrecaoDialog pedido={corrigindo} onClose={() => setCorrigindo(null)} />
        <PedidoRespostaDialog
          resposta={resposta}
          pending={patch.isPending}
          serverError={serverError}
          onClose={() => setResposta(null)}
          onConfirm={(texto) => {
            if (!resposta) return;
            setServerError(undefined);
            patch.mutate({ id: resposta.pedido.id, status: resposta.acao, ...(texto ? { resposta: texto } : {}) });
          }}
        />
      </Card>
    </section>
  );
}
