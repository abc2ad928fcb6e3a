import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  type LeadDetalhe,
  type LeadPatch,
  MOTIVOS_PERDA,
  MOTIVO_PERDA_LABELS,
} from '@shared/schemas/acompanhamento';
import { Button } from '@/components/ui/button';
import { FormSelectField } from '@/components/ui/form-select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/lib/toast';
import { useUpdateLead } from '../../api/update-lead';
import type { StatusFormValues } from './lead-panel-form-values';
import { optionsOf, showActionFailure } from './lead-panel-feedback';
import { statusFormSchema } from './lead-panel-rules';

const STATUS_OPTIONS = optionsOf(LEAD_STATUSES, LEAD_STATUS_LABELS);
const MOTIVO_OPTIONS = optionsOf(MOTIVOS_PERDA, MOTIVO_PERDA_LABELS);

/** 'Alterar status': with 'Sem interesse' the loss reason is asked for and required. */
export function LeadStatusForm({ lead, onDone }: { lead: LeadDetalhe; onDone: () => void }) {
  const { control, handleSubmit, setError } = useForm<StatusFormValues, unknown, LeadPatch>({
    resolver: zodResolver(statusFormSchema),
    defaultValues: { status: lead.status, motivoPerda: lead.motivoPerda ?? '' },
  });
  const semInteresse = useWatch({ control, name: 'status' }) === 'sem_interesse';
  const update = useUpdateLead({
    onSuccess: () => {
      toast({ variant: 'success', title: 'Status atualizado' });
      onDone();
    },
    onError: (error) => showActionFailure('Erro ao alterar status', error, setError, ['status', 'motivoPerda']),
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={handleSubmit((patch) => update.mutate({ id: lead.id, patch }))}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField control={control} name="status" id="lead-status" label="Status" options={STATUS_OPTIONS} />
        {semInteresse ? (
          <FormSelectField
            control={control}
            name="motivoPerda"
            id="lead-motivo-perda"
            label="Motivo da perda"
            placeholder="Escolha o motivo"
            options={MOTIVO_OPTIONS}
            required
          />
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={update.isPending} pendingLabel="Salvando...">
          Salvar status
        </SubmitButton>
      </div>
    </form>
  );
}
