import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { departamentoOptions, ticketPrioridadeOptions } from '@shared/enums';
import {
  createTicketSchema,
  TITULO_MAX_LENGTH,
  type CreateTicketFormValues,
  type CreateTicketInput,
} from '@shared/schemas/sac';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormSelectField } from '@/components/ui/form-select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useCreateTicket } from '../api/create-ticket';

const DEFAULTS: CreateTicketFormValues = {
  titulo: '',
  descricao: '',
  departamento: undefined as unknown as CreateTicketFormValues['departamento'],
  prioridade: 'media',
};

const FIELDS = ['titulo', 'descricao', 'departamento', 'prioridade'] as const;

/** 'Novo Ticket' and its dialog 'Novo Ticket SAC' (SPEC §2): título, departamento, prioridade, descrição. */
export function CreateTicketDialog() {
  const [open, setOpen] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateTicketFormValues, unknown, CreateTicketInput>({
    resolver: zodResolver(createTicketSchema),
    defaultValues: DEFAULTS,
  });

  const create = useCreateTicket({
    onSuccess: () => {
      toast({
        variant: 'success',
        title: 'Ticket criado com sucesso',
        description: 'Seu ticket foi enviado e será analisado em breve',
      });
      reset(DEFAULTS);
      setOpen(false);
    },
    onError: (error) => {
      showServerFieldErrors(error, setError, { fields: FIELDS });
      toast({
        variant: 'destructive',
        title: 'Erro ao criar ticket',
        description: errorMessage(error, 'Não foi possível criar o ticket.'),
      });
    },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset(DEFAULTS);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Novo Ticket
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Novo Ticket SAC</DialogTitle>
          <DialogDescription>Descreva sua solicitação para a equipe de suporte.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={handleSubmit((values) => create.mutate(values))}>
          <TextField
            id="ticket-titulo"
            label="Título"
            required
            maxLength={TITULO_MAX_LENGTH}
            error={errors.titulo?.message}
            {...register('titulo')}
          />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormSelectField
              control={control}
              name="departamento"
              id="ticket-departamento"
              label="Departamento"
              placeholder="Selecione"
              options={departamentoOptions}
            />
            <FormSelectField
              control={control}
              name="prioridade"
              id="ticket-prioridade"
              label="Prioridade"
              options={ticketPrioridadeOptions}
            />
          </div>
          <TextareaField
            id="ticket-descricao"
            label="Descrição"
            required
            rows={5}
            error={errors.descricao?.message}
            {...register('descricao')}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancelar</Button>
            </DialogClose>
            <SubmitButton pending={create.isPending} pendingLabel="Criando...">
              Criar Ticket
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
