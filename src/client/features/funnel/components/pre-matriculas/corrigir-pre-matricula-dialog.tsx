import { useState } from 'react';
import type { PreMatriculaItem } from '@shared/schemas/funnel';
import type { CampoCorrigivel } from '@shared/schemas/correcao';
import { CorrecaoDadosForm } from '@/components/lgpd/correcao-dados-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCorrigirDadosDaPreMatricula } from '../../api/corrigir-dados';

/**
 * 'Corrigir dados' of a pré-matrícula (issue 39 item 14, LGPD art. 18 III): the student's and guardian's names,
 * the e-mail and the phone. Audited; the family is told by e-mail.
 */
export function CorrigirPreMatriculaDialog({
  preMatricula,
  onClose,
}: {
  preMatricula: PreMatriculaItem | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={preMatricula !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        {preMatricula ? <Formulario key={preMatricula.id} pre={preMatricula} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Formulario({ pre, onClose }: { pre: PreMatriculaItem; onClose: () => void }) {
  const [serverErrors, setServerErrors] = useState<Partial<Record<CampoCorrigivel, string>> | undefined>(undefined);
  const [serverMessage, setServerMessage] = useState<string | undefined>(undefined);
  const corrigir = useCorrigirDadosDaPreMatricula({
    onSuccess: (answer) => {
      toast({ variant: 'success', title: 'Dados corrigidos', description: answer.message });
      onClose();
    },
    onError: (error) => {
      const campos = error instanceof ApiError ? error.errors : undefined;
      setServerErrors(campos);
      setServerMessage(campos ? undefined : errorMessage(error, 'Não foi possível corrigir os dados.'));
    },
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle className="[overflow-wrap:anywhere]">Corrigir dados: {pre.nome}</DialogTitle>
        <DialogDescription>
          Corrija os nomes, o e-mail ou o telefone como a família pediu. A correção fica na auditoria e a família é
          avisada por e-mail.
        </DialogDescription>
      </DialogHeader>
      <CorrecaoDadosForm
        idPrefix={`pre-dados-${pre.id}`}
        atuais={{
          nomeAluno: pre.nomeAluno ?? pre.nome,
          nomeResponsavel: pre.nomeResponsavel,
          email: pre.email,
          telefone: pre.telefone,
        }}
        pending={corrigir.isPending}
        serverErrors={serverErrors}
        serverMessage={serverMessage}
        onSubmit={(dados) => corrigir.mutate({ id: pre.id, dados })}
      />
    </>
  );
}
