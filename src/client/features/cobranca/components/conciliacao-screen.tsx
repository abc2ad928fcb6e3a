import { RefreshCw } from 'lucide-react';
import { PARCELA_STATUS_LABELS, type ParcelaStatus } from '@shared/cobranca/parcelas';
import { formatBRL, formatCount, formatDateOnly, formatDateTime } from '@shared/format';
import {
  CONCILIACAO_MESSAGES,
  DIFERENCA_SITUACAO_LABELS,
  DIFERENCA_TIPO_LABELS,
  type Diferenca,
  STATUS_GATEWAY_LABELS,
} from '@shared/schemas/conciliacao';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useConciliacao, useConciliar } from '../api/conciliacao-api';

const statusLocal = (s: string | null) => (s ? (PARCELA_STATUS_LABELS[s as ParcelaStatus] ?? s) : '-');
const statusGateway = (s: string | null) => (s ? (STATUS_GATEWAY_LABELS[s] ?? s) : 'Não encontrada');
const valor = (v: number | null) => (v === null ? '-' : formatBRL(v));

const COLUMNS: DataTableColumn<Diferenca>[] = [
  {
    key: 'situacao',
    header: 'Situação',
    cell: (d) => (
      <Badge variant={d.situacao === 'corrigida' ? 'secondary' : 'destructive'}>
        {DIFERENCA_SITUACAO_LABELS[d.situacao]}
      </Badge>
    ),
  },
  { key: 'tipo', header: 'Diferença', cell: (d) => DIFERENCA_TIPO_LABELS[d.tipo] },
  {
    key: 'parcela',
    header: 'Parcela',
    cell: (d) => (
      <span className="grid min-w-0">
        <span className="font-medium [overflow-wrap:anywhere]">{d.aluno ?? 'Sem matrícula identificada'}</span>
        <span className="text-xs text-muted-foreground">
          {d.parcela ?? `Cobrança ${d.gatewayId ?? ''}`}
          {d.vencimento ? ` · vence ${formatDateOnly(d.vencimento)}` : ''}
        </span>
      </span>
    ),
  },
  {
    key: 'local',
    header: 'Aqui',
    // A payment no parcela holds has nothing on this side: said once, not as '- · -'.
    cell: (d) =>
      d.statusLocal === null && d.valorLocal === null
        ? 'Sem parcela'
        : `${statusLocal(d.statusLocal)} · ${valor(d.valorLocal)}`,
  },
  {
    key: 'gateway',
    header: 'No gateway',
    cell: (d) => `${statusGateway(d.statusGateway)} · ${valor(d.valorGateway)}`,
  },
];

/**
 * 'Financeiro' > 'Conciliação' (issue 43, ADR 080): the last comparison of the gateway's payments with the parcelas
 * -- when, what it compared, what it fixed and what is left to look at -- and, for the franqueador, 'Conciliar
 * agora'. A franquia reads its own matrículas' differences.
 */
export function ConciliacaoScreen({ podeConciliar }: { podeConciliar: boolean }) {
  const conciliacao = useConciliacao();
  const conciliar = useConciliar({
    onSuccess: (answer) => toast({ variant: 'success', title: answer.message }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível conciliar', description: errorMessage(error, '') }),
  });
  const execucao = conciliacao.data?.execucao ?? null;

  return (
    <div className="grid gap-4">
      <Card className="grid gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1 text-sm">
            <h2 className="text-base font-semibold">Última conciliação</h2>
            {conciliacao.isError ? (
              <p role="alert" className="text-destructive">
                {errorMessage(conciliacao.error, CONCILIACAO_MESSAGES.falhaAoCarregar)}
              </p>
            ) : !conciliacao.data ? (
              <Skeleton className="h-5 w-64" />
            ) : execucao ? (
              <p className="text-muted-foreground">
                {formatDateTime(execucao.concluidaEm, { withTime: true })} ·{' '}
                {execucao.origem === 'diaria' ? 'automática (diária)' : 'pedida na tela'} · vencimentos desde{' '}
                {formatDateOnly(execucao.desde)}
              </p>
            ) : (
              <p className="text-muted-foreground">{CONCILIACAO_MESSAGES.nuncaExecutada}</p>
            )}
          </div>
          {podeConciliar ? (
            <Button type="button" onClick={() => conciliar.mutate()} disabled={conciliar.isPending}>
              <RefreshCw aria-hidden="true" className={`size-4 ${conciliar.isPending ? 'animate-spin' : ''}`} />
              {conciliar.isPending ? 'Conciliando...' : 'Conciliar agora'}
            </Button>
          ) : null}
        </div>
        {execucao ? (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" aria-label="Números da última conciliação">
            {(
              [
                ['Cobranças no gateway', execucao.pagamentosNoGateway],
                ['Parcelas comparadas', execucao.parcelasComparadas],
                ['Corrigidas', execucao.corrigidas],
                ['A verificar', execucao.pendentes],
              ] as const
            ).map(([rotulo, n]) => (
              <div key={rotulo}>
                <dt className="text-muted-foreground">{rotulo}</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatCount(n)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="text-xs text-muted-foreground">
          A conciliação roda todo dia. O que o gateway confirma e a parcela ainda não mostra (um aviso perdido) é
          corrigido automaticamente; o resto fica aqui para alguém verificar.
        </p>
      </Card>
      <DataTable
        caption="Diferenças da última conciliação"
        columns={COLUMNS}
        rows={conciliacao.data?.diferencas ?? []}
        isLoading={conciliacao.isPending}
        notice={
          conciliacao.data && conciliacao.data.diferencas.length === 0
            ? {
                kind: 'empty',
                title: execucao ? CONCILIACAO_MESSAGES.semDiferencas : CONCILIACAO_MESSAGES.nuncaExecutada,
              }
            : null
        }
      />
    </div>
  );
}
