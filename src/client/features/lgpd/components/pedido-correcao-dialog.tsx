import { useState } from 'react';
import type { RegistroCorrigivel } from '@shared/schemas/correcao';
import type { TitularRegistro } from '@shared/schemas/lgpd';
import { CorrecaoDadosForm } from '@/components/lgpd/correcao-dados-form';
import { REGISTRO_TIPO_LABELS, cidadeTexto, dataTexto } from '@/components/lgpd/titular-registro';
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
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type PedidoItem, useCorrigirPeloPedido, useRegistrosDoPedido } from '../api/lgpd-api';

/** One record of the request's titular, with its correction form. */
function RegistroCorrecao({ pedido, registro }: { pedido: PedidoItem; registro: TitularRegistro }) {
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>(undefined);
  const [serverMessage, setServerMessage] = useState<string | undefined>(undefined);
  const corrigir = useCorrigirPeloPedido({
    onSuccess: (answer) => {
      setServerErrors(undefined);
      setServerMessage(undefined);
      toast({ variant: 'success', title: 'Dados corrigidos', description: answer.message });
    },
    onError: (error) => {
      const campos = error instanceof ApiError ? error.errors : undefined;
      setServerErrors(campos);
      setServerMessage(campos ? undefined : errorMessage(error, 'Não foi possível corrigir os dados.'));
    },
  });
  const tipo = registro.tipo as RegistroCorrigivel;
  const titulo = `${REGISTRO_TIPO_LABELS[registro.tipo]} · ${registro.escola ?? ''}`;
  return (
    <article className="grid gap-3 rounded-lg border border-border p-3 sm:p-4" aria-label={titulo}>
      <header className="grid gap-0.5">
        <h3 className="font-semibold [overflow-wrap:anywhere]">{titulo}</h3>
        <p className="text-xs text-muted-foreground">
          Evento em {dataTexto(registro.dataEvento)} · {cidadeTexto(registro)}
        </p>
      </header>
      <CorrecaoDadosForm
        idPrefix={`correcao-${registro.id}`}
        atuais={{
          nomeAluno: registro.nomeAluno,
          nomeResponsavel: registro.nomeResponsavel,
          email: registro.email,
          telefone: registro.telefone,
        }}
        semCampos={tipo === 'matricula' ? ['nomeResponsavel'] : []}
        pending={corrigir.isPending}
        serverErrors={serverErrors}
        serverMessage={serverMessage}
        onSubmit={(dados) => corrigir.mutate({ pedidoId: pedido.id, tipo, registroId: registro.id, ...dados })}
      />
    </article>
  );
}

/**
 * 'Corrigir dados' of a 'Correção de dados' request (issue 39 item 14): the records of the request's titular in
 * the reader's reach, each with its names, e-mail and phone to correct. The request is then concluded as any
 * other, with its answer.
 */
export function PedidoCorrecaoDialog({ pedido, onClose }: { pedido: PedidoItem | null; onClose: () => void }) {
  const registros = useRegistrosDoPedido(pedido?.id ?? null);
  return (
    <Dialog open={pedido !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {pedido ? (
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle className="[overflow-wrap:anywhere]">Corrigir os dados de {pedido.email}</DialogTitle>
            <DialogDescription className="[overflow-wrap:anywhere]">
              Pedido {pedido.protocolo}
              {pedido.detalhe ? `: “${pedido.detalhe}”` : ''}. Corrija o que o titular pediu em cada registro e depois
              conclua o pedido.
            </DialogDescription>
          </DialogHeader>
          {registros.isPending ? (
            <div aria-busy="true" className="grid gap-3">
              <Skeleton className="h-40 w-full" />
            </div>
          ) : registros.isError ? (
            <p role="alert" className="font-medium text-destructive">
              {errorMessage(registros.error, 'Erro ao carregar os registros do titular')}
            </p>
          ) : registros.data.registros.length ? (
            <div className="grid gap-3">
              {registros.data.registros.map((registro) => (
                <RegistroCorrecao key={`${registro.tipo}-${registro.id}`} pedido={pedido} registro={registro} />
              ))}
            </div>
          ) : (
            <p className="text-sm">Nenhum registro deste e-mail no seu alcance para corrigir.</p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Fechar</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
