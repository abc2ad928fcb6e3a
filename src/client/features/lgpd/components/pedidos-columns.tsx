import { PEDIDO_STATUS_FINAIS, PEDIDO_TIPO_LABELS } from '@shared/schemas/lgpd';
import { dataTexto } from '@/components/lgpd/titular-registro';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import type { PedidoItem } from '../api/lgpd-api';
import { PedidoPrazo, PedidoStatusBadge } from './pedido-status';

export type PedidoAcao = 'em_analise' | 'concluido' | 'recusado';

export interface PedidosColumnsOptions {
  /** The franqueador sees the whole network: each request says which franquia it belongs to. */
  showFranquia: boolean;
  /** The row's request being saved, whose buttons wait. */
  pendingId: string | null;
  onAcao: (pedido: PedidoItem, acao: PedidoAcao) => void;
  /** A correction request's records, to correct before concluding it (issue 39 item 14). */
  onCorrigir: (pedido: PedidoItem) => void;
}

/** Protocolo, Titular (e-mail), Tipo, Situação, Prazo, Aberto em and the actions of a request still open. */
export function pedidosColumns({
  showFranquia,
  pendingId,
  onAcao,
  onCorrigir,
}: PedidosColumnsOptions): DataTableColumn<PedidoItem>[] {
  return [
    {
      key: 'protocolo',
      header: 'Protocolo',
      cell: (pedido) => <span className="font-mono font-semibold">{pedido.protocolo}</span>,
    },
    {
      key: 'titular',
      header: 'Titular',
      cell: (pedido) => (
        <span className="grid min-w-0">
          <span className="[overflow-wrap:anywhere]">{pedido.email}</span>
          {showFranquia && pedido.franquia ? (
            <span className="text-xs text-muted-foreground">{pedido.franquia.nome}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'tipo',
      header: 'Tipo',
      cell: (pedido) => (
        <span className="grid">
          <span>{PEDIDO_TIPO_LABELS[pedido.tipo]}</span>
          {pedido.detalhe ? (
            <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{pedido.detalhe}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'situacao',
      header: 'Situação',
      cell: (pedido) => (
        <span className="grid justify-items-start gap-1">
          <PedidoStatusBadge status={pedido.status} />
          {pedido.resposta ? (
            <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{pedido.resposta}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'prazo',
      header: 'Prazo',
      className: 'whitespace-nowrap',
      cell: (pedido) => <PedidoPrazo pedido={pedido} />,
    },
    {
      key: 'aberto',
      header: 'Aberto em',
      className: 'whitespace-nowrap tabular-nums',
      cell: (pedido) => dataTexto(pedido.createdAt),
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      cell: (pedido) => {
        if (PEDIDO_STATUS_FINAIS.includes(pedido.status)) {
          return (
            <span className="text-xs text-muted-foreground">
              Respondido{pedido.concluidoEm ? ` em ${dataTexto(pedido.concluidoEm)}` : ''}
            </span>
          );
        }
        const busy = pendingId === pedido.id;
        return (
          <span className="inline-flex flex-wrap justify-end gap-2 max-lg:justify-start">
            {pedido.tipo === 'correcao' ? (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`Corrigir dados: pedido ${pedido.protocolo}`}
                onClick={() => onCorrigir(pedido)}
              >
                Corrigir dados
              </Button>
            ) : null}
            {pedido.status === 'aberto' ? (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`Em análise: pedido ${pedido.protocolo}`}
                onClick={() => onAcao(pedido, 'em_analise')}
              >
                Em análise
              </Button>
            ) : null}
            <Button
              size="sm"
              disabled={busy}
              aria-label={`Concluir: pedido ${pedido.protocolo}`}
              onClick={() => onAcao(pedido, 'concluido')}
            >
              Concluir
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Recusar: pedido ${pedido.protocolo}`}
              onClick={() => onAcao(pedido, 'recusado')}
            >
              Recusar
            </Button>
          </span>
        );
      },
    },
  ];
}
