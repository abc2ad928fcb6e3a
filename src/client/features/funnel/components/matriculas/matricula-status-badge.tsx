import {
  MATRICULA_STATUS_LABELS,
  MOTIVO_CANCELAMENTO_LABELS,
  type MatriculaStatus,
  type MotivoCancelamento,
} from '@shared/schemas/matricula';
import { Badge } from '@/components/ui/badge';

const VARIANTS = { aguardando_aceite: 'warning', ativa: 'success', cancelada: 'destructive' } as const;

/**
 * Where a matrícula's contract stands (issue 42): waiting for the family, active, or cancelled and why. Its words
 * wrap in a narrow column ('Cancelada · contrato expirado'), so the Matrículas table fits its card at 1280 px.
 */
export function MatriculaStatusBadge({
  status,
  motivo,
}: {
  status: MatriculaStatus;
  motivo?: MotivoCancelamento | null;
}) {
  return (
    <Badge variant={VARIANTS[status]} className="whitespace-normal [overflow-wrap:break-word]">
      {MATRICULA_STATUS_LABELS[status]}
      {status === 'cancelada' && motivo ? ` · ${MOTIVO_CANCELAMENTO_LABELS[motivo]}` : ''}
    </Badge>
  );
}
