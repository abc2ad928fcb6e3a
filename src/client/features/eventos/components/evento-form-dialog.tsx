import { useMemo } from 'react';
import { LoaderCircle, Search } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { localEventoOptions, tipoEscolaOptions, type EventoStatus } from '@shared/enums';
import type { Role } from '@shared/roles';
import type { CepResult } from '@shared/schemas/cep';
import {
  eventoFormSchema,
  isFinalStatus,
  type Evento,
  type EventoFormInput,
  type EventoFormValues,
} from '@shared/schemas/evento';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldShell } from '@/components/ui/field-shell';
import { FormSelectField } from '@/components/ui/form-select-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { DateField } from '@/components/ui/date-field';
import { MoneyField } from '@/components/ui/money-field';
import { TextField } from '@/components/ui/text-field';
import { useCepFill } from '@/hooks/use-cep-fill';
import { useMaskedRegister } from '@/hooks/use-masked-register';
import { errorMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { CLIENTES_OPTIONS_QUERY_KEY, searchClienteOptions } from '../api/get-clientes-options';
import { SearchComboboxField } from '@/components/ui/search-combobox-field';
import { useCursosDoCliente } from '../api/get-cursos-do-cliente';
import { useCreateEvento } from '../api/create-evento';
import { useUpdateEvento } from '../api/update-evento';
import { EventoCursosField } from './evento-cursos-field';
import { InscricoesAteField } from './inscricoes-ate-field';
import { cursoChoices, eventoFormDefaults, statusChoices, toEventoBody } from './evento-form-values';

export interface EventoFormDialogProps {
  role: Role;
  /** Absent: 'Novo Evento'. Present: 'Editar Evento' for it. */
  evento?: Evento;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** SPEC §5's CEP look-up (the route passes it in): fills the street, bairro, cidade and estado (issue 51). */
  lookupCep: (cep: string) => Promise<CepResult | null>;
  /**
   * A new event's first values from where it was asked for (issue 49: a visit that scheduled an event): its school,
   * shown by name, and that school's name and city as the event's.
   */
  inicial?: EventoInicial;
  /** The event just created (issue 49: the visit that scheduled it links it). */
  onCreated?: (evento: Evento) => void;
}

export interface EventoInicial {
  clienteId: string;
  clienteNome: string;
  cidade?: string | null;
}

/** 'Novo Evento' and 'Editar Evento' (SPEC §2, §5). */
export function EventoFormDialog({
  role,
  evento,
  open,
  onOpenChange,
  lookupCep,
  inicial,
  onCreated,
}: EventoFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{evento ? 'Editar Evento' : 'Novo Evento'}</DialogTitle>
          <DialogDescription>
            {evento ? `Altere os dados do evento: ${evento.nomeEscola}.` : 'Preencha os dados do evento da escola.'}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <EventoForm
            key={evento?.id ?? inicial?.clienteId ?? 'novo'}
            role={role}
            evento={evento}
            lookupCep={lookupCep}
            inicial={evento ? undefined : inicial}
            onCreated={onCreated}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface EventoFormProps {
  role: Role;
  evento?: Evento;
  lookupCep: (cep: string) => Promise<CepResult | null>;
  inicial?: EventoInicial;
  onCreated?: (evento: Evento) => void;
  onDone: () => void;
}

function EventoForm({ role, evento, lookupCep, inicial, onCreated, onDone }: EventoFormProps) {
  const isEdit = evento !== undefined;
  const pickCliente = role !== 'cliente';
  const schema = useMemo(() => eventoFormSchema(pickCliente), [pickCliente]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<EventoFormInput, unknown, EventoFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...eventoFormDefaults(evento),
      ...(inicial
        ? { clienteId: inicial.clienteId, nomeEscola: inicial.clienteNome, cidade: inicial.cidade ?? '' }
        : {}),
    },
  });
  const masked = useMaskedRegister(register);

  // Issue 51: 'Buscar CEP' fills the address from the look-up (as the cliente's form does), and the número is
  // next. Asked for, never on leaving the field: a street written by hand stays until the look-up is asked.
  const filled = { shouldValidate: true, shouldDirty: true };
  const cep = useCepFill(lookupCep, (found) => {
    setValue('cidade', found.cidade, filled);
    setValue('estado', found.estado, filled);
    if (found.logradouro) setValue('logradouro', found.logradouro, filled);
    if (found.bairro) setValue('bairro', found.bairro, filled);
    if (found.logradouro) setFocus('numero');
  });

  const clienteId = useWatch({ control, name: 'clienteId' });
  const selected = useWatch({ control, name: 'cursoIds' });

  const cursosClienteId = pickCliente ? clienteId || null : null;
  const cursos = useCursosDoCliente(cursosClienteId, !pickCliente || Boolean(clienteId));

  const create = useCreateEvento();
  const update = useUpdateEvento();
  const pending = create.isPending || update.isPending;

  const currentStatus: EventoStatus = evento?.status ?? 'agendado';
  const statusFinal = isFinalStatus(currentStatus);

  const onSubmit = (values: EventoFormValues) => {
    const body = toEventoBody(values, { pickCliente, isEdit });
    const onError = (title: string) => (error: Error) => {
      showServerFieldErrors(error, setError);
      toast({ variant: 'destructive', title, description: errorMessage(error, title) });
    };
    if (!isEdit) {
      create.mutate(body, {
        onSuccess: (created) => {
          toast({ variant: 'success', title: 'Evento criado com sucesso' });
          onCreated?.(created);
          onDone();
        },
        onError: onError('Erro ao criar evento'),
      });
      return;
    }
    if (!evento.id) {
      toast({ variant: 'destructive', title: 'Erro ao atualizar evento', description: 'ID do evento não encontrado' });
      return;
    }
    update.mutate(
      { id: evento.id, body },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Evento atualizado com sucesso' });
          onDone();
        },
        onError: onError('Erro ao atualizar evento'),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {pickCliente ? (
        <Controller
          control={control}
          name="clienteId"
          render={({ field, fieldState }) => (
            <SearchComboboxField
              id="evento-cliente"
              label="Cliente"
              value={field.value ?? ''}
              onChange={(value) => {
                field.onChange(value);
                field.onBlur();
                // Courses belong to a client: a new client starts with none chosen.
                setValue('cursoIds', []);
              }}
              queryKey={CLIENTES_OPTIONS_QUERY_KEY}
              search={searchClienteOptions}
              searchMinimum
              // An edited event's own cliente shows by name even if it was deactivated since.
              fallbackLabel={evento?.cliente?.nomeFantasia ?? inicial?.clienteNome ?? null}
              placeholder="Digite o nome do cliente"
              emptyText="Nenhum cliente ativo encontrado"
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}

      <TextField
        id="evento-nome-escola"
        label="Nome da escola"
        error={errors.nomeEscola?.message}
        {...register('nomeEscola')}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField
          control={control}
          name="tipoEscola"
          id="evento-tipo-escola"
          label="Tipo de escola"
          options={tipoEscolaOptions}
        />
        <FormSelectField control={control} name="local" id="evento-local" label="Local" options={localEventoOptions} />
      </div>

      <div className="grid gap-4 sm:grid-cols-[11rem_1fr_5rem]">
        <FieldShell
          label={<Label htmlFor="evento-cep">CEP (opcional)</Label>}
          hintId="evento-cep-hint"
          hint={cep.searching ? 'Buscando CEP...' : undefined}
          error={errors.cep?.message}
          errorId="evento-cep-error"
        >
          <div className="flex gap-2">
            <Input
              id="evento-cep"
              autoComplete="postal-code"
              aria-invalid={errors.cep ? true : undefined}
              aria-describedby={errors.cep ? 'evento-cep-error' : undefined}
              {...masked('cep', 'cep')}
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="shrink-0"
              aria-label="Buscar CEP"
              disabled={cep.searching}
              onClick={() => void cep.lookUp(getValues('cep'))}
            >
              {cep.searching ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Search aria-hidden="true" />
              )}
            </Button>
          </div>
        </FieldShell>
        <TextField id="evento-cidade" label="Cidade" error={errors.cidade?.message} {...register('cidade')} />
        <TextField id="evento-estado" label="Estado" error={errors.estado?.message} {...masked('estado', 'uf')} />
      </div>

      <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
        <TextField
          id="evento-logradouro"
          label="Logradouro (opcional)"
          autoComplete="address-line1"
          error={errors.logradouro?.message}
          {...register('logradouro')}
        />
        <TextField id="evento-numero" label="Número" error={errors.numero?.message} {...register('numero')} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="evento-complemento"
          label="Complemento"
          autoComplete="address-line2"
          error={errors.complemento?.message}
          {...register('complemento')}
        />
        <TextField id="evento-bairro" label="Bairro" error={errors.bairro?.message} {...register('bairro')} />
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <DateField
          control={control}
          name="dataDistribuicao"
          id="evento-data-distribuicao"
          label="Data de distribuição"
        />
        <DateField control={control} name="dataEvento" id="evento-data" label="Data do evento" />
        <TextField
          id="evento-horario"
          label="Horário"
          autoComplete="off"
          error={errors.horario?.message}
          {...masked('horario', 'hora')}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="evento-qtd-alunos"
          label="Quantidade de alunos"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.qtdAlunos?.message}
          {...register('qtdAlunos', { valueAsNumber: true })}
        />
        <MoneyField
          control={control}
          name="valorTotalDesconto"
          id="evento-desconto"
          label="Valor total de desconto (R$)"
        />
      </div>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          id="evento-vagas"
          label="Vagas para inscrição (opcional)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="Sem limite"
          error={errors.vagas?.message}
          {...register('vagas')}
        />
        <Controller
          control={control}
          name="inscricoesAte"
          render={({ field, fieldState }) => (
            <InscricoesAteField
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>

      <Controller
        control={control}
        name="cursoIds"
        render={({ field, fieldState }) => (
          <EventoCursosField
            needsCliente={pickCliente && !clienteId}
            cursos={cursos}
            options={cursoChoices(cursos.data ?? [], selected)}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />

      <TextareaField
        id="evento-observacao"
        label="Observação"
        rows={3}
        error={errors.observacao?.message}
        {...register('observacao')}
      />

      {isEdit ? (
        <Controller
          control={control}
          name="status"
          render={({ field, fieldState }) => (
            <SelectField
              id="evento-status"
              label="Status"
              options={statusChoices(currentStatus)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              disabled={statusFinal}
              hint={statusFinal ? 'Eventos concluídos ou cancelados não mudam de status.' : undefined}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={pending} pendingLabel={isEdit ? 'Salvando...' : 'Criando...'}>
          {isEdit ? 'Salvar alterações' : 'Criar Evento'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
