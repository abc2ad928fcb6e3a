import { AlertTriangle } from 'lucide-react';
import { PEDIDO_STATUS_LABELS, type PedidoStatus, type PedidoView } from '@shared/schemas/lgpd';
import { dataTexto, pedidoAtrasado } from '@/components/lgpd/titular-registro';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const STATUS_VARIANT: Record<PedidoStatus, BadgeProps['variant']> = {
  aberto: 'warning',
  em_analise: 'secondary',
  concluido: 'success',
  recusado: 'outline',
};

export function PedidoStatusBadge({ status }: { status: PedidoStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{PEDIDO_STATUS_LABELS[status]}</Badge>;
}

/** The legal deadline (Art. 19); past it and still unanswered, in red and said in words ('atrasado'). */
export function PedidoPrazo({ pedido }: { pedido: Pick<PedidoView, 'prazo' | 'atrasado' | 'status'> }) {
  if (!pedidoAtrasado(pedido)) return <span className="tabular-nums">{dataTexto(pedido.prazo)}</span>;
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-destructive">
      <AlertTriangle aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="tabular-nums">{dataTexto(pedido.prazo)}</span>
      <span>atrasado</span>
    </span>
  );
}
