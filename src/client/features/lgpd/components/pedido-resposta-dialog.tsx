import { useState, type FormEvent } from 'react';
import { LGPD_MESSAGES, PEDIDO_TIPO_LABELS } from '@shared/schemas/lgpd';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import type { PedidoItem } from '../api/lgpd-api';

export interface PedidoResposta {
  pedido: PedidoItem;
  acao: 'concluido' | 'recusado';
}

export interface PedidoRespostaDialogProps {
  /** The request being answered and how; null closes the dialog. */
  resposta: PedidoResposta | null;
  pending: boolean;
  /** The server's message for the answer field (a 400's errors.resposta). */
  serverError?: string;
  onConfirm: (resposta: string) => void;
  onClose: () => void;
}

/**
 * Concluding or refusing a request. Refusing asks the reason (the titular receives it); concluding an
 * anonymisation says what it does to whom -- every record of that e-mail, irreversibly -- before it is done.
 */
export function PedidoRespostaDialog({
  resposta,
  pending,
  serverError,
  onConfirm,
  onClose,
}: PedidoRespostaDialogProps) {
  return (
    <Dialog open={resposta !== null} onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      {resposta ? (
        <RespostaContent
          key={`${resposta.pedido.id}-${resposta.acao}`}
          resposta={resposta}
          pending={pending}
          serverError={serverError}
          onConfirm={onConfirm}
        />
      ) : null}
    </Dialog>
  );
}

function RespostaContent({
  resposta: { pedido, acao },
  pending,
  serverError,
  onConfirm,
}: Omit<PedidoRespostaDialogProps, 'resposta' | 'onClose'> & { resposta: PedidoResposta }) {
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | undefined>(undefined);
  const recusar = acao === 'recusado';
  const anonimiza = !recusar && pedido.tipo === 'anonimizacao';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = texto.trim();
    if (recusar && !value) {
      setErro(LGPD_MESSAGES.motivoRecusa);
      document.getElementById('pedido-resposta')?.focus();
      return;
    }
    onConfirm(value);
  };

  let title = `Concluir o pedido ${pedido.protocolo}?`;
  let description = `${PEDIDO_TIPO_LABELS[pedido.tipo]} pedida por ${pedido.email}. O titular recebe a resposta por e-mail.`;
  if (recusar) {
    title = `Recusar o pedido ${pedido.protocolo}`;
    description = `${PEDIDO_TIPO_LABELS[pedido.tipo]} pedida por ${pedido.email}. Diga o motivo: o titular o recebe por e-mail.`;
  } else if (anonimiza) {
    title = `Anonimizar os dados de ${pedido.email}?`;
    description = `Concluir este pedido apaga os nomes, o e-mail, o telefone e os CPFs de todos os registros de ${pedido.email} no seu alcance (inscrições, pré-matrículas, matrículas e a conta de aluno, que é desativada). É irreversível. As contagens e os relatórios continuam os mesmos.`;
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle className="[overflow-wrap:anywhere]">{title}</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">{description}</DialogDescription>
      </DialogHeader>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <TextareaField
          id="pedido-resposta"
          label={recusar ? 'Motivo da recusa' : 'Resposta ao titular (opcional)'}
          maxLength={2000}
          value={texto}
          error={erro ?? serverError}
          onChange={(event) => {
            setTexto(event.target.value);
            setErro(undefined);
          }}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancelar
            </Button>
          </DialogClose>
          <SubmitButton
            pending={pending}
            pendingLabel="Salvando..."
            variant={recusar || anonimiza ? 'destructive' : 'default'}
          >
            {recusar ? 'Recusar pedido' : anonimiza ? 'Concluir e anonimizar' : 'Concluir pedido'}
          </SubmitButton>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
