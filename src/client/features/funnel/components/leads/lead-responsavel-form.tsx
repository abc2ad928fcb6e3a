import { useForm } from 'react-hook-form';
import type { Option } from '@shared/enums';
import type { LeadDetalhe } from '@shared/schemas/acompanhamento';
import { Button } from '@/components/ui/button';
import { FormSelectField } from '@/components/ui/form-select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/lib/toast';
import { useLeadResponsaveis } from '../../api/get-lead-responsaveis';
import { useUpdateLead } from '../../api/update-lead';
import { type ResponsavelFormValues, SEM_RESPONSAVEL, responsavelPatch } from './lead-panel-form-values';
import { showActionFailure } from './lead-panel-feedback';

/** 'Atribuir responsável' (the roles that assign): one of the lead's micro-franquia's vendedores, or nobody. */
export function LeadResponsavelForm({ lead, onDone }: { lead: LeadDetalhe; onDone: () => void }) {
  const responsaveis = useLeadResponsaveis(lead.id, { enabled: true });
  const { control, handleSubmit, setError } = useForm<ResponsavelFormValues>({
    defaultValues: { responsavelId: lead.responsavel?.id ?? SEM_RESPONSAVEL },
  });
  const update = useUpdateLead({
    onSuccess: () => {
      toast({ variant: 'success', title: 'Responsável atualizado' });
      onDone();
    },
    onError: (error) => showActionFailure('Erro ao atribuir responsável', error, setError, ['responsavelId']),
  });

  const options: Option[] = [
    { value: SEM_RESPONSAVEL, label: 'Sem responsável' },
    ...(responsaveis.data ?? []).map((vendedor) => ({ value: vendedor.id, label: vendedor.nome })),
  ];
  // The current one stays choosable even if it is no longer offered (deactivated since).
  if (lead.responsavel && !options.some((option) => option.value === lead.responsavel?.id)) {
    options.push({ value: lead.responsavel.id, label: lead.responsavel.nome });
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit((values) => update.mutate({ id: lead.id, patch: responsavelPatch(values) }))}
    >
      <FormSelectField
        control={control}
        name="responsavelId"
        id="lead-responsavel"
        label="Vendedor responsável"
        options={options}
        hint={
          responsaveis.isPending
            ? 'Carregando vendedores...'
            : responsaveis.isError
              ? 'Não foi possível carregar os vendedores.'
              : responsaveis.data?.length === 0
                ? 'Nenhum vendedor ativo na micro-franquia deste lead.'
                : undefined
        }
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={update.isPending} pendingLabel="Salvando...">
          Salvar responsável
        </SubmitButton>
      </div>
    </form>
  );
}
