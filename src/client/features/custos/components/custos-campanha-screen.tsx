import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { formatBRL, formatDateOnly } from '@shared/format';
import { CUSTO_CATEGORIA_LABELS, CUSTO_CATEGORIAS } from '@shared/metas/enums';
import { fromCentavos } from '@shared/money/parcelas';
import { CUSTO_MESSAGES, type CampanhaCustoForm, campanhaCustoFormSchema, custoPayload } from '@shared/schemas/custos';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { type DataTableColumn, DataTable } from '@/components/ui/data-table';
import { DateField } from '@/components/ui/date-field';
import { FormSelectField } from '@/components/ui/form-select-field';
import { MoneyField } from '@/components/ui/money-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import {
  type CampanhaCusto,
  useCampanhaCustos,
  useCriarCampanhaCusto,
  useRemoverCampanhaCusto,
} from '../api/campanha-custos';

const PAGE_SIZE = 20;
const CATEGORIA_OPTIONS = CUSTO_CATEGORIAS.map((value) => ({ value, label: CUSTO_CATEGORIA_LABELS[value] }));
const reais = (centavos: number) => formatBRL(fromCentavos(centavos));

/**
 * Financeiro > Custos de campanha (issue 48): what each campaign (`utm_campaign`, as the share links and ads carry
 * it) cost on a day. The franqueador enters the network's and reads every franquia's too; a franquia enters and
 * reads its own. Relatórios grouped by campaign divide them by the campaign's leads and matrículas.
 */
export function CustosCampanhaScreen({ hoje }: { hoje: string }) {
  const [page, setPage] = useState(1);
  const custos = useCampanhaCustos({ page, pageSize: PAGE_SIZE });
  const remover = useRemoverCampanhaCusto({
    onSuccess: () => toast({ variant: 'success', title: CUSTO_MESSAGES.removido }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível remover', description: errorMessage(error, '') }),
  });
  const columns: DataTableColumn<CampanhaCusto>[] = [
    { key: 'data', header: 'Data', cell: (c) => formatDateOnly(c.data) },
    {
      key: 'utmCampaign',
      header: 'Campanha',
      cell: (c) => <span className="[overflow-wrap:anywhere]">{c.utmCampaign}</span>,
    },
    { key: 'categoria', header: 'Categoria', cell: (c) => CUSTO_CATEGORIA_LABELS[c.categoria] },
    { key: 'descricao', header: 'Descrição', cell: (c) => c.descricao ?? '-' },
    { key: 'alcance', header: 'De', cell: (c) => c.alcance },
    {
      key: 'valor',
      header: 'Valor',
      className: 'text-right tabular-nums whitespace-nowrap',
      cell: (c) => reais(c.valorCentavos),
    },
    {
      key: 'acoes',
      header: 'Ações',
      cell: (c) => (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={remover.isPending}
          onClick={() => remover.mutate(c.id)}
        >
          <Trash2 aria-hidden="true" />
          Remover{' '}
          <span className="sr-only">
            o custo de {reais(c.valorCentavos)} da campanha {c.utmCampaign}
          </span>
        </Button>
      ),
    },
  ];
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <NovoCusto hoje={hoje} />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">Custos lançados</CardTitle>
          {custos.data ? (
            <p className="text-sm text-muted-foreground" data-testid="campanha-custos-total">
              Total: <span className="font-semibold tabular-nums">{reais(custos.data.totalCentavos)}</span>
            </p>
          ) : null}
        </CardHeader>
        <div className="px-2 pb-4 sm:px-4">
          <DataTable
            caption="Custos de campanha"
            columns={columns}
            rows={custos.data?.custos ?? []}
            isLoading={custos.isPending}
            isUpdating={custos.isPlaceholderData}
            notice={
              custos.isError
                ? { kind: 'error', title: errorMessage(custos.error, CUSTO_MESSAGES.failed) }
                : custos.data && custos.data.custos.length === 0
                  ? { kind: 'empty', title: CUSTO_MESSAGES.empty }
                  : null
            }
            pagination={
              custos.data ? { page, pageSize: PAGE_SIZE, total: custos.data.total, onPageChange: setPage } : undefined
            }
            cards="list"
          />
        </div>
      </Card>
    </div>
  );
}

function NovoCusto({ hoje }: { hoje: string }) {
  const vazio: CampanhaCustoForm = {
    utmCampaign: '',
    data: hoje,
    categoria: 'anuncios',
    descricao: '',
    valor: Number.NaN,
  };
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CampanhaCustoForm>({ resolver: zodResolver(campanhaCustoFormSchema), defaultValues: vazio });
  const criar = useCriarCampanhaCusto({
    onSuccess: () => {
      toast({ variant: 'success', title: CUSTO_MESSAGES.adicionado });
      reset(vazio);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível adicionar', description: errorMessage(error, '') }),
  });
  const submit = handleSubmit(
    submitShowingFieldErrors((values: CampanhaCustoForm) => criar.mutateAsync(custoPayload(values)), setError, {
      fields: ['utmCampaign', 'data', 'categoria', 'descricao', 'valor'],
      focus: true,
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Adicionar custo</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-4 md:grid-cols-2"
          aria-label="Adicionar custo de campanha"
        >
          <TextField
            id="campanha-utm"
            label="Campanha (utm_campaign)"
            autoComplete="off"
            error={errors.utmCampaign?.message}
            {...register('utmCampaign')}
          />
          <DateField control={control} name="data" id="campanha-data" label="Data do gasto" />
          <FormSelectField
            control={control}
            name="categoria"
            id="campanha-categoria"
            label="Categoria"
            options={CATEGORIA_OPTIONS}
            required
          />
          <MoneyField control={control} name="valor" id="campanha-valor" label="Valor" />
          <TextField
            id="campanha-descricao"
            label="Descrição (opcional)"
            className="md:col-span-2"
            error={errors.descricao?.message}
            {...register('descricao')}
          />
          <div className="flex justify-end md:col-span-2">
            <SubmitButton pending={isSubmitting} pendingLabel="Adicionando...">
              Adicionar custo
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
