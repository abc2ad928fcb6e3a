import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { formatBRL, formatDateOnly } from '@shared/format';
import { CUSTO_CATEGORIA_LABELS, CUSTO_CATEGORIAS } from '@shared/metas/enums';
import { fromCentavos } from '@shared/money/parcelas';
import { CUSTO_MESSAGES, type EventoCustoForm, custoPayload, eventoCustoFormSchema } from '@shared/schemas/custos';
import type { Evento } from '@shared/schemas/evento';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormSelectField } from '@/components/ui/form-select-field';
import { MoneyField } from '@/components/ui/money-field';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useAdicionarEventoCusto, useEventoCustos, useRemoverEventoCusto } from '../api/evento-custos';

const CATEGORIA_OPTIONS = CUSTO_CATEGORIAS.map((value) => ({ value, label: CUSTO_CATEGORIA_LABELS[value] }));
const reais = (centavos: number) => formatBRL(fromCentavos(centavos));

/**
 * 'Custos' of an event (issue 48): what it cost by category, read by whoever reads the event; the roles that edit
 * it add a cost and remove one typed wrong. Relatórios divide them by the event's leads, pré-matrículas and
 * matrículas (CPL) in the period of the event's day.
 */
export function EventoCustosDialog({
  evento,
  podeEditar,
  onClose,
}: {
  evento: Evento | null;
  podeEditar: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={evento !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Custos do evento</DialogTitle>
          <DialogDescription>
            {evento ? `${evento.nomeEscola} · ${formatDateOnly(evento.dataEvento)}. ` : ''}
            Os custos contam nos Relatórios no período da data do evento.
          </DialogDescription>
        </DialogHeader>
        {evento ? <Custos key={evento.id} evento={evento} podeEditar={podeEditar} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Custos({ evento, podeEditar }: { evento: Evento; podeEditar: boolean }) {
  const custos = useEventoCustos(evento.id);
  const remover = useRemoverEventoCusto({
    onSuccess: () => toast({ variant: 'success', title: CUSTO_MESSAGES.removido }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível remover', description: errorMessage(error, '') }),
  });
  return (
    <div className="grid gap-4">
      <section aria-labelledby="evento-custos-lista" className="grid gap-2">
        <h3 id="evento-custos-lista" className="text-sm font-semibold">
          Lançados
        </h3>
        {custos.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : custos.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(custos.error, CUSTO_MESSAGES.failed)}
          </p>
        ) : custos.data.custos.length === 0 ? (
          <p className="text-sm text-muted-foreground">{CUSTO_MESSAGES.empty}</p>
        ) : (
          <>
            <ul className="grid gap-2" data-testid="evento-custos">
              {custos.data.custos.map((custo) => (
                <li key={custo.id} className="flex items-start gap-2 rounded-md border border-border p-2 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{CUSTO_CATEGORIA_LABELS[custo.categoria]}</p>
                    {custo.descricao ? <p className="break-words text-muted-foreground">{custo.descricao}</p> : null}
                  </div>
                  <p className="whitespace-nowrap font-semibold tabular-nums">{reais(custo.valorCentavos)}</p>
                  {podeEditar ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="h-8 px-2"
                      disabled={remover.isPending}
                      onClick={() => remover.mutate({ eventoId: evento.id, custoId: custo.id })}
                    >
                      <Trash2 aria-hidden="true" />
                      <span className="sr-only">
                        Remover {CUSTO_CATEGORIA_LABELS[custo.categoria]} de {reais(custo.valorCentavos)}
                      </span>
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <p className="text-sm" data-testid="evento-custos-total">
              Total: <span className="font-semibold tabular-nums">{reais(custos.data.totalCentavos)}</span>
            </p>
          </>
        )}
      </section>
      {podeEditar ? <NovoCusto eventoId={evento.id} /> : null}
    </div>
  );
}

function NovoCusto({ eventoId }: { eventoId: string }) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EventoCustoForm>({
    resolver: zodResolver(eventoCustoFormSchema),
    defaultValues: { categoria: 'cartoes', descricao: '', valor: Number.NaN },
  });
  const adicionar = useAdicionarEventoCusto({
    onSuccess: () => {
      toast({ variant: 'success', title: CUSTO_MESSAGES.adicionado });
      reset({ categoria: 'cartoes', descricao: '', valor: Number.NaN });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível adicionar', description: errorMessage(error, '') }),
  });
  const submit = handleSubmit(
    submitShowingFieldErrors(
      (values: EventoCustoForm) => adicionar.mutateAsync({ eventoId, body: custoPayload(values) }),
      setError,
      { fields: ['categoria', 'descricao', 'valor'], focus: true },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 border-t border-border pt-4" aria-label="Adicionar custo">
      <h3 className="text-sm font-semibold">Adicionar custo</h3>
      <FormSelectField
        control={control}
        name="categoria"
        id="custo-categoria"
        label="Categoria"
        options={CATEGORIA_OPTIONS}
        required
      />
      <TextField
        id="custo-descricao"
        label="Descrição (opcional)"
        error={errors.descricao?.message}
        {...register('descricao')}
      />
      <MoneyField control={control} name="valor" id="custo-valor" label="Valor" />
      <div className="flex justify-end">
        <SubmitButton pending={isSubmitting} pendingLabel="Adicionando...">
          Adicionar custo
        </SubmitButton>
      </div>
    </form>
  );
}
