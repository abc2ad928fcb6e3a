import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { z } from 'zod';
import { todayInBrasilia } from '@shared/brasilia';
import { formatBRL, formatDateOnly, formatDateTime } from '@shared/format';
import { fromCentavos, toCentavos } from '@shared/money/parcelas';
import type { ParcelaItem } from '@shared/schemas/parcela';
import {
  RENEGOCIACAO_MESSAGES,
  RENEGOCIACAO_PARCELAS_MAX,
  type RenegociacaoItem,
  descontoMaximoCentavos,
  planoDaRenegociacao,
  renegociarBodySchema,
} from '@shared/schemas/renegociacao';
import { dateOnlyField } from '@shared/schemas/fields';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { MoneyField } from '@/components/ui/money-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useCobrancaConfiguracao, useRenegociacoes, useRenegociar } from '../api/renegociacao-api';

const emAberto = (p: ParcelaItem) => p.tipo === 'mensalidade' && (p.status === 'aberta' || p.status === 'vencida');

/**
 * 'Renegociar' on the matrícula's record (issue 43, ADR 079): the open parcelas replaced by a new plan -- the count,
 * the first due date and an optional discount within the network's cap -- with the new values shown before
 * confirming; and the record's 'Renegociada em ...' history. `invalidar`: the record's queries (another feature's).
 */
export function Renegociacao({
  matricula,
  parcelas,
  podeRenegociar,
  invalidar = [],
}: {
  matricula: { id: string; status: string };
  parcelas: ParcelaItem[];
  podeRenegociar: boolean;
  invalidar?: readonly (readonly unknown[])[];
}) {
  const [aberto, setAberto] = useState(false);
  const historico = useRenegociacoes(matricula.id);
  const queryClient = useQueryClient();
  const pendente = historico.data?.some((r) => !r.concluida) ?? false;
  const antes = useRef(pendente);
  // The new plan billed (its job done): the record's parcelas read again, no reload.
  useEffect(() => {
    if (antes.current && !pendente) {
      for (const key of invalidar) void queryClient.invalidateQueries({ queryKey: key });
    }
    antes.current = pendente;
  }, [pendente, invalidar, queryClient]);

  const abertas = parcelas.filter(emAberto);
  const pode = podeRenegociar && matricula.status === 'ativa' && abertas.length > 0;
  return (
    <div className="grid gap-2">
      {historico.data && historico.data.length > 0 ? <Historico itens={historico.data} /> : null}
      {pendente ? (
        <p role="status" className="text-sm text-muted-foreground">
          Gerando as novas parcelas no gateway de pagamento...
        </p>
      ) : null}
      {pode ? (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={() => setAberto(true)}>
            <Handshake aria-hidden="true" />
            {RENEGOCIACAO_MESSAGES.titulo}
          </Button>
          <Dialog open={aberto} onOpenChange={setAberto}>
            <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
              {aberto ? (
                <Formulario
                  matriculaId={matricula.id}
                  abertas={abertas}
                  invalidar={invalidar}
                  onClose={() => setAberto(false)}
                />
              ) : null}
            </DialogContent>
          </Dialog>
        </div>
      ) : null}
    </div>
  );
}

function Historico({ itens }: { itens: RenegociacaoItem[] }) {
  return (
    <ul aria-label="Renegociações" className="grid gap-1 text-sm">
      {itens.map((r) => (
        <li key={r.id} className="rounded-md bg-muted/50 p-2 [overflow-wrap:anywhere]">
          <span className="font-medium">{RENEGOCIACAO_MESSAGES.renegociadaEm(todayInBrasilia(new Date(r.em)))}</span>
          <span className="text-muted-foreground">
            {' '}
            ({formatDateTime(r.em)}
            {r.por ? `, por ${r.por}` : ''}): {r.parcelasAnteriores}{' '}
            {r.parcelasAnteriores === 1 ? 'parcela' : 'parcelas'} em aberto ({formatBRL(r.valorAnterior)})
            {r.desconto > 0 ? `, desconto de ${formatBRL(r.desconto)}` : ''}, {r.novasParcelas}{' '}
            {r.novasParcelas === 1 ? 'nova parcela' : 'novas parcelas'} ({formatBRL(r.novoTotal)}) a partir de{' '}
            {formatDateOnly(r.primeiroVencimento)}.
          </span>
        </li>
      ))}
    </ul>
  );
}

