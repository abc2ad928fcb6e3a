import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { periodoPorExtenso } from '@shared/comissoes/lancamentos';
import { formatBRL, formatDateOnly } from '@shared/format';
import { type ContestarBody, contestarBodySchema, type LinhaView } from '@shared/schemas/royalties';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api-client';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useContestarLinha } from '../api/royalties-api';

/**
 * 'Contestar' a line of the franquia's statement (issue 45, ADR 089, 092): the reason, required (the shared
 * schema's pt-BR rule), opens a SAC ticket linked to the line; the line then shows the contest and its ticket.
 */
export function ContestarDialog({
  franquiaId,
  mes,
  linha,
  onClose,
}: {
  franquiaId: string;
  mes: string | null;
  linha: LinhaView | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={linha !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Contestar lançamento</DialogTitle>
          <DialogDescription>
            {linha && mes
              ? `${linha.aluno}, ${linha.parcelaNumero}ª parcela de ${formatBRL(linha.base)} em ${formatDateOnly(linha.ocorridoEm)} (extrato de ${periodoPorExtenso(mes)}). `
              : ''}
            Um chamado é aberto no SAC para o franqueador analisar; a resposta aparece no extrato e no chamado.
          </DialogDescription>
        </DialogHeader>
        {linha && mes ? (
          <ContestarForm key={linha.id} franquiaId={franquiaId} mes={mes} linha={linha} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ContestarForm({
  franquiaId,
  mes,
  linha,
  onDone,
}: {
  franquiaId: string;
  mes: string;
  linha: LinhaView;
  onDone: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContestarBody>({ resolver: zodResolver(contestarBodySchema), defaultValues: { motivo: '' } });
  const contestar = useContestarLinha({
    onSuccess: () => {
      toast({ variant: 'success', title: 'Contestação enviada: chamado aberto no SAC' });
      onDone();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível contestar', description: errorMessage(error, '') }),
  });
  const submit = handleSubmit(
    submitShowingFieldErrors(
      (values: ContestarBody) => contestar.mutateAsync({ franquiaId, mes, linhaId: linha.id, motivo: values.motivo }),
      setError,
      { fields: ['motivo'], focus: true },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextareaField
        id="contestar-motivo"
        label="Motivo"
        rows={4}
        required
        error={errors.motivo?.message}
        {...register('motivo')}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={isSubmitting} pendingLabel="Enviando...">
          Enviar contestação
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
