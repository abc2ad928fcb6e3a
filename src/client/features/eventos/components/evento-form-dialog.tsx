import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EVENTO_STATUS_LABELS,
  eventoStatusOptions,
  localEventoOptions,
  tipoEscolaOptions,
  type EventoStatus,
} from '@shared/enums';
import { maskCep, MASK_MAX_LENGTH } from '@shared/format';
import type { Role } from '@shared/roles';
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
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useClientesOptions } from '../api/get-clientes-options';
import { useCursosDoCliente } from '../api/get-cursos-do-cliente';
import { useCreateEvento, useUpdateEvento, type EventoBody } from '../api/save-evento';

export interface EventoFormDialogProps {
  role: Role;
  /** Absent: 'Novo Evento'. Present: 'Editar Evento' for it. */
  evento?: Evento;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Novo Evento' and 'Editar Evento' (SPEC §2, §5). */
export function EventoFormDialog({ role, evento, open, onOpenChange }: EventoFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{evento ? 'Editar Evento' : 'Novo Evento'}</DialogTitle>
          <DialogDescription>
            {evento ? `Altere os dados do evento na ${evento.nomeEscola}.` : 'Preencha os dados do evento da escola.'}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <EventoForm key={evento?.id ?? 'novo'} role={role} evento={evento} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function defaultsFrom(evento?: Evento): Partial<EventoFormInput> {
  return {
    clienteId: evento?.clienteId ?? '',
    nomeEscola: evento?.nomeEscola ?? '',
    tipoEscola: evento?.tipoEscola ?? 'publica',
    cep: maskCep(evento?.cep),
    cidade: evento?.cidade ?? '',
    estado: evento?.estado ?? '',
    dataDistribuicao: evento?.dataDistribuicao ?? '',
    dataEvento: evento?.dataEvento ?? '',
    horario: evento?.horario ?? '',
    local: evento?.local ?? 'escola',
    qtdAlunos: evento?.qtdAlunos,
    valorTotalDesconto: evento?.valorTotalDesconto ?? undefined,
    observacao: evento?.observacao ?? '',
    cursoIds: evento?.cursoIds ?? [],
    status: evento?.status ?? 'agendado',
  };
}

/** SPEC §5: an empty CEP and a discount of 0 are left out; a cliente's own id comes from its session. */
function toBody(values: EventoFormValues, { pickCliente, isEdit }: { pickCliente: boolean; isEdit: boolean }) {
  const { clienteId, cep, valorTotalDesconto, observacao, status, ...rest } = values;
  // Undefined keys are left out of the JSON.
  const body: EventoBody = {
    ...rest,
    cep: cep || undefined,
    valorTotalDesconto: valorTotalDesconto || undefined,
    observacao: observacao || undefined,
  };
  if (pickCliente) body.clienteId = clienteId;
  if (isEdit) body.status = status;
  return body;
}

const selectError = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FormMessage id={`${id}-error`}>{error}</FormMessage>
    </div>
  );
}

