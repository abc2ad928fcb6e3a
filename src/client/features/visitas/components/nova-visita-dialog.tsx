import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { VISITA_MESSAGES, type VisitaFormInput, type VisitaFormValues, visitaFormSchema } from '@shared/schemas/visita';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { ComboboxPage } from '@/components/ui/search-combobox';
import { SearchComboboxField } from '@/components/ui/search-combobox-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useMaskedRegister } from '@/hooks/use-masked-register';
import { errorMessage } from '@/lib/api-client';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useCreateVisita } from '../api/create-visita';
import { novaVisitaDefaults, toVisitaBody } from './nova-visita-form-values';

/** The caller's clientes, searched on the server as the event form searches them (the route passes the search in). */
export interface BuscaDeClientes {
  queryKey: readonly unknown[];
  search: (q: string, page: number) => Promise<ComboboxPage>;
}

export interface NovaVisitaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The day the dialog starts on (the agenda's). */
  dia: string;
  clientes: BuscaDeClientes;
}

/**
 * 'Nova visita' (issue 49): a school among the caller's clientes, the day and the time (São Paulo's), the goal and
 * notes. The vendedor schedules for itself; a manager's visit goes to the school's own vendedor.
 */
export function NovaVisitaDialog({ open, onOpenChange, dia, clientes }: NovaVisitaDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Nova visita</DialogTitle>
          <DialogDescription>Escolha a escola, o dia e o horário da visita.</DialogDescription>
        </DialogHeader>
        {open ? <NovaVisitaForm dia={dia} clientes={clientes} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NovaVisitaForm({ dia, clientes, onDone }: { dia: string; clientes: BuscaDeClientes; onDone: () => void }) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VisitaFormInput, unknown, VisitaFormValues>({
    resolver: zodResolver(visitaFormSchema),
    defaultValues: novaVisitaDefaults(dia),
  });
  const masked = useMaskedRegister(register);
  const criar = useCreateVisita({
    onSuccess: () => {
      toast({ variant: 'success', title: VISITA_MESSAGES.criada });
      onDone();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível agendar', description: errorMessage(error, '') }),
  });
  const submit = handleSubmit(
    submitShowingFieldErrors((values: VisitaFormValues) => criar.mutateAsync(toVisitaBody(values)), setError, {
      fields: ['clienteId', 'objetivo', 'notas'],
      focus: true,
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Nova visita">
      <Controller
        control={control}
        name="clienteId"
        render={({ field, fieldState }) => (
          <SearchComboboxField
            id="visita-cliente"
            label="Escola (cliente)"
            value={field.value ?? ''}
            onChange={(value) => {
              field.onChange(value);
              field.onBlur();
            }}
            queryKey={clientes.queryKey}
            search={clientes.search}
            // GET /api/clientes: a search too short to answer is not sent (issue 46).
            searchMinimum
            placeholder="Digite o nome da escola"
            emptyText="Nenhuma escola encontrada"
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="grid gap-4 min-[400px]:grid-cols-[1fr_7rem]">
        <DateField control={control} name="dia" id="visita-dia" label="Dia" />
        <TextField
          id="visita-horario"
          label="Horário"
          autoComplete="off"
          error={errors.horario?.message}
          {...masked('horario', 'hora')}
        />
      </div>
      <TextField
        id="visita-objetivo"
        label="Objetivo (opcional)"
        autoComplete="off"
        error={errors.objetivo?.message}
        {...register('objetivo')}
      />
      <TextareaField
        id="visita-notas"
        label="Notas (opcional)"
        rows={3}
        error={errors.notas?.message}
        {...register('notas')}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={isSubmitting} pendingLabel="Agendando...">
          Agendar visita
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
