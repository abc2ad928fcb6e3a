import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  DEPARTAMENTO_LABELS,
  ticketPrioridadeOptions,
  ticketStatusOptions,
  type TicketPrioridade,
  type TicketStatus,
} from '@shared/enums';
import { formatDateTime, MISSING } from '@shared/format';
import { ticketShortId, type SacTicket } from '@shared/schemas/sac';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardListError } from '@/components/ui/card-list';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useEquipe, useTicket, useUpdateTicket } from '../api/ticket';
import { SlaBadge } from './sla-badge';
import { TicketPrioridadeBadge, TicketStatusBadge, TicketStatusIcon } from './ticket-status';
import { Thread, WITH_TIME } from './ticket-thread';
import { Composer } from './ticket-composer';
import { Rating, RatingShown } from './ticket-rating';
import { podeResolver, ResolverTicket } from './resolver-ticket-dialog';

export interface TicketPageProps {
  id: string;
  /** The franqueador: internal notes, status, priority and assignee. */
  isStaff: boolean;
  userId: string;
}

const SEM_RESPONSAVEL = 'nenhum';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium wrap-anywhere text-foreground">{children}</dd>
    </div>
  );
}

/** A ticket's page (issue 19): the ticket, its controls, the conversation, the composer and the rating. */
export function TicketPage({ id, isStaff, userId }: TicketPageProps) {
  const ticket = useTicket(id);
  return (
    <div className="grid gap-4">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/sac">
            <ArrowLeft aria-hidden="true" />
            Voltar ao SAC
          </Link>
        </Button>
      </div>
      {ticket.isPending ? (
        <Card className="p-5" role="status" aria-label="Carregando ticket">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="mt-3 h-4 w-1/3" />
          <Skeleton className="mt-4 h-16 w-full" />
        </Card>
      ) : ticket.isError ? (
        <CardListError error={ticket.error} fallback="Falha ao carregar o ticket" />
      ) : (
        <TicketView ticket={ticket.data} isStaff={isStaff} userId={userId} />
      )}
    </div>
  );
}

function TicketView({ ticket, isStaff, userId }: { ticket: SacTicket; isStaff: boolean; userId: string }) {
  const unit = ticket.microFranquia
    ? { label: 'Micro-franquia', name: ticket.microFranquia.razaoSocial }
    : ticket.franquia
      ? { label: 'Franquia', name: ticket.franquia.razaoSocial }
      : null;
  const isRequester = ticket.solicitanteId === userId;
  return (
    <>
      <Card className="p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <TicketStatusIcon status={ticket.status} />
          <div className="min-w-0 flex-1">
            <h2 className="text-lg font-semibold wrap-anywhere leading-snug">{ticket.titulo}</h2>
            <p className="mt-0.5 text-xs text-muted-foreground">
              <span className="font-mono">#{ticketShortId(ticket.id)}</span>
              <span aria-hidden="true"> · </span>
              <span>Criado em {formatDateTime(ticket.createdAt, WITH_TIME)}</span>
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <TicketStatusBadge status={ticket.status} />
              <TicketPrioridadeBadge prioridade={ticket.prioridade} />
              <SlaBadge ticket={ticket} />
            </div>
            <p className="mt-3 whitespace-pre-wrap text-sm wrap-anywhere text-muted-foreground">{ticket.descricao}</p>
            <dl className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
              <Field label="Solicitante">{ticket.solicitante.nome || ticket.solicitante.email}</Field>
              {unit ? <Field label={unit.label}>{unit.name}</Field> : null}
              <Field label="Departamento">{DEPARTAMENTO_LABELS[ticket.departamento]}</Field>
              <Field label="Responsável">{ticket.responsavel?.nome || MISSING}</Field>
              <Field label="1ª resposta até">
                {ticket.primeiraRespostaEm
                  ? `Respondido em ${formatDateTime(ticket.primeiraRespostaEm, WITH_TIME)}`
                  : ticket.primeiraRespostaAte
                    ? formatDateTime(ticket.primeiraRespostaAte, WITH_TIME)
                    : MISSING}
              </Field>
              <Field label="Resolução até">
                {ticket.resolucaoAte ? formatDateTime(ticket.resolucaoAte, WITH_TIME) : MISSING}
              </Field>
            </dl>
            {ticket.resolucao ? (
              <div className="mt-3 rounded-md border border-green-200 bg-green-50 p-3 text-green-950">
                <h3 className="text-sm font-semibold">Resolução</h3>
                <p className="mt-1 whitespace-pre-wrap text-sm wrap-anywhere">{ticket.resolucao}</p>
                {ticket.resolvedAt ? (
                  <p className="mt-1 text-xs">Em {formatDateTime(ticket.resolvedAt, WITH_TIME)}</p>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      </Card>

      {isStaff ? <StaffControls ticket={ticket} /> : null}

      <Thread ticketId={ticket.id} />

      {ticket.status === 'cancelado' && !isStaff ? (
        <p className="text-sm text-muted-foreground">Este ticket foi cancelado e não recebe mais mensagens.</p>
      ) : (
        <Composer ticket={ticket} isStaff={isStaff} />
      )}

      {isRequester ? <Rating ticket={ticket} /> : ticket.avaliacao ? <RatingShown ticket={ticket} /> : null}
    </>
  );
}

function StaffControls({ ticket }: { ticket: SacTicket }) {
  const update = useUpdateTicket({
    onSuccess: () => toast({ title: 'Ticket atualizado', variant: 'success' }),
    onError: (error) => toast({ title: errorMessage(error, 'Falha ao atualizar o ticket'), variant: 'destructive' }),
  });
  const equipe = useEquipe(true);
  const responsaveis = [
    { value: SEM_RESPONSAVEL, label: 'Sem responsável' },
    ...(equipe.data ?? []).map((u) => ({ value: u.id, label: u.nome || u.email })),
  ];
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-base font-semibold">Gerenciar ticket</h2>
        {podeResolver(ticket) ? <ResolverTicket ticket={ticket} /> : null}
      </div>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField<TicketStatus>
          id="ticket-status"
          label="Status"
          options={ticketStatusOptions}
          value={ticket.status}
          disabled={update.isPending}
          onChange={(status) => update.mutate({ id: ticket.id, status })}
        />
        <SelectField<TicketPrioridade>
          id="ticket-prioridade"
          label="Prioridade"
          options={ticketPrioridadeOptions}
          value={ticket.prioridade}
          disabled={update.isPending}
          onChange={(prioridade) => update.mutate({ id: ticket.id, prioridade })}
        />
        <SelectField<string>
          id="ticket-responsavel"
          label="Responsável"
          options={responsaveis}
          value={ticket.responsavelId ?? SEM_RESPONSAVEL}
          disabled={update.isPending || equipe.isPending}
          onChange={(value) =>
            update.mutate({ id: ticket.id, responsavelId: value === SEM_RESPONSAVEL ? null : value })
          }
        />
      </div>
    </Card>
  );
}
