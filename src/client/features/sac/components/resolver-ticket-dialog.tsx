import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { resolverTicketSchema, ticketShortId, type ResolverTicketInput, type SacTicket } from '@shared/schemas/sac';
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
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateTicket } from '../api/ticket';

/**
 * Whether 'Resolver' is offered: an open ticket without a resolution. One answered with a status other than
 * Concluído keeps its resolution (SPEC: a ticket is answered once), so it is concluded from the Status select.
 */
export const podeResolver = (ticket: SacTicket) =>
  ticket.resolucao === null && ticket.status !== 'concluido' && ticket.status !== 'cancelado';

/**
 * 'Resolver' on the ticket page (issue 51): asks for the resolution note, then concludes the ticket with it as
 * the seed's answer does -- the note goes to the conversation and to the requester by e-mail.
 */
export function ResolverTicket({ ticket }: { ticket: SacTicket }) {
  const [aberto, setAberto] = useState(false);
  return (
    <Dialog open={aberto} onOpenChange={setAberto}>
      <Button type="button" onClick={() => setAberto(true)} className="w-full sm:w-fit">
        <CheckCircle2 aria-hidden="true" />
        Resolver
      </Button>
      {aberto ? <ResolverContent ticket={ticket} onDone={() => setAberto(false)} /> : null}
    </Dialog>
  );
}

function ResolverContent({ ticket, onDone }: { ticket: SacTicket; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResolverTicketInput>({ resolver: zodResolver(resolverTicketSchema), defaultValues: { resolucao: '' } });
  const resolver = useUpdateTicket({
    onSuccess: () => {
      toast({
        variant: 'success',
        title: 'Ticket resolvido',
        description: 'A nota de resolução foi enviada ao solicitante.',
      });
      onDone();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao resolver o ticket',
        description: errorMessage(error, 'Não foi possível resolver o ticket.'),
      }),
  });
  return (
    <DialogContent
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        document.getElementById('resolver-resolucao')?.focus();
      }}
      onCloseAutoFocus={(event) => {
        // 'Resolver' is gone once the ticket is resolved: focus goes to the Status it now shows.
        if (document.getElementById('ticket-status')) {
          event.preventDefault();
          document.getElementById('ticket-status')?.focus();
        }
      }}
    >
      <DialogHeader>
        <DialogTitle>{`Resolver ticket #${ticketShortId(ticket.id)}`}</DialogTitle>
        <DialogDescription className="wrap-anywhere">
          {ticket.titulo}. O ticket fica Concluído, e o solicitante recebe a nota na conversa e por e-mail.
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={handleSubmit(({ resolucao }) => resolver.mutate({ id: ticket.id, status: 'concluido', resolucao }))}
      >
        <TextareaField
          id="resolver-resolucao"
          label="Nota de resolução"
          required
          rows={5}
          hint="O que foi feito para resolver, nas palavras que o solicitante vai ler."
          error={errors.resolucao?.message}
          {...register('resolucao')}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancelar</Button>
          </DialogClose>
          <SubmitButton pending={resolver.isPending} pendingLabel="Resolvendo...">
            Confirmar resolução
          </SubmitButton>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
