import { CheckCircle2, Download, ListChecks, Lock, X } from 'lucide-react';
import { useState } from 'react';
import { todayInBrasilia } from '@shared/brasilia';
import { periodoAnterior, periodoDe, periodoPorExtenso } from '@shared/comissoes/lancamentos';
import { BENEFICIARIO_LABELS } from '@shared/comissoes/regras';
import { formatBRL, formatCount, formatDateTime } from '@shared/format';
import { type FechamentoView, LANCAMENTO_MESSAGES, type LancamentoView } from '@shared/schemas/comissao';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { rowsNotice } from '@/components/ui/list-notice';
import { Label } from '@/components/ui/label';
import { MonthSelect, deslocarMes } from '@/components/ui/month-select';
import { RecordButton } from '@/components/ui/record-sheet';
import { useClickLock } from '@/hooks/use-click-lock';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  pagamentosCsvUrl,
  useConfiguracaoComissoes,
  useConfirmarPagamento,
  useFecharPeriodo,
  useFechamentos,
  useLancamentos,
  useResumoComissoes,
  useSalvarConfiguracao,
} from '../api/comissoes-api';
import { LancamentoEstadoBadge } from './lancamento-estado-badge';
import { LancamentoSheet } from './lancamento-sheet';
import { RegrasSection } from './regras-section';

type ResumoItem = NonNullable<ReturnType<typeof useResumoComissoes>['data']>['itens'][number];
type Row = ResumoItem & { id: string };

/** How many months, this one included, the period's list offers. */
const MESES_ESCOLHIDOS = 36;

export interface ComissoesScreenProps {
  /** Whose closings are the caller's: the network's (franqueador) or its franquia's own. What the screen shows. */
  alcance: 'rede' | 'franquia';
  /** `comissoes.regras`, `comissoes.fechar`, `comissoes.configuracao` (permissions.ts). */
  podeRegras: boolean;
  podeFechar: boolean;
  podeConfigurar: boolean;
}

/**
 * 'Comissões' (issue 44, ADR 088) for the franqueador and the franquia: a period's totals per beneficiary with the
 * drill-down to their lines, the monthly closing (confirmed first), its payout file and 'pago', the rules, and the
 * network's "franquias close their months" switch (the franqueador's). The API scopes every row: a franquia reads
 * its subtree only, and is offered closing only when the network allows it.
 */
export function ComissoesScreen({ alcance, podeRegras, podeFechar, podeConfigurar }: ComissoesScreenProps) {
  const atual = periodoDe(todayInBrasilia());
  const [periodo, setPeriodo] = useState(atual);
  const [beneficiario, setBeneficiario] = useState<Row | 'todos' | null>(null);
  const configuracao = useConfiguracaoComissoes();
  const fechamentos = useFechamentos();
  const mayClose = podeFechar && (alcance === 'rede' || configuracao.data?.franquiaFecha === true);
  const proprio = (f: FechamentoView) => (alcance === 'rede' ? f.franquiaId === null : f.franquiaId !== null);
  const fechadoAqui = (fechamentos.data ?? []).find((f) => f.periodo === periodo && proprio(f));

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor="comissoes-periodo">Período</Label>
          <MonthSelect
            id="comissoes-periodo"
            className="w-48"
            value={periodo}
            min={deslocarMes(atual, 1 - MESES_ESCOLHIDOS)}
            max={atual}
            onValueChange={(value) => {
              setPeriodo(value);
              setBeneficiario(null);
            }}
          />
        </div>
        {periodo !== periodoAnterior(atual) ? (
          <Button type="button" variant="ghost" onClick={() => setPeriodo(periodoAnterior(atual))}>
            Mês passado
          </Button>
        ) : null}
        {periodo !== atual ? (
          <Button type="button" variant="ghost" onClick={() => setPeriodo(atual)}>
            Este mês
          </Button>
        ) : null}
        {mayClose && periodo < atual && !fechadoAqui && fechamentos.data ? <FecharPeriodo periodo={periodo} /> : null}
      </div>

      <ResumoSection key={periodo} periodo={periodo} fechamento={fechadoAqui} onAbrir={setBeneficiario} />
      {beneficiario ? (
        <LancamentosSection periodo={periodo} beneficiario={beneficiario} onClose={() => setBeneficiario(null)} />
      ) : null}
      <FechamentosSection
        fechamentos={fechamentos}
        proprio={proprio}
        podeFechar={podeFechar}
        franquiaFecha={configuracao.data?.franquiaFecha}
        alcance={alcance}
      />
      <RegrasSection podeEscrever={podeRegras} escolheFranquia={alcance === 'rede'} />
      {podeConfigurar && configuracao.data ? <Configuracao franquiaFecha={configuracao.data.franquiaFecha} /> : null}
    </div>
  );
}