function EventoForm({ role, evento, onDone }: { role: Role; evento?: Evento; onDone: () => void }) {
  const isEdit = evento !== undefined;
  const pickCliente = role !== 'cliente';
  const schema = useMemo(() => eventoFormSchema(pickCliente), [pickCliente]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<EventoFormInput, unknown, EventoFormValues>({
    resolver: zodResolver(schema),
    defaultValues: defaultsFrom(evento),
  });
  const clienteId = useWatch({ control, name: 'clienteId' });
  const selected = useWatch({ control, name: 'cursoIds' });

  const clientes = useClientesOptions(pickCliente);
  const cursosClienteId = pickCliente ? clienteId || null : null;
  const cursos = useCursosDoCliente(cursosClienteId, !pickCliente || Boolean(clienteId));
  // Active courses, and an inactive one only when the event already offers it.
  const cursoOptions = (cursos.data ?? []).filter((c) => c.isActive || selected.includes(c.id));

  const create = useCreateEvento();
  const update = useUpdateEvento();
  const pending = create.isPending || update.isPending;

  const currentStatus: EventoStatus = evento?.status ?? 'agendado';
  const statusFinal = isFinalStatus(currentStatus);

  const onSubmit = (values: EventoFormValues) => {
    const body = toBody(values, { pickCliente, isEdit });
    const onError = (title: string) => (error: Error) => {
      if (error instanceof ApiError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) {
          setError(field as Path<EventoFormInput>, { message });
        }
      }
      toast({ variant: 'destructive', title, description: errorMessage(error, title) });
    };
    if (!isEdit) {
      create.mutate(body, {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Evento criado com sucesso' });
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

  const cep = register('cep');
  const estado = register('estado');

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {pickCliente ? (
        <Field id="evento-cliente" label="Cliente" error={errors.clienteId?.message}>
          <Controller
            control={control}
            name="clienteId"
            render={({ field }) => (
              <Select
                value={field.value || undefined}
                onValueChange={(value) => {
                  field.onChange(value);
                  // Courses belong to a client: a new client starts with none chosen.
                  setValue('cursoIds', []);
                }}
                disabled={clientes.isPending}
              >
                <SelectTrigger
                  id="evento-cliente"
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...selectError('evento-cliente', errors.clienteId?.message)}
                >
                  <SelectValue placeholder={clientes.isPending ? 'Carregando clientes...' : 'Selecione um cliente'} />
                </SelectTrigger>
                <SelectContent>
                  {(clientes.data ?? []).map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.nomeFantasia}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          {clientes.isError ? (
            <p className="text-sm text-destructive">{errorMessage(clientes.error, 'Failed to fetch clientes')}</p>
          ) : null}
        </Field>
      ) : null}

      <TextField
        id="evento-nome-escola"
        label="Nome da escola"
        error={errors.nomeEscola?.message}
        {...register('nomeEscola')}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="evento-tipo-escola" label="Tipo de escola" error={errors.tipoEscola?.message}>
          <Controller
            control={control}
            name="tipoEscola"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id="evento-tipo-escola"
                  ref={field.ref}
                  {...selectError('evento-tipo-escola', errors.tipoEscola?.message)}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {tipoEscolaOptions.map((o) => (
                    <SelectItem key={o.value} value={o.value}>
                      {o.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="evento-local" label="Local" error={errors.local?.message}>
          <Controller
            control={control}
            name="local"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id="evento-local"
                  ref={field.ref}
                  {...selectError('evento-local', errors.local?.message)}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {localEventoOptions.map((o) => (
                    <SelectItem key={o.value} value={o.value}>
                      {o.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-[8rem_1fr_5rem]">
        <TextField
          id="evento-cep"
          label="CEP (opcional)"
          inputMode="numeric"
          placeholder="00000-000"
          maxLength={MASK_MAX_LENGTH.cep}
          error={errors.cep?.message}
          {...cep}
          onChange={(e) => {
            e.target.value = maskCep(e.target.value);
            void cep.onChange(e);
          }}
        />
        <TextField id="evento-cidade" label="Cidade" error={errors.cidade?.message} {...register('cidade')} />
        <TextField
          id="evento-estado"
          label="Estado"
          maxLength={2}
          autoCapitalize="characters"
          placeholder="UF"
          error={errors.estado?.message}
          {...estado}
          onChange={(e) => {
            e.target.value = e.target.value.toUpperCase();
            void estado.onChange(e);
          }}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="evento-data-distribuicao"
          label="Data de distribuição"
          type="date"
          error={errors.dataDistribuicao?.message}
          {...register('dataDistribuicao')}
        />
        <TextField
          id="evento-data"
          label="Data do evento"
          type="date"
          error={errors.dataEvento?.message}
          {...register('dataEvento')}
        />
        <TextField
          id="evento-horario"
          label="Horário"
          type="time"
          error={errors.horario?.message}
          {...register('horario')}
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
        <TextField
          id="evento-desconto"
          label="Valor total de desconto (R$)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder="0,00"
          error={errors.valorTotalDesconto?.message}
          {...register('valorTotalDesconto', { valueAsNumber: true })}
        />
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Cursos</legend>
        {pickCliente && !clienteId ? (
          <p className="text-sm text-muted-foreground">Selecione um cliente para escolher os cursos.</p>
        ) : cursos.isPending ? (
          <Spinner label="Carregando cursos..." />
        ) : cursos.isError ? (
          <p className="text-sm text-destructive">{errorMessage(cursos.error, 'Failed to fetch cursos')}</p>
        ) : cursoOptions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum curso cadastrado para este cliente.</p>
        ) : (
          <Controller
            control={control}
            name="cursoIds"
            render={({ field }) => (
              <ul
                className="grid max-h-40 gap-1 overflow-y-auto rounded-md border border-border p-2"
                aria-label="Cursos do cliente"
              >
                {cursoOptions.map((c) => {
                  const id = `evento-curso-${c.id}`;
                  const checked = field.value.includes(c.id);
                  return (
                    <li key={c.id} className="flex items-center gap-2 rounded-sm px-1 py-1 hover:bg-muted">
                      <input
                        id={id}
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={checked}
                        onChange={() =>
                          field.onChange(checked ? field.value.filter((v) => v !== c.id) : [...field.value, c.id])
                        }
                      />
                      <label htmlFor={id} className="flex-1 cursor-pointer text-sm">
                        {c.titulo}
                        {c.isActive ? '' : ' (inativo)'}
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          />
        )}
        <FormMessage id="evento-cursos-error">{errors.cursoIds?.message}</FormMessage>
      </fieldset>

      <div className="grid gap-2">
        <Label htmlFor="evento-observacao">Observação</Label>
        <Textarea
          id="evento-observacao"
          rows={3}
          aria-invalid={errors.observacao ? true : undefined}
          aria-describedby={errors.observacao ? 'evento-observacao-error' : undefined}
          {...register('observacao')}
        />
        <FormMessage id="evento-observacao-error">{errors.observacao?.message}</FormMessage>
      </div>

      {isEdit ? (
        <Field id="evento-status" label="Status" error={errors.status?.message}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={statusFinal}>
                <SelectTrigger
                  id="evento-status"
                  ref={field.ref}
                  aria-describedby={statusFinal ? 'evento-status-hint' : undefined}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {(statusFinal
                    ? [{ value: currentStatus, label: EVENTO_STATUS_LABELS[currentStatus] }]
                    : eventoStatusOptions
                  ).map((o) => (
                    <SelectItem key={o.value} value={o.value}>
                      {o.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          {statusFinal ? (
            <p id="evento-status-hint" className="text-xs text-muted-foreground">
              Eventos concluídos ou cancelados não mudam de status.
            </p>
          ) : null}
        </Field>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? (isEdit ? 'Salvando...' : 'Criando...') : isEdit ? 'Salvar alterações' : 'Criar Evento'}
        </Button>
      </DialogFooter>
    </form>
  );
}
