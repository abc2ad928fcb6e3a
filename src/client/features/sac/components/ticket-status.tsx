import type { LucideIcon } from 'lucide-react';
import { CheckCircle2, Clock, MessageCircleQuestionMark, XCircle } from 'lucide-react';
import {
  TICKET_PRIORIDADE_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPrioridade,
  type TicketStatus,
} from '@shared/enums';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATUS_LOOK: Record<TicketStatus, { icon: LucideIcon; badge: BadgeProps['variant']; tone: string }> = {
  em_andamento: { icon: Clock, badge: 'warning', tone: 'bg-amber-100 text-amber-800' },
  aguardando_solicitante: { icon: MessageCircleQuestionMark, badge: 'secondary', tone: 'bg-sky-100 text-sky-800' },
  concluido: { icon: CheckCircle2, badge: 'success', tone: 'bg-green-100 text-green-800' },
  cancelado: { icon: XCircle, badge: 'destructive', tone: 'bg-red-100 text-red-800' },
};

const PRIORIDADE_BADGE: Record<TicketPrioridade, BadgeProps['variant']> = {
  baixa: 'secondary',
  media: 'outline',
  alta: 'warning',
  critica: 'destructive',
};

/** The status as a picture; the badge beside it says the same in words, so the icon is hidden from readers. */
export function TicketStatusIcon({ status, className }: { status: TicketStatus; className?: string }) {
  const { icon: Icon, tone } = STATUS_LOOK[status];
  return (
    <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', tone, className)}>
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge variant={STATUS_LOOK[status].badge}>{TICKET_STATUS_LABELS[status]}</Badge>;
}

export function TicketPrioridadeBadge({ prioridade }: { prioridade: TicketPrioridade }) {
  return (
    <Badge variant={PRIORIDADE_BADGE[prioridade]}>
      <span className="sr-only">Prioridade: </span>
      {TICKET_PRIORIDADE_LABELS[prioridade]}
    </Badge>
  );
}
