import { Controller, type Resolver, useForm } from 'react-hook-form';
import { todayInBrasilia } from '@shared/brasilia';
import { MODOS_ROYALTY, MODO_ROYALTY_LABELS, type ModoRoyalty } from '@shared/royalties/extrato';
import { acordoInputSchema, type AcordoFranquiaView } from '@shared/schemas/royalties';
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
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useSalvarAcordo } from '../api/royalties-api';
import { type AcordoFormValues, acordoPayload, acordoValuesFrom } from './acordo-form-values';

const FIELDS = ['royalty', 'fundo', 'minimo', 'inicio', 'modo'] as const;

/** The shared schema over the payload the values make: its pt-BR messages go under the fields they name. */
const resolver: Resolver<AcordoFormValues> = async (values) => {
  const result = acordoInputSchema.safeParse(acordoPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const campo = String(issue.path[0] ?? 'inicio');
    errors[campo] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * 'Editar acordo' (issue 45, ADR 089, 092): a new version of a franquia's fee agreement -- royalty and fundo in
 * percent, an optional monthly minimum of royalty, the start (today or later) and how it is collected. The versions
 * before it stay, and what the ledger already wrote keeps its centavos.
 */
export function AcordoDialog({ acordo, onClose }: { acordo: AcordoFranquiaView | null; onClose: () => void }) {
  return (
    <Dialog open={acordo !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{acordo ? `Acordo de ${acordo.franquia}` : 'Acordo'}</DialogTitle>
          <DialogDescription>
            Uma nova versão vale a partir do início escolhido (hoje ou depois). O que já foi lançado não muda, e as
            versões anteriores ficam no histórico.
          </DialogDescription>
        </DialogHeader>
        {acordo ? <AcordoForm key={acordo.franquiaId} acordo={acordo} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AcordoForm({ acordo, onDone }: { acordo: AcordoFranquiaView; onDone: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AcordoFormValues>({ resolver, defaultValues: acordoValuesFrom(acordo.vigente, todayInBrasilia()) });
  const salvar = useSalvarAcordo({
    onSuccess: () => {
      toast({ variant: 'success', title: `Acordo de ${acordo.franquia} salvo` });
      onDone();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível salvar o acordo',
        description: errorMessage(error, ''),
      }),
  });
  const submit = handleSubmit(
    submitShowingFieldErrors(
      (values: AcordoFormValues) =>
        salvar.mutateAsync({ franquiaId: acordo.franquiaId, ...acordoInputSchema.parse(acordoPayload(values)) }),
      setError,
      { fields: [...FIELDS], focus: true },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="acordo-royalty"
          label="Royalty (%)"
          inputMode="decimal"
          placeholder="6"
          error={errors.royalty?.message}
          {...register('royalty')}
        />
        <TextField
          id="acordo-fundo"
          label="Fundo de propaganda (%)"
          inputMode="decimal"
          placeholder="2"
          error={errors.fundo?.message}
          {...register('fundo')}
        />
        <TextField
          id="acordo-minimo"
          label="Mínimo mensal de royalty (R$, opcional)"
          inputMode="decimal"
          placeholder="500,00"
          error={errors.minimo?.message}
          {...register('minimo')}
        />
        <DateField control={control} name="inicio" id="acordo-inicio" label="Início" />
        <Controller
          control={control}
          name="modo"
          render={({ field, fieldState }) => (
            <SelectField<ModoRoyalty>
              id="acordo-modo"
              label="Forma de cobrança"
              className="sm:col-span-2"
              options={MODOS_ROYALTY.map((value) => ({ value, label: MODO_ROYALTY_LABELS[value] }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={isSubmitting} pendingLabel="Salvando...">
          Salvar nova versão
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
