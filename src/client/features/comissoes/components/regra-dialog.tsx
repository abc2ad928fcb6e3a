import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { todayInBrasilia } from '@shared/brasilia';
import {
  BENEFICIARIOS,
  BENEFICIARIO_LABELS,
  TIPOS_REGRA,
  TIPO_REGRA_LABELS,
  type Beneficiario,
  type TipoRegra,
} from '@shared/comissoes/regras';
import { COMISSAO_MESSAGES, regraInputSchema, regraPatchSchema, type RegraView } from '@shared/schemas/comissao';
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
import { SearchComboboxField } from '@/components/ui/search-combobox-field';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { CURSOS_DA_REGRA_QUERY_KEY, searchCursoOptions, useCriarRegra, useEditarRegra } from '../api/comissoes-api';
import {
  novaRegraPayload,
  REGRA_VAZIA,
  type RegraFormValues,
  regraPatchPayload,
  regraValuesFrom,
} from './regra-form-values';

const FIELDS = ['franquiaId', 'cursoId', 'beneficiario', 'tipo', 'percentual', 'valor', 'inicio', 'fim'] as const;
const REDE = 'rede';
export const CURSO_QUALQUER = 'Todos os cursos';

/** The shared schema over the payload the values make: its pt-BR messages go under the fields they name. */
const resolverDe =
  (editando: boolean): Resolver<RegraFormValues> =>
  async (values) => {
    const result = editando
      ? regraPatchSchema.safeParse(regraPatchPayload(values))
      : regraInputSchema.safeParse(novaRegraPayload(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const campo = String(issue.path[0] ?? 'inicio');
      errors[campo] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors };
  };

/**
 * 'Nova regra' and 'Editar regra' (issue 44, ADR 081, 088): whom it pays, how (a percentage of each paid parcela or a
 * fixed amount on the first), from when (to when); for the franqueador, the whole network or one franquia; for one
 * curso the caller reads or every curso (ADR 093). An edit changes only the amount and the period -- whom, how and
 * the reach are a new rule's (the fields show, disabled).
 */
export function RegraDialog({
  open,
  regra,
  franquias,
  onClose,
}: {
  open: boolean;
  /** The rule edited; null creates one. */
  regra: RegraView | null;
  /** The franqueador's franquias (a rule's reach); undefined: the caller's own subtree (a franquia). */
  franquias?: readonly { id: string; razaoSocial: string }[];
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{regra ? 'Editar regra de comissão' : 'Nova regra de comissão'}</DialogTitle>
          <DialogDescription>
            {regra
              ? 'Altere o valor ou o período. Vale para as parcelas pagas a partir do início; o que já foi lançado não muda.'
              : 'A regra mais específica vence: a de uma franquia vale sobre a da rede. Duas regras iguais no mesmo período são recusadas.'}
          </DialogDescription>
        </DialogHeader>
        {open ? <RegraForm key={regra?.id ?? 'nova'} regra={regra} franquias={franquias} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RegraForm({
  regra,
  franquias,
  onDone,
}: {
  regra: RegraView | null;
  franquias?: readonly { id: string; razaoSocial: string }[];
  onDone: () => void;
}) {
  const editando = regra !== null;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegraFormValues>({
    resolver: resolverDe(editando),
    defaultValues: regra ? regraValuesFrom(regra) : REGRA_VAZIA(todayInBrasilia()),
  });
  const tipo = useWatch({ control, name: 'tipo' });
  const avisos = {
    onSuccess: () => {
      toast({ variant: 'success', title: editando ? COMISSAO_MESSAGES.alterada : COMISSAO_MESSAGES.criada });
      onDone();
    },
    onError: (error: Error) =>
      toast({ variant: 'destructive', title: 'Não foi possível salvar a regra', description: errorMessage(error, '') }),
  };
  const criar = useCriarRegra(avisos);
  const editar = useEditarRegra(avisos);
  const submit = handleSubmit(
    submitShowingFieldErrors(
      (values: RegraFormValues) =>
        regra
          ? editar.mutateAsync({ id: regra.id, ...regraPatchPayload(values) } as Parameters<
              typeof editar.mutateAsync
            >[0])
          : criar.mutateAsync(novaRegraPayload(values) as Parameters<typeof criar.mutateAsync>[0]),
      setError,
      { fields: [...FIELDS], focus: true },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {franquias ? (
          <Controller
            control={control}
            name="franquiaId"
            render={({ field, fieldState }) => (
              <SelectField
                id="regra-franquia"
                label="Alcance"
                className="sm:col-span-2"
                options={[
                  { value: REDE, label: 'Toda a rede' },
                  ...franquias.map((f) => ({ value: f.id, label: `Franquia ${f.razaoSocial}` })),
                ]}
                value={field.value || REDE}
                onChange={(v) => field.onChange(v === REDE ? '' : v)}
                onBlur={field.onBlur}
                triggerRef={field.ref}
                disabled={editando}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
        <Controller
          control={control}
          name="cursoId"
          render={({ field, fieldState }) => (
            <SearchComboboxField
              id="regra-curso"
              label="Curso"
              className="sm:col-span-2"
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                field.onBlur();
              }}
              queryKey={CURSOS_DA_REGRA_QUERY_KEY}
              search={searchCursoOptions}
              searchMinimum
              emptyOption={CURSO_QUALQUER}
              fallbackLabel={regra?.curso ?? null}
              placeholder={editando ? CURSO_QUALQUER : 'Todos os cursos (digite para buscar um curso)'}
              emptyText="Nenhum curso encontrado"
              hint={editando ? undefined : 'Uma regra de um curso vale sobre a de todos os cursos.'}
              disabled={editando}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="beneficiario"
          render={({ field, fieldState }) => (
            <SelectField<Beneficiario>
              id="regra-beneficiario"
              label="Quem recebe"
              options={BENEFICIARIOS.map((value) => ({ value, label: BENEFICIARIO_LABELS[value] }))}
              value={field.value || undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              placeholder="Escolha o beneficiário"
              disabled={editando}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="tipo"
          render={({ field, fieldState }) => (
            <SelectField<TipoRegra>
              id="regra-tipo"
              label="Tipo"
              options={TIPOS_REGRA.map((value) => ({ value, label: TIPO_REGRA_LABELS[value] }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              disabled={editando}
              error={fieldState.error?.message}
            />
          )}
        />
        {tipo === 'percentual' ? (
          <TextField
            id="regra-percentual"
            label="Percentual (%)"
            inputMode="decimal"
            placeholder="5,5"
            error={errors.percentual?.message}
            {...register('percentual')}
          />
        ) : (
          <TextField
            id="regra-valor"
            label="Valor fixo (R$)"
            inputMode="decimal"
            placeholder="150,00"
            error={errors.valor?.message}
            {...register('valor')}
          />
        )}
        <DateField control={control} name="inicio" id="regra-inicio" label="Início" />
        <DateField control={control} name="fim" id="regra-fim" label="Fim (opcional)" />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={isSubmitting} pendingLabel="Salvando...">
          {editando ? 'Salvar alterações' : 'Criar regra'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
