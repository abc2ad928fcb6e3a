import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTATO_CANAIS,
  CONTATO_CANAL_LABELS,
  CONTATO_RESULTADOS,
  CONTATO_RESULTADO_LABELS,
  type ContatoInput,
  type HistoricoAutor,
  NOTA_MAX,
} from '@shared/schemas/acompanhamento';
import { Button } from '@/components/ui/button';
import { FormSelectField } from '@/components/ui/form-select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { toast } from '@/lib/toast';
import { useCreateLeadContato } from '../../api/create-lead-contato';
import type { ContatoFormValues } from './lead-panel-form-values';
import { characterCount, optionsOf, showActionFailure } from './lead-panel-feedback';
import { contatoFormSchema } from './lead-panel-rules';

const CANAL_OPTIONS = optionsOf(CONTATO_CANAIS, CONTATO_CANAL_LABELS);
const RESULTADO_OPTIONS = optionsOf(CONTATO_RESULTADOS, CONTATO_RESULTADO_LABELS);

export interface LeadContatoFormProps {
  leadId: string;
  autor: HistoricoAutor | null;
  /** What the form starts with: the channel a contact link just opened, say. */
  defaults?: Partial<ContatoFormValues>;
  /** The id prefix of its fields (the form may show in two places). */
  idPrefix: string;
  onDone: () => void;
  /** Called instead of `onDone` once the contact is registered (the panel then asks for the next step). */
  onRegistered?: () => void;
  cancelLabel?: string;
}

/** 'Registrar contato': channel, result and an optional note. The entry tops the timeline at once. */
export function LeadContatoForm({
  leadId,
  autor,
  defaults,
  idPrefix,
  onDone,
  onRegistered,
  cancelLabel = 'Cancelar',
}: LeadContatoFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContatoFormValues, unknown, ContatoInput>({
    resolver: zodResolver(contatoFormSchema),
    defaultValues: { canal: '', resultado: '', nota: '', ...defaults },
  });
  const nota = useWatch({ control, name: 'nota' }) ?? '';
  const registrar = useCreateLeadContato({
    onSuccess: () => {
      toast({ variant: 'success', title: 'Contato registrado' });
      (onRegistered ?? onDone)();
    },
    onError: (error) => showActionFailure('Erro ao registrar contato', error, setError, ['canal', 'resultado', 'nota']),
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit((contato) => registrar.mutate({ id: leadId, contato, autor }))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField
          control={control}
          name="canal"
          id={`${idPrefix}-canal`}
          label="Canal"
          placeholder="Escolha o canal"
          options={CANAL_OPTIONS}
          required
        />
        <FormSelectField
          control={control}
          name="resultado"
          id={`${idPrefix}-resultado`}
          label="Resultado"
          placeholder="Escolha o resultado"
          options={RESULTADO_OPTIONS}
          required
        />
      </div>
      <TextareaField
        id={`${idPrefix}-nota`}
        label="Nota do contato (opcional)"
        rows={3}
        maxLength={NOTA_MAX}
        hint={characterCount(nota.length, NOTA_MAX)}
        error={errors.nota?.message}
        {...register('nota')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {cancelLabel}
        </Button>
        <SubmitButton pending={registrar.isPending} pendingLabel="Registrando...">
          Registrar contato
        </SubmitButton>
      </div>
    </form>
  );
}