function Formulario({
  matriculaId,
  abertas,
  invalidar,
  onClose,
}: {
  matriculaId: string;
  abertas: ParcelaItem[];
  invalidar: readonly (readonly unknown[])[];
  onClose: () => void;
}) {
  const configuracao = useCobrancaConfiguracao();
  const saldo = abertas.reduce((s, p) => s + toCentavos(p.valor), 0);
  const pct = configuracao.data?.descontoMaximoRenegociacaoPct ?? 0;
  const maximo = descontoMaximoCentavos(saldo, pct);
  const hoje = todayInBrasilia();

  const formSchema = renegociarBodySchema
    .extend({
      primeiroVencimento: dateOnlyField(RENEGOCIACAO_MESSAGES.primeiroVencimento),
      // The money field holds NaN when empty: no discount.
      desconto: z.preprocess(
        (v) => (typeof v === 'number' && Number.isNaN(v) ? undefined : v),
        renegociarBodySchema.shape.desconto,
      ),
    })
    .superRefine((value, ctx) => {
      if (value.primeiroVencimento < hoje) {
        ctx.addIssue({
          code: 'custom',
          path: ['primeiroVencimento'],
          message: RENEGOCIACAO_MESSAGES.primeiroVencimentoPassado,
        });
      }
      const desconto = toCentavos(value.desconto ?? 0);
      if (configuracao.data && desconto > maximo) {
        ctx.addIssue({
          code: 'custom',
          path: ['desconto'],
          message: RENEGOCIACAO_MESSAGES.descontoAcimaDoLimite(maximo, pct),
        });
      } else if (saldo - desconto < value.parcelas) {
        ctx.addIssue({ code: 'custom', path: ['desconto'], message: RENEGOCIACAO_MESSAGES.descontoDeixaPoucoSaldo });
      }
    });
  type FormValues = z.input<typeof formSchema>;

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { parcelas: Math.min(abertas.length, RENEGOCIACAO_PARCELAS_MAX), primeiroVencimento: hoje },
  });
  const [n, primeiro, descontoReais] = useWatch({ control, name: ['parcelas', 'primeiroVencimento', 'desconto'] });
  const descontoCentavos =
    typeof descontoReais === 'number' && Number.isFinite(descontoReais) && descontoReais >= 0
      ? toCentavos(descontoReais)
      : 0;
  const total = saldo - descontoCentavos;
  const previa =
    Number.isInteger(n) &&
    typeof n === 'number' &&
    n >= 1 &&
    n <= RENEGOCIACAO_PARCELAS_MAX &&
    total >= n &&
    /^\d{4}-\d{2}-\d{2}$/.test(String(primeiro ?? ''))
      ? planoDaRenegociacao(total, n, String(primeiro), 1)
      : null;

  const mutation = useRenegociar(invalidar, {
    onSuccess: (answer) => {
      toast({ variant: 'success', title: 'Renegociação registrada', description: answer.message });
      onClose();
    },
    onError: (error) => {
      showServerFieldErrors(error, setError, { fields: ['parcelas', 'primeiroVencimento', 'desconto'], focus: true });
      toast({
        variant: 'destructive',
        title: 'Não foi possível renegociar',
        description: errorMessage(error, 'Tente novamente em instantes.'),
      });
    },
  });
  const id = `renegociar-${matriculaId}`;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Renegociar parcelas</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          {abertas.length} {abertas.length === 1 ? 'parcela em aberto' : 'parcelas em aberto'}, somando{' '}
          {formatBRL(fromCentavos(saldo))}, serão canceladas e substituídas pelas novas parcelas abaixo. As parcelas já
          pagas não mudam. Não pode ser desfeita.
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={handleSubmit((body) => mutation.mutate({ matriculaId, ...(body as z.output<typeof formSchema>) }))}
      >
        <TextField
          id={`${id}-parcelas`}
          label="Número de parcelas"
          type="number"
          inputMode="numeric"
          min={1}
          max={RENEGOCIACAO_PARCELAS_MAX}
          hint={`De 1 a ${RENEGOCIACAO_PARCELAS_MAX}.`}
          error={errors.parcelas?.message}
          {...register('parcelas', { valueAsNumber: true })}
        />
        <DateField
          control={control}
          name="primeiroVencimento"
          id={`${id}-vencimento`}
          label="Primeiro vencimento"
          hint="Hoje ou depois; as seguintes vencem no mesmo dia dos meses seguintes."
        />
        <div className="grid gap-1">
          <MoneyField control={control} name="desconto" id={`${id}-desconto`} label="Desconto (opcional)" />
          <p className="text-sm text-muted-foreground" id={`${id}-desconto-limite`}>
            {configuracao.data
              ? pct > 0
                ? `Até ${formatBRL(fromCentavos(maximo))} (${pct}% do saldo em aberto, limite da rede).`
                : 'A rede não permite desconto na renegociação.'
              : 'Carregando o limite de desconto da rede...'}
          </p>
        </div>
        <section aria-labelledby={`${id}-previa`} className="grid gap-2">
          <h4 id={`${id}-previa`} className="font-semibold">
            Novas parcelas
          </h4>
          {previa ? (
            <>
              <ol className="grid gap-1 text-sm">
                {previa.map((p) => (
                  <li
                    key={p.numero}
                    className="flex flex-wrap justify-between gap-2 rounded-md border border-border p-2"
                  >
                    <span>
                      {p.numero}/{previa.length}, vence em {formatDateOnly(p.vencimento)}
                    </span>
                    <span className="font-medium">{formatBRL(fromCentavos(p.valorCentavos))}</span>
                  </li>
                ))}
              </ol>
              <p className="text-sm font-medium">Total: {formatBRL(fromCentavos(total))}</p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Preencha o número de parcelas e o primeiro vencimento.</p>
          )}
        </section>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <SubmitButton pending={mutation.isPending} pendingLabel="Renegociando...">
            Confirmar renegociação
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
