import { type FormEvent, useState } from 'react';
import { Ban, FastForward, RotateCcw, Search, X } from 'lucide-react';
import { formatDateTime, formatTotal } from '@shared/format';
import {
  ENVIO_STATUS,
  ENVIO_TIPOS,
  type EnvioItem,
  type EnvioStatus,
  type EnvioTipo,
  destinatarioField,
} from '@shared/schemas/envios';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { RowActions } from '@/components/ui/row-actions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { listNotice } from '@/components/ui/list-notice';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, SEM_FILTRO } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useListState } from '@/hooks/use-list-state';
import { useCancelarEnvio, useEnvios, useReenviarEnvio, useTentarAgoraEnvio } from '../api/envios-api';
import { WhatsappEnvioModelo, WhatsappEnvioSituacao } from './whatsapp-envio';

const isTipo = (value: string | undefined): value is EnvioTipo => !!value && value in ENVIO_TIPOS;
const isStatus = (value: string | undefined): value is EnvioStatus => !!value && value in ENVIO_STATUS;

const STATUS_VARIANT: Record<EnvioStatus, BadgeProps['variant']> = {
  pendente: 'secondary',
  executando: 'secondary',
  concluido: 'success',
  falhou: 'destructive',
  cancelado: 'outline',
};

/**
 * Envios (issue 22, ADR 028): the network's e-mails and webhook deliveries, newest first, with their status, tries
 * and last error; one that failed on every try (a dead letter) can be sent again. Issue 47: the WhatsApp notices
 * beside them, with their delivery status, template, error, e-mail fallback and estimated price.
 */
