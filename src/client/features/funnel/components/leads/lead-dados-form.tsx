import { useState } from 'react';
import type { LeadDetalhe } from '@shared/schemas/acompanhamento';
import type { CampoCorrigivel } from '@shared/schemas/correcao';
import { CorrecaoDadosForm } from '@/components/lgpd/correcao-dados-form';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCorrigirDadosDoLead } from '../../api/corrigir-dados';

/**
 * 'Corrigir dados' (issue 39 item 14, LGPD art. 18 III): the family's names, e-mail and phone on the lead, as
 * a 'Correção de dados' request asks or the family says on the phone. Audited; the family is told by e-mail.
 */
export function LeadDadosForm({ lead, onDone }: { lead: LeadDetalhe; onDone: () => void }) {
  const [serverErrors, setServerErrors] = useState<Partial<Record<CampoCorrigivel, string>> | undefined>(undefined);
  const [serverMessage, setServerMessage] = useState<string | undefined>(undefined);
  const corrigir = useCorrigirDadosDoLead({
    onSuccess: (answer) => {
      toast({ variant: 'success', title: 'Dados corrigidos', description: answer.message });
      onDone();
    },
    onError: (error) => {
      const campos = error instanceof ApiError ? error.errors : undefined;
      setServerErrors(campos);
      setServerMessage(campos ? undefined : errorMessage(error, 'Não foi possível corrigir os dados.'));
    },
  });
  return (
    <div className="grid gap-2">
      <CorrecaoDadosForm
        idPrefix={`lead-dados-${lead.id}`}
        atuais={{
          nomeAluno: lead.nomeAluno,
          nomeResponsavel: lead.nomeResponsavel,
          email: lead.email,
          telefone: lead.telefone,
        }}
        pending={corrigir.isPending}
        serverErrors={serverErrors}
        serverMessage={serverMessage}
        onSubmit={(dados) => corrigir.mutate({ id: lead.id, dados })}
      />
      <Button variant="outline" className="w-full sm:w-fit" onClick={onDone}>
        Cancelar
      </Button>
    </div>
  );
}
