import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban } from 'lucide-react';
import { formatBRL, formatDateOnly, formatDateTime } from '@shared/format';
import {
  type CancelamentoFeito,
  type CancelamentoPreview,
  type CancelarBody,
  MOTIVO_MAX,
  cancelarBodySchema,
} from '@shared/schemas/cancelamento';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCancelamento, useCancelarMatricula } from '../../api/cancelar-matricula';
import { characterCount, showActionFailure } from '../leads/lead-panel-feedback';

/**
 * Issue 42: the staff's cancellation of a matrícula, in its record. Within the family's 7 days the dialog says the
 * family withdraws itself, free of charge; after them it shows the fee (the contract's % of the value still to
 * pay, capped by the network) before confirming, with the reason, which goes to the family's statement.
 */
export function CancelarMatricula({
  matriculaId,
  nome,
  onCancelada,
}: {
  matriculaId: string;
  nome: string;
  onCancelada: (feito: CancelamentoFeito['matricula']) => void;
}) {
  const [aberto, setAberto] = useState(false);
  const preview = useCancelamento(matriculaId, true);
  if (preview.isPending) return <Skeleton className="h-9 w-44" />;
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(preview.error, 'Falha ao carregar o cancelamento')}
      </p>
    );
  }
  const dados = preview.data;
  // No contract, or one the family has not accepted yet: there is nothing to cancel here.
  if (!dados || dados.situacao === 'aguardando_aceite') return null;
  if (dados.situacao === 'cancelada') {
    return <p className="w-full basis-full text-sm text-muted-foreground">{dados.mensagem}</p>;
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setAberto(true)}>
        <Ban aria-hidden="true" />
        Cancelar matrícula
      </Button>
      <Dialog open={aberto} onOpenChange={setAberto}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
          {aberto ? (
            <Conteudo
              preview={dados}
              nome={nome}
              onClose={() => setAberto(false)}
              onCancelada={(feito) => {
                setAberto(false);
                onCancelada(feito);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function Valores({ preview }: { preview: CancelamentoPreview }) {
  const linhas: [string, string][] = [
    ['Contrato', `Versão ${preview.contratoVersao}, aceito em ${formatDateTime(preview.aceitoEm)}`],
    ['Valor total', `${formatBRL(preview.valorTotal)} em ${preview.parcelas}x`],
    ['Valor pago', formatBRL(preview.valorPago)],
    ['Valor restante', formatBRL(preview.valorRestante)],
    [`Multa (${preview.multaPct}% do restante)`, formatBRL(preview.multa)],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1 rounded-md border border-border p-3 text-sm sm:grid-cols-[auto_1fr]">
      {linhas.map(([termo, valor]) => (
        <div key={termo} className="contents">
          <dt className="text-muted-foreground">{termo}</dt>
          <dd className="font-medium tabular-nums">{valor}</dd>
        </div>
      ))}
    </dl>
  );
}

function Conteudo({
  preview,
  nome,
  onClose,
  onCancelada,
}: {
  preview: CancelamentoPreview;
  nome: string;
  onClose: () => void;
  onCancelada: (feito: CancelamentoFeito['matricula']) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CancelarBody>({ resolver: zodResolver(cancelarBodySchema), defaultValues: { motivo: '' } });
  const motivo = useWatch({ control, name: 'motivo' }) ?? '';
  const cancelar = useCancelarMatricula({
    onSuccess: (feito) => {
      toast({ variant: 'success', title: 'Matrícula cancelada', description: feito.message });
      onCancelada(feito.matricula);
    },
    onError: (error) => showActionFailure('Erro ao cancelar a matrícula', error, setError, ['motivo']),
  });

  if (!preview.podeCancelar) {
    return (
      <>
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">Cancelar a matrícula de {nome}?</DialogTitle>
          <DialogDescription>
            {preview.situacao === 'arrependimento' && preview.arrependimentoAte
              ? `A família está no prazo de arrependimento até ${formatDateOnly(preview.arrependimentoAte)}.`
              : 'Esta matrícula não pode ser cancelada agora.'}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">{preview.mensagem}</p>
        <div className="flex justify-end">
          <Button variant="outline" onClick={onClose}>
            Fechar
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle className="[overflow-wrap:anywhere]">Cancelar a matrícula de {nome}?</DialogTitle>
        <DialogDescription>
          O prazo de arrependimento da família terminou. O cancelamento cobra a multa do contrato sobre o valor ainda a
          pagar, e a família recebe o extrato por e-mail. Não pode ser desfeito.
        </DialogDescription>
      </DialogHeader>
      <Valores preview={preview} />
      <p className="text-sm font-medium">{preview.mensagem}</p>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={handleSubmit((body) => cancelar.mutate({ id: preview.matriculaId, motivo: body.motivo }))}
      >
        <TextareaField
          id={`cancelar-motivo-${preview.matriculaId}`}
          label="Motivo do cancelamento (vai no extrato enviado à família)"
          rows={3}
          required
          maxLength={MOTIVO_MAX}
          hint={characterCount(motivo.length, MOTIVO_MAX)}
          error={errors.motivo?.message}
          {...register('motivo')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <SubmitButton variant="destructive" pending={cancelar.isPending} pendingLabel="Cancelando...">
            Confirmar cancelamento
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
