import { Banknote, Download, X } from 'lucide-react';
import { todayInBrasilia } from '@shared/brasilia';
import { PARCELA_STATUSES, PARCELA_STATUS_LABELS, type ParcelaStatus, numeracaoCurta } from '@shared/cobranca/parcelas';
import { PERIODO_RE, periodoDe } from '@shared/comissoes/lancamentos';
import { formatBRL, formatCount, formatDateOnly } from '@shared/format';
import { PARCELA_MESSAGES, type ParcelaItem } from '@shared/schemas/parcela';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MonthSelect, deslocarMes } from '@/components/ui/month-select';
import { listNotice } from '@/components/ui/list-notice';
import { SearchHint } from '@/components/ui/search-hint';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, SEM_FILTRO } from '@/components/ui/select';
import { useListState } from '@/hooks/use-list-state';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { parcelasCsvUrl, useParcelas, useSimularPagamento } from '../api/parcelas-api';
import { DarBaixa } from './dar-baixa';
import { ParcelaStatusBadge } from './parcela-status-badge';

const TREE_FILTERS = ['franquiaId', 'microFranquiaId', 'clienteId', 'eventoId'] as const;
const LIST_FILTERS = ['status', 'mes', ...TREE_FILTERS];
/** The due months the filter offers: two years back to two years ahead of this one (an address's `?mes=` is kept). */
const MESES_ANTES = 24;
const MESES_DEPOIS = 24;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isStatus = (value: string | undefined): value is ParcelaStatus =>
  !!value && (PARCELA_STATUSES as readonly string[]).includes(value);

