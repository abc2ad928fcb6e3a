import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { DEPARTAMENTO_LABELS, ticketStatusOptions } from '@shared/enums';
import { formatDateTime } from '@shared/format';
import { ROLE_LABELS } from '@shared/roles';
import { answerTicketSchema, ticketShortId, type AnswerTicketInput, type SacTicket } from '@shared/schemas/sac';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormSelectField } from '@/components/ui/form-select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAnswerTicket } from '../api/answer-ticket';
import { ticketCardId } from './ticket-card';
import { TicketStatusBadge } from './ticket-status';

export interface AnswerTicketDialogProps {
  /** The ticket as the list shows it now; null closes the dialog. */
  ticket: SacTicket | null;
  onClose: () => void;
}

function Detail({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('grid min-w-0 gap-0.5', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm text-foreground wrap-anywhere">{children}</dd>
    </div>
  );
}

/**
 * 'Responder Ticket #{id8}' (SPEC §2): the request, then either the answer form or, once the ticket has a
 * resolution (answered here a moment ago, or by someone else first), 'Ticket já foi respondido' and Fechar.
 */
export function AnswerTicketDialog({ ticket, onClose }: AnswerTicketDialogProps) {
  return (
    <Dialog open={ticket !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {ticket ? <AnswerTicketContent key={ticket.id} ticket={ticket} /> : null}
    </Dialog>
  );
}

function AnswerTicketContent({ ticket }: { ticket: SacTicket }) {
  // The server's answer shows at once, before the list is read again.
  const [answered, setAnswered] = useState<SacTicket | null>(null);
  const current = answered ?? ticket;
  const closeRef = useRef<HTMLButtonElement>(null);
  // When the form gives way to the answered view, focus moves to Fechar instead of being lost.
  const hasResolution = current.resolucao !== null;
  useEffect(() => {
    if (hasResolution) closeRef.current?.focus();
  }, [hasResolution]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<AnswerTicketInput>({
    resolver: zodResolver(answerTicketSchema),
    defaultValues: { status: ticket.status, resolucao: '' },
  });

  const answer = useAnswerTicket({
    onSuccess: (result) => {
      setAnswered(result);
      toast({
        variant: 'success',
        title: 'Ticket atualizado com sucesso',
        description: 'A resposta foi registrada no sistema',
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Erro ao atualizar ticket',
        description: errorMessage(error, 'Não foi possível registrar a resposta.'),
      });
    },
  });

  const id8 = ticketShortId(current.id);
  const requester = current.solicitante;

  return (
    <DialogContent
      onOpenAutoFocus={(event) => {
        // Start at the first field rather than at the close button in the corner.
        if (hasResolution) return;
        event.preventDefault();
        document.getElementById('answer-status')?.focus();
      }}
      onCloseAutoFocus={(event) => {
        // The Responder button is gone once the ticket is answered: focus returns to the ticket's card.
        event.preventDefault();
        document.getElementById(ticketCardId(current.id))?.focus();
      }}
    >
      <DialogHeader>
        <DialogTitle>{`Responder Ticket #${id8}`}</DialogTitle>
        <DialogDescription className="wrap-anywhere">{current.titulo}</DialogDescription>
      </DialogHeader>

      <dl className="grid grid-cols-1 gap-3 rounded-md border border-border bg-surface p-4 sm:grid-cols-2">
        <Detail term="Solicitante">{requester.nome || requester.email}</Detail>
        <Detail term="Email">{requester.email}</Detail>
        <Detail term="Perfil">{ROLE_LABELS[requester.role]}</Detail>
        <Detail term="Departamento">{DEPARTAMENTO_LABELS[current.departamento]}</Detail>
        <Detail term="Descrição" className="sm:col-span-2">
          <span className="whitespace-pre-wrap">{current.descricao}</span>
        </Detail>
      </dl>

      {hasResolution ? (
        <>
          <div className="grid gap-3 rounded-md border border-green-200 bg-green-50 p-4 text-green-900">
            <p className="flex items-center gap-2 font-semibold" role="status">
              <CheckCircle2 aria-hidden="true" className="size-5" />
              Ticket já foi respondido
            </p>
            <dl className="grid gap-3">
              <Detail term="Status">
                <TicketStatusBadge status={current.status} />
              </Detail>
              <Detail term="Resolução">
                <span className="whitespace-pre-wrap">{current.resolucao}</span>
              </Detail>
              {current.resolvedAt ? (
                <Detail term="Respondido em">{formatDateTime(current.resolvedAt, { withTime: true })}</Detail>
              ) : null}
            </dl>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button ref={closeRef}>Fechar</Button>
            </DialogClose>
          </DialogFooter>
        </>
      ) : (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={handleSubmit((values) => answer.mutate({ id: current.id, ...values }))}
        >
          <FormSelectField
            control={control}
            name="status"
            id="answer-status"
            label="Status"
            options={ticketStatusOptions}
          />
          <TextareaField
            id="answer-resolucao"
            label="Resolução"
            required
            rows={5}
            error={errors.resolucao?.message}
            {...register('resolucao')}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancelar</Button>
            </DialogClose>
            <SubmitButton pending={answer.isPending} pendingLabel="Enviando...">
              Enviar Resposta
            </SubmitButton>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}