/**
 * A period's totals (over every beneficiary) and its beneficiaries a page at a time, the largest total first (sums
 * of their lines, ADR 082), each opening its lines. Keyed by the period: another month starts on its first page.
 */
function ResumoSection({
  periodo,
  fechamento,
  onAbrir,
}: {
  periodo: string;
  fechamento: FechamentoView | undefined;
  onAbrir: (row: Row | 'todos') => void;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const resumo = useResumoComissoes(periodo, page, pageSize);
  const rows: Row[] = (resumo.data?.itens ?? []).map((i) => ({ ...i, id: `${i.beneficiario}:${i.beneficiarioId}` }));
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'nome',
      header: 'Beneficiário',
      cell: (r) => (
        <span className="grid min-w-0">
          <RecordButton label={r.nome ?? '-'} opens="os lançamentos" onOpen={() => onAbrir(r)} />
          <span className="text-xs text-muted-foreground">{BENEFICIARIO_LABELS[r.beneficiario]}</span>
        </span>
      ),
    },
    { key: 'lancamentos', header: 'Lançamentos', className: 'tabular-nums', cell: (r) => formatCount(r.lancamentos) },
    {
      key: 'liberada',
      header: 'Liberada',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => formatBRL(r.liberada),
    },
    {
      key: 'fechada',
      header: 'Fechada / paga',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => formatBRL(r.fechada + r.paga),
    },
    {
      key: 'estornada',
      header: 'Estornada',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => formatBRL(r.estornada),
    },
    {
      key: 'saldo',
      header: 'Total',
      className: 'whitespace-nowrap font-semibold tabular-nums',
      cell: (r) => formatBRL(r.saldo),
    },
  ];
  return (
    <section aria-labelledby="resumo-titulo">
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="resumo-titulo" className="text-lg font-semibold first-letter:uppercase">
            Comissões de {periodoPorExtenso(periodo)}
          </h2>
          {fechamento ? (
            <Badge variant={fechamento.pagoEm ? 'secondary' : 'warning'}>
              {fechamento.pagoEm ? 'Fechado e pago' : 'Fechado, pagamento a confirmar'}
            </Badge>
          ) : (
            <Badge variant="success">Em aberto</Badge>
          )}
          {resumo.data && resumo.data.total > 0 ? (
            <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={() => onAbrir('todos')}>
              <ListChecks aria-hidden="true" />
              Ver todos os lançamentos
            </Button>
          ) : null}
        </div>
        <div className="grid gap-4 px-2 pb-4 pt-4 sm:px-4">
          {resumo.data ? (
            <dl className="grid grid-cols-2 gap-3 px-2 text-sm sm:grid-cols-5" aria-label="Totais do período">
              {(
                [
                  ['Liberada', resumo.data.liberada],
                  ['Fechada', resumo.data.fechada],
                  ['Paga', resumo.data.paga],
                  ['Estornada', resumo.data.estornada],
                  ['Total', resumo.data.saldo],
                ] as const
              ).map(([rotulo, valor]) => (
                <div key={rotulo} className="grid">
                  <dt className="text-muted-foreground">{rotulo}</dt>
                  <dd className="text-base font-semibold tabular-nums">{formatBRL(valor)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <DataTable
            caption={`Comissões por beneficiário em ${periodoPorExtenso(periodo)}`}
            columns={columns}
            rows={rows}
            isLoading={resumo.isPending}
            isUpdating={resumo.isPlaceholderData}
            notice={rowsNotice(resumo, resumo.data && rows, {
              failed: 'Não foi possível carregar as comissões.',
              empty: `${LANCAMENTO_MESSAGES.vazio} em ${periodoPorExtenso(periodo)}`,
            })}
            pagination={
              resumo.data
                ? {
                    page,
                    pageSize,
                    total: resumo.data.total,
                    onPageChange: setPage,
                    onPageSizeChange: (size) => {
                      setPageSize(size);
                      setPage(1);
                    },
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

/** The drill-down: a beneficiary's lines of the period (or all of them), each opening its matrícula. */
function LancamentosSection({
  periodo,
  beneficiario,
  onClose,
}: {
  periodo: string;
  beneficiario: Row | 'todos';
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [aberto, setAberto] = useState<LancamentoView | null>(null);
  const todos = beneficiario === 'todos';
  const lista = useLancamentos({
    periodo,
    beneficiarioId: todos ? undefined : beneficiario.beneficiarioId,
    page,
    pageSize,
  });
  const titulo = todos ? `Lançamentos de ${periodoPorExtenso(periodo)}` : `Lançamentos de ${beneficiario.nome ?? '-'}`;
  const columns: DataTableColumn<LancamentoView>[] = [
    {
      key: 'aluno',
      header: 'Aluno',
      cell: (l) => (
        <span className="grid min-w-0">
          <RecordButton label={l.aluno} opens="a matrícula" onOpen={() => setAberto(l)} />
          <span className="text-xs text-muted-foreground">{l.curso ?? '-'}</span>
        </span>
      ),
    },
    ...(todos
      ? [
          {
            key: 'beneficiario',
            header: 'Beneficiário',
            cell: (l: LancamentoView) => (
              <span className="grid">
                <span>{l.nomeBeneficiario ?? '-'}</span>
                <span className="text-xs text-muted-foreground">{BENEFICIARIO_LABELS[l.beneficiario]}</span>
              </span>
            ),
          },
        ]
      : []),
    { key: 'parcela', header: 'Parcela', className: 'tabular-nums', cell: (l) => `${l.parcelaNumero}ª` },
    { key: 'base', header: 'Valor pago', className: 'whitespace-nowrap tabular-nums', cell: (l) => formatBRL(l.base) },
    { key: 'valor', header: 'Comissão', className: 'whitespace-nowrap tabular-nums', cell: (l) => formatBRL(l.valor) },
    { key: 'estado', header: 'Situação', cell: (l) => <LancamentoEstadoBadge estado={l.estado} /> },
  ];
  return (
    <section aria-labelledby="lancamentos-titulo">
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="lancamentos-titulo" className="text-lg font-semibold [overflow-wrap:anywhere]">
            {titulo}
          </h2>
          {lista.data ? <Badge variant="secondary">{formatCount(lista.data.total)}</Badge> : null}
          <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={onClose}>
            <X aria-hidden="true" />
            Fechar lançamentos
          </Button>
        </div>
        <div className="px-2 pb-4 pt-4 sm:px-4">
          <DataTable
            caption={titulo}
            columns={columns}
            rows={lista.data?.items ?? []}
            isLoading={lista.isPending}
            isUpdating={lista.isPlaceholderData}
            notice={rowsNotice(lista, lista.data?.items, {
              failed: 'Não foi possível carregar os lançamentos.',
              empty: LANCAMENTO_MESSAGES.vazio,
            })}
            pagination={
              lista.data
                ? {
                    page,
                    pageSize,
                    total: lista.data.total,
                    totalExact: lista.data.exact,
                    onPageChange: setPage,
                    onPageSizeChange: setPageSize,
                  }
                : undefined
            }
            cards="list"
          />
        </div>
      </Card>
      <LancamentoSheet
        lancamento={aberto}
        linhas={lista.data?.items ?? []}
        mostraBeneficiario
        onClose={() => setAberto(null)}
      />
    </section>
  );
}

/** 'Fechar o mês': confirmed first -- its lines freeze and a later event goes to the next open month. */
function FecharPeriodo({ periodo }: { periodo: string }) {
  const [aberto, setAberto] = useState(false);
  const fechar = useFecharPeriodo({
    onSuccess: () => {
      toast({ variant: 'success', title: LANCAMENTO_MESSAGES.fechado });
      setAberto(false);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível fechar o mês', description: errorMessage(error, '') }),
  });
  const mayClick = useClickLock(fechar.isPending);
  const mes = periodoPorExtenso(periodo);
  return (
    <>
      <Button type="button" className="sm:ml-auto" onClick={() => setAberto(true)}>
        <Lock aria-hidden="true" />
        Fechar {mes}
      </Button>
      <AlertDialog open={aberto} onOpenChange={(open) => !open && !fechar.isPending && setAberto(false)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Fechar as comissões de {mes}?</AlertDialogTitle>
            <AlertDialogDescription>
              Os lançamentos do mês ficam congelados e o arquivo de pagamento fica pronto. Um pagamento ou estorno que
              chegar depois vai para o próximo mês em aberto. Não é possível reabrir.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={fechar.isPending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              disabled={fechar.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (mayClick()) fechar.mutate({ periodo });
              }}
            >
              Fechar o mês
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** The closings: each one's total, its payout file and 'Confirmar pagamento' on the caller's own. */
function FechamentosSection({
  fechamentos,
  proprio,
  podeFechar,
  franquiaFecha,
  alcance,
}: {
  fechamentos: ReturnType<typeof useFechamentos>;
  proprio: (f: FechamentoView) => boolean;
  podeFechar: boolean;
  franquiaFecha: boolean | undefined;
  alcance: 'rede' | 'franquia';
}) {
  const [pagar, setPagar] = useState<FechamentoView | null>(null);
  const confirmar = useConfirmarPagamento({
    onSuccess: () => {
      toast({ variant: 'success', title: LANCAMENTO_MESSAGES.pago });
      setPagar(null);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível confirmar o pagamento',
        description: errorMessage(error, ''),
      }),
  });
  const mayClick = useClickLock(confirmar.isPending);
  const rows = fechamentos.data ?? [];
  const columns: DataTableColumn<FechamentoView>[] = [
    {
      key: 'periodo',
      header: 'Período',
      cell: (f) => <span className="font-medium first-letter:uppercase">{periodoPorExtenso(f.periodo)}</span>,
    },
    { key: 'alcance', header: 'Alcance', cell: (f) => (f.franquia ? `Franquia ${f.franquia}` : 'Toda a rede') },
    // A franquia reads the network's closing of a month (its lines are in it) but not the network's totals: the
    // figures are shown for the caller's own closings only; its period's own sums are in the summary above.
    {
      key: 'lancamentos',
      header: 'Lançamentos',
      className: 'tabular-nums',
      cell: (f) => (proprio(f) ? formatCount(f.lancamentos) : '-'),
    },
    {
      key: 'total',
      header: 'Total',
      className: 'whitespace-nowrap tabular-nums',
      cell: (f) => (proprio(f) ? formatBRL(f.total) : 'Fechado pela rede'),
    },
    {
      key: 'situacao',
      header: 'Situação',
      cell: (f) => (
        <span className="grid justify-items-start gap-1">
          <Badge variant={f.pagoEm ? 'secondary' : 'warning'}>{f.pagoEm ? 'Paga' : 'A pagar'}</Badge>
          <span className="text-xs text-muted-foreground">
            {f.pagoEm ? `Paga em ${formatDateTime(f.pagoEm)}` : `Fechado em ${formatDateTime(f.fechadoEm)}`}
          </span>
        </span>
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      cell: (f) =>
        podeFechar && proprio(f) ? (
          <span className="flex flex-wrap justify-end gap-2">
            <Button asChild size="sm" variant="outline">
              <a href={pagamentosCsvUrl(f.periodo)} download>
                <Download aria-hidden="true" />
                Arquivo de pagamento<span className="sr-only"> de {periodoPorExtenso(f.periodo)}</span>
              </a>
            </Button>
            {f.pagoEm ? null : (
              <Button type="button" size="sm" onClick={() => setPagar(f)}>
                <CheckCircle2 aria-hidden="true" />
                Confirmar pagamento<span className="sr-only"> de {periodoPorExtenso(f.periodo)}</span>
              </Button>
            )}
          </span>
        ) : null,
    },
  ];
  return (
    <section aria-labelledby="fechamentos-titulo">
      <Card>
        <div className="grid gap-1 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="fechamentos-titulo" className="text-lg font-semibold">
            Fechamentos
          </h2>
          {alcance === 'franquia' && podeFechar ? (
            <p className="text-sm text-muted-foreground">
              {franquiaFecha
                ? 'A rede permite que sua franquia feche o mês das comissões da sua rede de vendas.'
                : 'O franqueador fecha o mês das comissões: a rede não permite que a franquia feche.'}
            </p>
          ) : null}
        </div>
        <div className="px-2 pb-4 pt-4 sm:px-4">
          <DataTable
            caption="Fechamentos das comissões"
            columns={columns}
            rows={rows}
            isLoading={fechamentos.isPending}
            notice={rowsNotice(fechamentos, fechamentos.data, {
              failed: 'Não foi possível carregar os fechamentos.',
              empty: 'Nenhum mês fechado ainda',
            })}
            cards="list"
          />
        </div>
      </Card>
      <AlertDialog open={pagar !== null} onOpenChange={(open) => !open && !confirmar.isPending && setPagar(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              Confirmar o pagamento de {pagar ? periodoPorExtenso(pagar.periodo) : ''}?
            </AlertDialogTitle>
            <AlertDialogDescription>
              {pagar ? `${formatBRL(pagar.total)} em ${formatCount(pagar.lancamentos)} lançamentos. ` : ''}
              Confirme depois de fazer as transferências do arquivo de pagamento: as comissões do mês passam a aparecer
              como pagas para cada beneficiário.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={confirmar.isPending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              disabled={confirmar.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (pagar && mayClick()) confirmar.mutate({ periodo: pagar.periodo });
              }}
            >
              Confirmar pagamento
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

/** The franqueador's switch: whether its franquias close their own subtree's months (ADR 082, 088). */
function Configuracao({ franquiaFecha }: { franquiaFecha: boolean }) {
  const salvar = useSalvarConfiguracao({
    onSuccess: () => toast({ variant: 'success', title: LANCAMENTO_MESSAGES.configuracaoSalva }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível salvar', description: errorMessage(error, '') }),
  });
  return (
    <section aria-labelledby="configuracao-titulo">
      <Card className="grid gap-3 p-4 sm:p-6">
        <h2 id="configuracao-titulo" className="text-lg font-semibold">
          Configuração
        </h2>
        <label className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 text-sm">
          <input
            type="checkbox"
            role="switch"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            checked={salvar.isPending && salvar.variables ? salvar.variables.franquiaFecha : franquiaFecha}
            disabled={salvar.isPending}
            aria-describedby="configuracao-franquia-fecha"
            onChange={(event) => salvar.mutate({ franquiaFecha: event.target.checked })}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">Franquias podem fechar o mês</span>
            <span id="configuracao-franquia-fecha" className="text-muted-foreground">
              Cada franquia fecha as comissões da sua rede de vendas e baixa o arquivo de pagamento. Desligado, só o
              franqueador fecha o mês da rede toda.
            </span>
          </span>
        </label>
      </Card>
    </section>
  );
}