/** The last day of a month 'YYYY-MM'. */
function fimDoMes(mes: string): string {
  const [y, m] = mes.split('-').map(Number) as [number, number];
  const dias = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${mes}-${String(dias).padStart(2, '0')}`;
}

/**
 * 'Financeiro' > 'Parcelas' (issue 43, ADR 071): the parcelas of the matrículas the role reads, latest due date
 * first, searched by the family and filtered by status and due month, with each one's payment link; in development,
 * a parcela of the simulated gateway may be paid by 'Simular pagamento'. 'Dar baixa' (ADR 076) for the roles that
 * may: a parcela paid at the school.
 */
export function ParcelasScreen({ podeDarBaixa = false }: { podeDarBaixa?: boolean } = {}) {
  const listState = useListState({ filters: LIST_FILTERS, searchMinimum: true });
  const atual = periodoDe(todayInBrasilia());
  const status = isStatus(listState.filters.status) ? listState.filters.status : undefined;
  const mes = PERIODO_RE.test(listState.filters.mes ?? '') ? listState.filters.mes : undefined;
  const { page, setPage, setFilter, pageSize, pageParams } = listState;
  // A group of Inadimplência opens the list narrowed to its node (ADR 077).
  const tree = Object.fromEntries(
    TREE_FILTERS.flatMap((key) => {
      const value = listState.filters[key];
      return value && UUID.test(value) ? [[key, value]] : [];
    }),
  ) as Partial<Record<(typeof TREE_FILTERS)[number], string>>;
  const params = {
    q: listState.q,
    status,
    vencimentoDe: mes ? `${mes}-01` : undefined,
    vencimentoAte: mes ? fimDoMes(mes) : undefined,
    ...tree,
    // The page's number, and its cursor past the first page (issue 46).
    ...pageParams,
    pageSize,
  };
  const list = useParcelas(params);
  const simular = useSimularPagamento({
    onSuccess: (answer) => toast({ variant: 'success', title: answer.message }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível simular', description: errorMessage(error, '') }),
  });
  const active = status !== undefined || mes !== undefined || listState.q !== undefined || Object.keys(tree).length > 0;

  const columns: DataTableColumn<ParcelaItem>[] = [
    {
      key: 'aluno',
      header: 'Aluno',
      cell: (p) => (
        <span className="grid min-w-0">
          <span className="font-medium [overflow-wrap:anywhere]">{p.aluno}</span>
          <span className="text-xs text-muted-foreground">{p.cursoTitulo ?? '-'}</span>
        </span>
      ),
    },
    {
      key: 'parcela',
      header: 'Parcela',
      className: 'tabular-nums',
      cell: (p) => numeracaoCurta(p),
    },
    {
      key: 'vencimento',
      header: 'Vencimento',
      className: 'whitespace-nowrap tabular-nums',
      cell: (p) => formatDateOnly(p.vencimento),
    },
    { key: 'valor', header: 'Valor', className: 'whitespace-nowrap tabular-nums', cell: (p) => formatBRL(p.valor) },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <span className="grid justify-items-start gap-1">
          <ParcelaStatusBadge status={p.status} baixa={p.baixa !== null} />
          {p.pagaEm ? <span className="text-xs text-muted-foreground">em {formatDateOnly(p.pagaEm)}</span> : null}
          {p.baixa ? (
            <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
              {p.baixa.por ? `por ${p.baixa.por}: ` : ''}
              {p.baixa.observacao}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      cell: (p) => {
        const emAberto = p.status === 'aberta' || p.status === 'vencida';
        if (!emAberto) return null;
        return (
          <span className="flex flex-wrap justify-end gap-2">
            {p.invoiceUrl ? <CopyButton text={p.invoiceUrl} label="Copiar link de pagamento" /> : null}
            {podeDarBaixa ? <DarBaixa parcela={p} /> : null}
            {p.provedor === 'simulado' ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={simular.isPending && simular.variables?.id === p.id}
                onClick={() => simular.mutate({ id: p.id })}
              >
                <Banknote aria-hidden="true" />
                Simular pagamento
              </Button>
            ) : null}
          </span>
        );
      },
    },
  ];

  const notice = listNotice(list, {
    failed: PARCELA_MESSAGES.falhaAoCarregar,
    empty: PARCELA_MESSAGES.vazio,
    emptyFiltered: 'Nenhuma parcela com estes filtros',
    filtered: active,
  });

  return (
    <section aria-labelledby="parcelas-titulo">
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="parcelas-titulo" className="text-lg font-semibold">
            Parcelas das matrículas
          </h2>
          {list.data ? (
            <Badge variant="secondary">
              {formatCount(list.data.total)} {list.data.total === 1 ? 'parcela' : 'parcelas'}
            </Badge>
          ) : null}
        </div>
        <div className="grid gap-4 px-2 pb-4 pt-4 sm:px-4">
          <form
            role="search"
            aria-label="Filtros das parcelas"
            onSubmit={(event) => event.preventDefault()}
            className="flex flex-col gap-3 px-2 sm:flex-row sm:flex-wrap sm:items-end"
          >
            <div className="grid min-w-0 gap-2 sm:w-64">
              <Label htmlFor="parcelas-busca">Buscar</Label>
              <Input
                id="parcelas-busca"
                type="search"
                placeholder="Nome, email ou telefone..."
                value={listState.search}
                onChange={(event) => listState.setSearch(event.target.value)}
                aria-describedby={listState.searchHint ? 'parcelas-busca-dica' : undefined}
              />
              <SearchHint id="parcelas-busca-dica" hint={listState.searchHint} />
            </div>
            <div className="grid min-w-0 gap-2 sm:w-48">
              <Label htmlFor="parcelas-status">Status</Label>
              <Select
                value={status ?? SEM_FILTRO}
                onValueChange={(value) => setFilter('status', value === SEM_FILTRO ? undefined : value)}
              >
                <SelectTrigger id="parcelas-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={SEM_FILTRO}>Todos os status</SelectItem>
                  {PARCELA_STATUSES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {PARCELA_STATUS_LABELS[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid min-w-0 gap-2 sm:w-48">
              <Label htmlFor="parcelas-mes">Mês de vencimento</Label>
              <MonthSelect
                id="parcelas-mes"
                value={mes ?? ''}
                min={deslocarMes(atual, -MESES_ANTES)}
                max={deslocarMes(atual, MESES_DEPOIS)}
                emptyLabel="Todos os meses"
                onValueChange={(value) => setFilter('mes', value || undefined)}
              />
            </div>
            {active ? (
              <Button type="button" variant="ghost" className="w-fit" onClick={listState.clearFilters}>
                <X aria-hidden="true" />
                Limpar filtros
              </Button>
            ) : null}
            <Button asChild variant="outline" className="w-fit sm:ml-auto">
              <a href={parcelasCsvUrl(params)} download>
                <Download aria-hidden="true" />
                Exportar CSV
              </a>
            </Button>
          </form>
          <DataTable
            caption="Parcelas das matrículas"
            columns={columns}
            rows={list.data?.items ?? []}
            isLoading={list.isPending}
            isUpdating={list.isPlaceholderData}
            notice={notice}
            pagination={
              list.data
                ? {
                    page,
                    pageSize,
                    total: list.data.total,
                    totalExact: list.data.exact,
                    onPageChange: setPage,
                    onPageSizeChange: listState.setPageSize,
                    keyset: listState.keysetOf(list.data),
                  }
                : undefined
            }
            cards="list"
          />
        </div>
      </Card>
    </section>
  );
}
