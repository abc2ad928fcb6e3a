import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type HistoricoAutor, NOTA_MAX, type NotaInput, notaSchema } from '@shared/schemas/acompanhamento';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { toast } from '@/lib/toast';
import { useCreateLeadNota } from '../../api/create-lead-nota';
import { characterCount, showActionFailure } from './lead-panel-feedback';

/** 'Nota': free text up to 2,000 characters, counted as it is typed. The note tops the timeline at once. */
export function LeadNotaForm({
  leadId,
  autor,
  onDone,
}: {
  leadId: string;
  autor: HistoricoAutor | null;
  onDone: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NotaInput>({ resolver: zodResolver(notaSchema), defaultValues: { texto: '' } });
  const texto = useWatch({ control, name: 'texto' }) ?? '';
  const registrar = useCreateLeadNota({
    onSuccess: () => {
      toast({ variant: 'success', title: 'Nota registrada' });
      onDone();
    },
    onError: (error) => showActionFailure('Erro ao registrar nota', error, setError, ['texto']),
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit((nota) => registrar.mutate({ id: leadId, nota, autor }))}
    >
      <TextareaField
        id="lead-nota"
        label="Nota"
        rows={4}
        required
        maxLength={NOTA_MAX}
        hint={characterCount(texto.length, NOTA_MAX)}
        error={errors.texto?.message}
        {...register('texto')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={registrar.isPending} pendingLabel="Salvando...">
          Salvar nota
        </SubmitButton>
      </div>
    </form>
  );
}