export function EnviosScreen() {
  // The filters and the page in the address (issue 39): a link to /envios?tipo=webhook opens that view.
  const listState = useListState({ filters: ['tipo', 'status'] });
  const tipo = isTipo(listState.filters.tipo) ? listState.filters.tipo : undefined;
  const status = isStatus(listState.filters.status) ? listState.filters.status : undefined;
  const { page, setPage, setFilter } = listState;
  // Issue 51: the recipient searched, kept in the screen and not in the address (it is a person's e-mail).
  const [destinatario, setDestinatario] = useState<string | undefined>(undefined);
  const [digitado, setDigitado] = useState('');
  const [erroDestinatario, setErroDestinatario] = useState<string | undefined>(undefined);
  const list = useEnvios({ tipo, status, destinatario, page, pageSize: DEFAULT_PAGE_SIZE });
  const buscarDestinatario = (event: FormEvent) => {
    event.preventDefault();
    if (digitado.trim() === '') {
      setErroDestinatario(undefined);
      setDestinatario(undefined);
      return;
    }
    const parsed = destinatarioField.safeParse(digitado);
    if (!parsed.success) {
      setErroDestinatario(parsed.error.issues[0]?.message);
      return;
    }
    setErroDestinatario(undefined);
    setDestinatario(parsed.data);
    setPage(1);
  };
  const limparDestinatario = () => {
    setDigitado('');
    setErroDestinatario(undefined);
    setDestinatario(undefined);
  };
  const onError = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: errorMessage(error, 'Tente novamente.') });
  const onSuccess = (answer: { message: string }) => toast({ variant: 'success', title: answer.message });
  const reenviar = useReenviarEnvio({ onSuccess, onError: onError('Não foi possível reenviar') });
  const cancelar = useCancelarEnvio({ onSuccess, onError: onError('Não foi possível cancelar') });
  const tentarAgora = useTentarAgoraEnvio({ onSuccess, onError: onError('Não foi possível tentar agora') });
  const active = tipo !== undefined || status !== undefined;

  const columns: DataTableColumn<EnvioItem>[] = [
    {
      key: 'envio',
      header: 'Envio',
      cell: (envio) => (
        <span className="grid min-w-0">
          <span className="font-medium [overflow-wrap:anywhere]">{envio.resumo ?? '—'}</span>
          {(envio.canal ?? envio.tipo) === 'whatsapp' ? (
            <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
              <Badge variant="success">{ENVIO_TIPOS.whatsapp}</Badge>
              <span className="[overflow-wrap:anywhere]">{envio.destino ?? '—'}</span>
            </span>
          ) : (
            <span className="text-xs text-muted-foreground">
              {ENVIO_TIPOS[envio.tipo]} · <span className="[overflow-wrap:anywhere]">{envio.destino ?? '—'}</span>
            </span>
          )}
          {envio.whatsapp ? <WhatsappEnvioModelo whatsapp={envio.whatsapp} /> : null}
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Situação',
      cell: (envio) => (
        <span className="grid justify-items-start gap-1">
          {/* A WhatsApp notice (issue 47): its delivery as Meta reports it, once the queue has handed it over. */}
          {envio.whatsapp && envio.status === 'concluido' ? null : (
            <Badge variant={STATUS_VARIANT[envio.status]}>{ENVIO_STATUS[envio.status]}</Badge>
          )}
          {envio.whatsapp ? <WhatsappEnvioSituacao whatsapp={envio.whatsapp} /> : null}
          {/* A queued delivery that failed: when it is tried again (issue 39). */}
          {envio.status === 'pendente' && envio.tentativas > 0 && envio.proximaTentativaEm ? (
            <span className="text-xs tabular-nums text-muted-foreground">
              Próxima tentativa: {formatDateTime(envio.proximaTentativaEm, { withTime: true })}
            </span>
          ) : null}
        </span>
      ),
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
      // The one row-action pattern (issue 23); a second click while one is on its way is ignored. A dead letter
      // is sent again; a queued one cancelled, or, waiting after a failed try, tried at once (issue 39).
      cell: (envio) => {
        const ocupado = (m: { isPending: boolean; variables?: { id: string } }) =>
          m.isPending && m.variables?.id === envio.id;
        const actions = [
          ...(envio.status === 'falhou'
            ? [
                {
                  label: 'Reenviar',
                  icon: RotateCcw,
                  onSelect: () => !ocupado(reenviar) && reenviar.mutate({ id: envio.id }),
                },
              ]
            : []),
          ...(envio.status === 'pendente' && envio.tentativas > 0
            ? [
                {
                  label: 'Tentar agora',
                  icon: FastForward,
                  onSelect: () => !ocupado(tentarAgora) && tentarAgora.mutate({ id: envio.id }),
                },
              ]
            : []),
          ...(envio.status === 'pendente'
            ? [
                {
                  label: 'Cancelar',
                  icon: Ban,
                  onSelect: () => !ocupado(cancelar) && cancelar.mutate({ id: envio.id }),
                },
              ]
            : []),
        ];
        return actions.length > 0 ? <RowActions record={envio.resumo ?? 'envio'} actions={actions} /> : null;
      },
    },
  ];

  const notice = listNotice(list, {
    failed: 'Erro ao carregar os envios',
    empty: 'Nenhum envio até agora',
    emptyFiltered: destinatario ? 'Nenhum envio para este destinatário' : 'Nenhum envio com estes filtros',
    filtered: active || destinatario !== undefined,
  });

  return (
    <section aria-labelledby="envios-titulo">
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="envios-titulo" className="text-lg font-semibold">
            E-mails, WhatsApp e webhooks
          </h2>
          {list.data ? (
            <Badge variant="secondary">{formatTotal(list.data.total, list.data.exact, ['envio', 'envios'])}</Badge>
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
                onValueChange={(value) => setFilter('tipo', value === SEM_FILTRO ? undefined : value)}
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
                onValueChange={(value) => setFilter('status', value === SEM_FILTRO ? undefined : value)}
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
              <Button type="button" variant="ghost" className="w-fit" onClick={listState.clearFilters}>
                <X aria-hidden="true" />
                Limpar filtros
              </Button>
            ) : null}
          </form>
          <form
            role="search"
            aria-label="Buscar por destinatário"
            noValidate
            onSubmit={buscarDestinatario}
            className="flex flex-col gap-3 px-2 sm:flex-row sm:flex-wrap sm:items-start"
          >
            <TextField
              id="envios-destinatario"
              label="Destinatário"
              type="email"
              autoComplete="off"
              maxLength={254}
              hint="O e-mail completo: a busca só encontra o endereço exato."
              value={digitado}
              onChange={(event) => setDigitado(event.target.value)}
              error={erroDestinatario}
              className="min-w-0 sm:w-96"
            />
            <div className="flex gap-2 sm:mt-8">
              <Button type="submit" variant="outline">
                <Search aria-hidden="true" />
                Buscar
              </Button>
              {destinatario !== undefined ? (
                <Button type="button" variant="ghost" onClick={limparDestinatario}>
                  <X aria-hidden="true" />
                  Limpar busca
                </Button>
              ) : null}
            </div>
          </form>
          <DataTable
            caption="E-mails, WhatsApp e webhooks da rede"
            columns={columns}
            rows={list.data?.items ?? []}
            isLoading={list.isPending}
            isUpdating={list.isPlaceholderData}
            notice={notice}
            pagination={
              list.data
                ? {
                    page,
                    pageSize: DEFAULT_PAGE_SIZE,
                    total: list.data.total,
                    totalExact: list.data.exact,
                    onPageChange: setPage,
                  }
                : undefined
            }
            cards="list"
          />
        </div>
      </Card>
    </section>
  );
}
