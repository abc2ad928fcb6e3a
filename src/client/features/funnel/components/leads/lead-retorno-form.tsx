import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LeadDetalhe, LeadPatch } from '@shared/schemas/acompanhamento';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { DateField } from '@/components/ui/date-field';
import { toast } from '@/lib/toast';
import { useUpdateLead } from '../../api/update-lead';
import type { RetornoFormValues } from './lead-panel-form-values';
import { showActionFailure } from './lead-panel-feedback';
import { retornoFormSchema } from './lead-panel-rules';

/** 'Agendar retorno': a date from today (in Brasília) on; a return already set may be removed. */
export function LeadRetornoForm({ lead, onDone }: { lead: LeadDetalhe; onDone: () => void }) {
  const { control, handleSubmit, setError } = useForm<RetornoFormValues, unknown, LeadPatch>({
    resolver: zodResolver(retornoFormSchema),
    defaultValues: { proximoContatoEm: lead.proximoContatoEm ?? '' },
  });
  const update = useUpdateLead({
    onSuccess: (_lead, { patch }) => {
      toast({ variant: 'success', title: patch.proximoContatoEm ? 'Retorno agendado' : 'Retorno removido' });
      onDone();
    },
    onError: (error) => showActionFailure('Erro ao agendar retorno', error, setError, ['proximoContatoEm']),
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={handleSubmit((patch) => update.mutate({ id: lead.id, patch }))}>
      <DateField
        control={control}
        name="proximoContatoEm"
        id="lead-retorno"
        label="Data do retorno"
        hint="Hoje ou depois."
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        {lead.proximoContatoEm ? (
          <Button
            variant="outline"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: lead.id, patch: { proximoContatoEm: null } })}
          >
            Remover retorno
          </Button>
        ) : null}
        <SubmitButton pending={update.isPending} pendingLabel="Salvando...">
          Agendar retorno
        </SubmitButton>
      </div>
    </form>
  );
}
