import { INSCRICAO_MESSAGES } from '@shared/schemas/inscricao-messages';
import type { LeadItem } from '@shared/schemas/funnel';
import { Badge } from '@/components/ui/badge';

/** Issue 20: a lead waiting for a seat, cancelled by the family, or checked in at the event. */
export function InscricaoBadges({ lead }: { lead: Pick<LeadItem, 'listaEspera' | 'canceladoEm' | 'presenteEm'> }) {
  if (!lead.listaEspera && !lead.canceladoEm && !lead.presenteEm) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {lead.canceladoEm ? (
        <Badge variant="destructive">Cancelada</Badge>
      ) : lead.listaEspera ? (
        <Badge variant="warning">{INSCRICAO_MESSAGES.listaEspera}</Badge>
      ) : null}
      {lead.presenteEm ? <Badge variant="success">Presente</Badge> : null}
    </span>
  );
}
