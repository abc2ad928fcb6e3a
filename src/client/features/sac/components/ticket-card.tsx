import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MessageSquareReply } from 'lucide-react';
import { formatDateTime, MISSING } from '@shared/format';
import { ticketShortId, type SacTicket } from '@shared/schemas/sac';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SlaBadge } from './sla-badge';
import { TicketPrioridadeBadge, TicketStatusBadge, TicketStatusIcon } from './ticket-status';

export interface TicketCardProps {
  ticket: SacTicket;
  /** Present for the franqueador: a Responder button on tickets without a resolution. */
  onAnswer?: (ticket: SacTicket) => void;
}

export const ticketCardId = (id: string) => `ticket-${id}`;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium text-foreground">{children}</dd>
    </div>
  );
}

/** One ticket (SPEC §2): status, title, short id, dates, clamped description, badges, people, resolution. */
export function TicketCard({ ticket, onAnswer }: TicketCardProps) {
  const titleId = `${ticketCardId(ticket.id)}-title`;
  const unit = ticket.microFranquia
    ? { label: 'Micro-franquia', name: ticket.microFranquia.razaoSocial }
    : ticket.franquia
      ? { label: 'Franquia', name: ticket.franquia.razaoSocial }
      : null;

  return (
    <Card
      id={ticketCardId(ticket.id)}
      tabIndex={-1}
      role="article"
      aria-labelledby={titleId}
      className="scroll-mt-20 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-5"
    >
      <div className="flex items-start gap-3">
        <TicketStatusIcon status={ticket.status} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h2 id={titleId} className="text-base font-semibold wrap-anywhere leading-snug text-foreground">
                <Link
                  to={`/sac/${ticket.id}`}
                  className="rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {ticket.titulo}
                </Link>
              </h2>
              <p className="mt-0.5 text-xs text-muted-foreground">
                <span className="font-mono">#{ticketShortId(ticket.id)}</span>
                <span aria-hidden="true"> · </span>
                <span>Criado em {formatDateTime(ticket.createdAt)}</span>
              </p>
            </div>
            <div className="flex flex-wrap gap-1.5 sm:justify-end">
              <TicketStatusBadge status={ticket.status} />
              <TicketPrioridadeBadge prioridade={ticket.prioridade} />
              <SlaBadge ticket={ticket} />
            </div>
          </div>

          <p className="mt-3 line-clamp-2 text-sm wrap-anywhere text-muted-foreground">{ticket.descricao}</p>

          <dl className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
            <Field label="Solicitante">{ticket.solicitante.nome || ticket.solicitante.email}</Field>
            {unit ? <Field label={unit.label}>{unit.name}</Field> : null}
            <Field label="Responsável">{ticket.responsavel?.nome || MISSING}</Field>
          </dl>

          {ticket.resolucao ? (
            <div className="mt-3 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
              <p className="font-semibold">Resolução</p>
              <p className="mt-1 whitespace-pre-wrap wrap-anywhere">{ticket.resolucao}</p>
              {ticket.resolvedAt ? (
                <p className="mt-1 text-xs">Respondido em {formatDateTime(ticket.resolvedAt)}</p>
              ) : null}
            </div>
          ) : null}

          {onAnswer && !ticket.resolucao ? (
            <div className="mt-3 flex justify-end">
              <Button
                size="sm"
                onClick={() => onAnswer(ticket)}
                aria-describedby={titleId}
                className="w-full sm:w-auto"
              >
                <MessageSquareReply aria-hidden="true" />
                Responder
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
