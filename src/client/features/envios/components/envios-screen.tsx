import { useState } from 'react';
import { RotateCcw, X } from 'lucide-react';
import { formatCount, formatDateTime } from '@shared/format';
import { ENVIO_STATUS, ENVIO_TIPOS, type EnvioItem, type EnvioStatus, type EnvioTipo } from '@shared/schemas/envios';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { RowActions } from '@/components/ui/row-actions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { listNotice } from '@/components/ui/list-notice';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, SEM_FILTRO } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useEnvios, useReenviarEnvio } from '../api/envios-api';

const STATUS_VARIANT: Record<EnvioStatus, BadgeProps['variant']> = {
  pendente: 'secondary',
  executando: 'secondary',
  concluido: 'success',
  falhou: 'destructive',
  cancelado: 'outline',
};

/**
 * Envios (issue 22, ADR 028): the network's e-mails and webhook deliveries, newest first, with their status, tries
 * and last error; one that failed on every try (a dead letter) can be sent again.
 */
export function EnviosScreen() {
  const [tipo, setTipo] = useState<EnvioTipo | undefined>(undefined);
  const [status, setStatus] = useState<EnvioStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useEnvios({ tipo, status, page, pageSize: DEFAULT_PAGE_SIZE });
  const reenviar = useReenviarEnvio({
    onSuccess: (answer) => toast({ variant: 'success', title: answer.message }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível reenviar',
        description: errorMessage(error, 'Tente novamente.'),
      }),
  });
  const active = tipo !== undefined || status !== undefined;

  const columns: DataTableColumn<EnvioItem>[] = [
    {
      key: 'envio',
      header: 'Envio',
      cell: (envio) => (
        <span className="grid min-w-0">
          <span className="font-medium [overflow-wrap:anywhere]">{envio.resumo ?? '—'}</span>
          <span className="text-xs text-muted-foreground">
            {ENVIO_TIPOS[envio.tipo]} · <span className="[overflow-wrap:anywhere]">{envio.destino ?? '—'}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Situação',
      cell: (envio) => <Badge variant={STATUS_VARIANT[envio.status]}>{ENVIO_STATUS[envio.status]}</Badge>,
    },
    {
      key: 'tentativas',
      header: 'Tentativas',
      className: 'whitespace-nowrap tabular-nums',
      cell: (envio) => `${envio.tentativas} de ${envio.maxTentativas}`,
    },
    {
      key: 'erro',
      header: 'Último erro',
      cell: (envio) =>
        envio.ultimoErro ? (
          <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{envio.ultimoErro}</span>
        ) : (
          '—'
        ),
    },
    {
      key: 'em',
      header: 'Criado em',
      className: 'whitespace-nowrap tabular-nums',
      cell: (envio) => formatDateTime(envio.criadoEm, { withTime: true }),
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      // The one row-action pattern (issue 23); a second Reenviar while one is on its way is ignored.
      cell: (envio) =>
        envio.status === 'falhou' ? (
          <RowActions
            record={envio.resumo ?? 'envio'}
            actions={[
              {
                label: 'Reenviar',
                icon: RotateCcw,
                onSelect: () => {
                  if (!(reenviar.isPending && reenviar.variables?.id === envio.id)) reenviar.mutate({ id: envio.id });
                },
              },
            ]}
          />
        ) : null,
    },
  ];

  const notice = listNotice(list, {
    failed: 'Erro ao carregar os envios',
    empty: 'Nenhum envio até agora',
    emptyFiltered: 'Nenhum envio com estes filtros',
    filtered: active,
  });

  return (
    <section aria-labelledby="envios-titulo">
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="envios-titulo" className="text-lg font-semibold">
            E-mails e webhooks
          </h2>
          {list.data ? (
            <Badge variant="secondary">
              {formatCount(list.data.total)} {list.data.total === 1 ? 'envio' : 'envios'}
            </Badge>
          ) : null}
        </div>
        <div className="grid gap-4 px-2 pb-4 pt-4 sm:px-4">
          <form
            role="search"
            aria-label="Filtros dos envios"
            onSubmit={(event) => event.preventDefault()}
            className="flex flex-col gap-3 px-2 sm:flex-row sm:flex-wrap sm:items-end"
          >
            <div className="grid min-w-0 gap-2 sm:w-48">
              <Label htmlFor="envios-tipo">Tipo</Label>
              <Select
                value={tipo ?? SEM_FILTRO}
                onValueChange={(value) => {
                  setTipo(value === SEM_FILTRO ? undefined : (value as EnvioTipo));
                  setPage(1);
                }}
              >
                <SelectTrigger id="envios-tipo">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={SEM_FILTRO}>Todos os tipos</SelectItem>
                  {(Object.keys(ENVIO_TIPOS) as EnvioTipo[]).map((value) => (
                    <SelectItem key={value} value={value}>
                      {ENVIO_TIPOS[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid min-w-0 gap-2 sm:w-48">
              <Label htmlFor="envios-status">Situação</Label>
              <Select
                value={status ?? SEM_FILTRO}
                onValueChange={(value) => {
                  setStatus(value === SEM_FILTRO ? undefined : (value as EnvioStatus));
                  setPage(1);
                }}
              >
                <SelectTrigger id="envios-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={SEM_FILTRO}>Todas as situações</SelectItem>
                  {(Object.keys(ENVIO_STATUS) as EnvioStatus[]).map((value) => (
                    <SelectItem key={value} value={value}>
                      {ENVIO_STATUS[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {active ? (
              <Button
                type="button"
                variant="ghost"
                className="w-fit"
                onClick={() => {
                  setTipo(undefined);
                  setStatus(undefined);
                  setPage(1);
                }}
              >
                <X aria-hidden="true" />
                Limpar filtros
              </Button>
            ) : null}
          </form>
          <DataTable
            caption="E-mails e webhooks da rede"
            columns={columns}
            rows={list.data?.items ?? []}
            isLoading={list.isPending}
            notice={notice}
            pagination={
              list.data
                ? { page, pageSize: DEFAULT_PAGE_SIZE, total: list.data.total, onPageChange: setPage }
                : undefined
            }
            cards="list"
          />
        </div>
      </Card>
    </section>
  );
}
