import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { HandCoins } from 'lucide-react';
import type { z } from 'zod';
import { todayInBrasilia } from '@shared/brasilia';
import { PARCELA_TIPO_LABELS, tituloDaParcela } from '@shared/cobranca/parcelas';
import { formatBRL, formatCount, formatDateOnly } from '@shared/format';
import type { ParcelaItem } from '@shared/schemas/parcela';
import {
  BAIXA_MESSAGES,
  OBSERVACAO_BAIXA_MAX,
  baixaBodySchema,
  problemaNaDataDaBaixa,
} from '@shared/schemas/parcela-baixa';
import { dateOnlyField } from '@shared/schemas/fields';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useDarBaixa } from '../api/parcelas-api';

/** The dialog's form: the day is asked (today by default), and never in the future (the server checks the rest). */
const formSchema = baixaBodySchema
  .extend({ pagaEm: dateOnlyField(BAIXA_MESSAGES.pagaEmInvalida) })
  .superRefine((value, ctx) => {
    // The lower bound (the matrícula's day) is the server's to check: the dialog knows today only.
    const problema = problemaNaDataDaBaixa(value.pagaEm, todayInBrasilia(), '0000-00-00');
    if (problema) ctx.addIssue({ code: 'custom', path: ['pagaEm'], message: problema });
  });
type FormValues = z.input<typeof formSchema>;

/** 'parcela 2 de 10', 'parcela 2 de 6 da renegociação' (ADR 084), or what a charge that is not the plan's is. */
export const nomeDaParcela = (p: ParcelaItem) =>
  p.tipo === 'mensalidade' ? `p${tituloDaParcela(p).slice(1)}` : PARCELA_TIPO_LABELS[p.tipo].toLowerCase();

/**
 * 'Dar baixa' (issue 43, ADR 076): a parcela open or overdue paid at the school, in cash -- the day it was paid and
 * a note, in a dialog. The parcela is paid on the lists at once; its charge is cancelled at the gateway after.
 * `invalidar`: the other screens' queries that show the parcela (the matrícula's record), composed by the route.
 */
export function DarBaixa({
  parcela,
  invalidar = [],
}: {
  parcela: ParcelaItem;
  invalidar?: readonly (readonly unknown[])[];
}) {
  const [aberto, setAberto] = useState(false);
  if (parcela.status !== 'aberta' && parcela.status !== 'vencida') return null;
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-label={`${BAIXA_MESSAGES.titulo}: ${nomeDaParcela(parcela)} de ${parcela.aluno}`}
        onClick={() => setAberto(true)}
      >
        <HandCoins aria-hidden="true" />
        {BAIXA_MESSAGES.titulo}
      </Button>
      <Dialog open={aberto} onOpenChange={setAberto}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
          {aberto ? <Formulario parcela={parcela} invalidar={invalidar} onClose={() => setAberto(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function Formulario({
  parcela,
  invalidar,
  onClose,
}: {
  parcela: ParcelaItem;
  invalidar: readonly (readonly unknown[])[];
  onClose: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { pagaEm: todayInBrasilia(), observacao: '' },
  });
  const observacao = useWatch({ control, name: 'observacao' }) ?? '';
  const baixa = useDarBaixa(invalidar, {
    onSuccess: (answer) => {
      toast({ variant: 'success', title: 'Baixa registrada', description: answer.message });
      onClose();
    },
    onError: (error) => {
      showServerFieldErrors(error, setError, { fields: ['pagaEm', 'observacao'], focus: true });
      toast({
        variant: 'destructive',
        title: 'Não foi possível dar baixa',
        description: errorMessage(error, 'Tente novamente em instantes.'),
      });
    },
  });
  const id = `baixa-${parcela.id}`;

  return (
    <>
      <DialogHeader>
        <DialogTitle className="[overflow-wrap:anywhere]">Dar baixa: {nomeDaParcela(parcela)}</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          {parcela.aluno}: {formatBRL(parcela.valor)}, vencimento em {formatDateOnly(parcela.vencimento)}. Use quando a
          família pagou na escola (em dinheiro, por exemplo): a parcela fica paga e a cobrança no gateway é cancelada,
          para a família não pagar duas vezes. Não pode ser desfeita.
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={handleSubmit((body) => baixa.mutate({ id: parcela.id, ...body }))}
      >
        <DateField control={control} name="pagaEm" id={`${id}-data`} label="Data do pagamento" hint="Hoje ou antes." />
        <TextareaField
          id={`${id}-observacao`}
          label="Observação"
          rows={3}
          required
          maxLength={OBSERVACAO_BAIXA_MAX}
          hint={`${formatCount(observacao.length)} de ${formatCount(OBSERVACAO_BAIXA_MAX)} caracteres`}
          error={errors.observacao?.message}
          {...register('observacao')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <SubmitButton pending={baixa.isPending} pendingLabel="Registrando...">
            Confirmar baixa
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
