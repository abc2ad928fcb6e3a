import { ESTADO_LANCAMENTO_LABELS, type EstadoLancamento } from '@shared/comissoes/lancamentos';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANTS: Record<EstadoLancamento, BadgeProps['variant']> = {
  liberada: 'success',
  fechada: 'warning',
  paga: 'secondary',
  estornada: 'destructive',
};

/** A ledger line's state (ADR 082) as a badge: its word, never only its colour. */
export function LancamentoEstadoBadge({ estado }: { estado: EstadoLancamento }) {
  return <Badge variant={VARIANTS[estado]}>{ESTADO_LANCAMENTO_LABELS[estado]}</Badge>;
}
