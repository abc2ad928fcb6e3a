import { Suspense, lazy, useState } from 'react';
import { History, Lock, Pencil, X } from 'lucide-react';
import { todayInBrasilia } from '@shared/brasilia';
import { periodoAnterior, periodoDe, periodoPorExtenso } from '@shared/comissoes/lancamentos';
import { formatBRL, formatDateOnly, formatDateTime } from '@shared/format';
import { MODO_ROYALTY_LABELS } from '@shared/royalties/extrato';
import type { AcordoFranquiaView, AcordoView, ExtratoResumo } from '@shared/schemas/royalties';
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
import { Skeleton } from '@/components/ui/skeleton';
import { useClickLock } from '@/hooks/use-click-lock';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAcordos, useExtratos, useExtratosDosMeses, useFecharExtrato } from '../api/royalties-api';
import { AcordoDialog } from './acordo-dialog';
import { CobrancaBadge } from './extrato-format';
import { mesesAte } from './meses';

/** The history's chart, in its own chunk with the charting library (as Relatórios' are). */
const HistoricoChart = lazy(() => import('./historico-chart'));

type Row = ExtratoResumo & { id: string };

/** How many months a franquia's history shows. */
const MESES_DO_HISTORICO = 12;

/** How many months, this one included, the month's list offers. */
const MESES_ESCOLHIDOS = 36;

export interface RoyaltiesScreenProps {
  /** `royalties.fechar` and `royalties.acordos.editar` (permissions.ts). */
  podeFechar: boolean;
  podeEditarAcordos: boolean;
}

/**
 * 'Royalties' (issue 45, ADR 089, 092), the franqueador's: a month's statement of every franquia of its network (the
 * base of what families paid, royalty, fundo, the minimum's adjustment, what the split retained, the balance and
 * its charge) with the network's total, 'Fechar' for a month that has ended (confirmed first), a franquia's history
 * as a chart with its table, and the fee agreements with 'Editar acordo' and their versions.
 */
export function RoyaltiesScreen({ podeFechar, podeEditarAcordos }: RoyaltiesScreenProps) {
  const atual = periodoDe(todayInBrasilia());
  const [mes, setMes] = useState(atual);
  const [historico, setHistorico] = useState<{ franquiaId: string; franquia: string } | null>(null);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor="royalties-mes">Mês</Label>
          <MonthSelect
            id="royalties-mes"
            className="w-48"
            value={mes}
            min={deslocarMes(atual, 1 - MESES_ESCOLHIDOS)}
            max={atual}
            onValueChange={setMes}
          />
        </div>
        {mes !== periodoAnterior(atual) ? (
          <Button type="button" variant="ghost" onClick={() => setMes(periodoAnterior(atual))}>
            Mês passado
          </Button>
        ) : null}
        {mes !== atual ? (
          <Button type="button" variant="ghost" onClick={() => setMes(atual)}>
            Este mês
          </Button>
        ) : null}
      </div>
      <ExtratosSection mes={mes} atual={atual} podeFechar={podeFechar} onHistorico={setHistorico} />
      {historico ? (
        <HistoricoSection
          franquiaId={historico.franquiaId}
          franquia={historico.franquia}
          atual={atual}
          onClose={() => setHistorico(null)}
        />
      ) : null}
      <AcordosSection podeEditar={podeEditarAcordos} />
    </div>
  );
}

const FIGURAS = [
  ['Base', 'base'],
  ['Royalty', 'royalty'],
  ['Fundo', 'fundo'],
  ['Ajuste do mínimo', 'ajusteMinimo'],
  ['Retido por split', 'retido'],
  ['Saldo', 'saldo'],
] as const;

/** A month's statements, one row per franquia, and their total (always their sum: ADR 089). */
function ExtratosSection({
  mes,
  atual,
  podeFechar,
  onHistorico,
}: {
  mes: string;
  atual: string;
  podeFechar: boolean;
  onHistorico: (f: { franquiaId: string; franquia: string }) => void;
}) {
  const extratos = useExtratos(mes);
  const [fechar, setFechar] = useState<Row | null>(null);
  const rows: Row[] = (extratos.data?.itens ?? []).map((i) => ({ ...i, id: i.franquiaId }));
  const extenso = periodoPorExtenso(mes);
  const fechavel = (r: Row) => podeFechar && mes < atual && r.status === 'aberto' && r.modo !== null;
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'franquia',
      header: 'Franquia',
      cell: (r) => (
        <span className="grid min-w-0">
          <RecordButton
            label={r.franquia}
            opens="o histórico"
            onOpen={() => onHistorico({ franquiaId: r.franquiaId, franquia: r.franquia })}
          />
          <span className="text-xs text-muted-foreground">
            {r.modo ? MODO_ROYALTY_LABELS[r.modo] : 'Sem acordo no mês'}
          </span>
        </span>
      ),
    },
    ...FIGURAS.map(([header, key]) => ({
      key,
      header,
      className: `whitespace-nowrap tabular-nums text-right${key === 'saldo' ? ' font-semibold' : ''}`,
      cell: (r: Row) => formatBRL(r[key]),
    })),
    {
      key: 'cobranca',
      header: 'Cobrança',
      cell: (r) => (
        <span className="grid justify-items-start gap-1">
          <CobrancaBadge extrato={r} />
          {r.fatura ? (
            <span className="text-xs text-muted-foreground">
              {r.fatura.pagaEm
                ? `Paga em ${formatDateOnly(r.fatura.pagaEm)}`
                : `Vence em ${formatDateOnly(r.fatura.vencimento)}`}
            </span>
          ) : r.fechadoEm ? (
            <span className="text-xs text-muted-foreground">Fechado em {formatDateTime(r.fechadoEm)}</span>
          ) : null}
        </span>
      ),
    },
  ];
  // 'Fechar' only where a row can be closed: a month already closed (or running) keeps its columns to its figures.
  if (rows.some(fechavel))
    columns.push({
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      cell: (r) =>
        fechavel(r) ? (
          <Button type="button" size="sm" onClick={() => setFechar(r)}>
            <Lock aria-hidden="true" />
            Fechar <span className="sr-only">o extrato de {r.franquia}</span>
          </Button>
        ) : null,
    });
  return (
    <section aria-labelledby="extratos-titulo">
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="extratos-titulo" className="text-lg font-semibold first-letter:uppercase">
            Extratos de {extenso}
          </h2>
          {mes === atual ? <Badge variant="outline">Mês em andamento: prévia</Badge> : null}
        </div>
        <div className="grid gap-4 px-2 pb-4 pt-4 sm:px-4">
          {extratos.data && rows.length > 0 ? (
            <dl
              className="grid grid-cols-2 gap-3 px-2 text-sm sm:grid-cols-3 xl:grid-cols-6"
              aria-label="Total da rede"
            >
              {FIGURAS.map(([rotulo, key]) => (
                <div key={key} className="grid">
                  <dt className="text-muted-foreground">{rotulo}</dt>
                  <dd className="text-base font-semibold tabular-nums">{formatBRL(extratos.data.total[key])}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <DataTable
            caption={`Extratos de royalties por franquia em ${extenso}`}
            columns={columns}
            rows={rows}
            isLoading={extratos.isPending}
            isUpdating={extratos.isPlaceholderData}
            notice={rowsNotice(extratos, extratos.data && rows, {
              failed: 'Não foi possível carregar os extratos.',
              empty: 'Nenhum extrato neste mês.',
              emptyDescription: 'A rede ainda não tem franquias: cada franquia cadastrada tem seu extrato aqui.',
            })}
            cards="list"
          />
        </div>
      </Card>
      <FecharExtrato extrato={fechar} onClose={() => setFechar(null)} />
    </section>
  );
}

/** 'Fechar' a franquia's month: confirmed first -- its figures freeze and its balance is charged on day 10. */
function FecharExtrato({ extrato, onClose }: { extrato: Row | null; onClose: () => void }) {
  const fechar = useFecharExtrato({
    onSuccess: (e) => {
      toast({ variant: 'success', title: `Extrato de ${e.franquia} fechado` });
      onClose();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível fechar o extrato',
        description: errorMessage(error, ''),
      }),
  });
  const mayClick = useClickLock(fechar.isPending);
  const mes = extrato ? periodoPorExtenso(extrato.mes) : '';
  return (
    <AlertDialog open={extrato !== null} onOpenChange={(open) => !open && !fechar.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            Fechar o extrato de {extrato?.franquia} de {mes}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            {extrato && extrato.saldo > 0
              ? `O saldo de ${formatBRL(extrato.saldo)} vira uma fatura para a franquia, com vencimento no dia 10. `
              : 'O saldo não é positivo: nenhuma fatura é emitida. '}
            Os valores do mês ficam congelados; um pagamento ou estorno que chegar depois vai para o próximo mês. Não é
            possível reabrir.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={fechar.isPending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            disabled={fechar.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (extrato && mayClick()) fechar.mutate({ franquiaId: extrato.franquiaId, mes: extrato.mes });
            }}
          >
            Fechar o extrato
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A franquia's last 12 months: a chart of what the agreement asked, with the figures as a table. */
function HistoricoSection({
  franquiaId,
  franquia,
  atual,
  onClose,
}: {
  franquiaId: string;
  franquia: string;
  atual: string;
  onClose: () => void;
}) {
  const meses = mesesAte(atual, MESES_DO_HISTORICO);
  const consultas = useExtratosDosMeses(meses);
  const erro = consultas.find((c) => c.isError);
  const carregando = consultas.some((c) => c.isPending);
  // Oldest first, as a chart reads left to right.
  const pontos = consultas
    .map((c) => c.data?.itens.find((i) => i.franquiaId === franquiaId))
    .filter((e): e is ExtratoResumo => e !== undefined)
    .reverse();
  return (
    <section aria-labelledby="historico-titulo" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="historico-titulo" className="text-lg font-semibold [overflow-wrap:anywhere]">
          Histórico de {franquia}
        </h2>
        <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={onClose}>
          <X aria-hidden="true" />
          Fechar histórico
        </Button>
      </div>
      {erro ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(erro.error, 'Não foi possível carregar o histórico.')}
        </p>
      ) : carregando ? (
        <Skeleton className="h-72 w-full" />
      ) : pontos.every((p) => p.lancamentos === 0) ? (
        <Card className="p-4 text-sm text-muted-foreground sm:p-6">
          <History aria-hidden="true" className="mb-2 size-6" />
          Nenhum lançamento de royalties nos últimos {MESES_DO_HISTORICO} meses.
        </Card>
      ) : (
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <HistoricoChart franquia={franquia} extratos={pontos} />
        </Suspense>
      )}
    </section>
  );
}

const percent = (n: number) => `${String(n).replace('.', ',')} %`;

/** A version of an agreement in one line ('6 % + 2 % de fundo, mínimo R$ 500,00 · Fatura mensal à franquia'). */
const resumoDoAcordo = (a: AcordoView) =>
  `${percent(a.royalty)} + ${percent(a.fundo)} de fundo${a.minimo !== null ? `, mínimo ${formatBRL(a.minimo)}` : ''}`;

type AcordoRow = AcordoFranquiaView & { id: string };

/** Each franquia's agreement in force, its versions, and 'Editar acordo' (a new version). */
function AcordosSection({ podeEditar }: { podeEditar: boolean }) {
  const acordos = useAcordos();
  const [editando, setEditando] = useState<AcordoFranquiaView | null>(null);
  const hoje = todayInBrasilia();
  const rows: AcordoRow[] = (acordos.data ?? []).map((a) => ({ ...a, id: a.franquiaId }));
  const columns: DataTableColumn<AcordoRow>[] = [
    { key: 'franquia', header: 'Franquia', cell: (a) => <span className="font-medium">{a.franquia}</span> },
    {
      key: 'vigente',
      header: 'Em vigor',
      cell: (a) =>
        a.vigente ? (
          <span className="grid">
            <span className="tabular-nums">{resumoDoAcordo(a.vigente)}</span>
            <span className="text-xs text-muted-foreground">
              {MODO_ROYALTY_LABELS[a.vigente.modo]} · desde {formatDateOnly(a.vigente.inicio)}
            </span>
          </span>
        ) : (
          <span className="text-muted-foreground">Sem acordo em vigor</span>
        ),
    },
    {
      key: 'versoes',
      header: 'Versões',
      cell: (a) =>
        a.versoes.length === 0 ? (
          'Nenhuma'
        ) : (
          <details>
            <summary className="cursor-pointer rounded-sm text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              {a.versoes.length === 1 ? '1 versão' : `${a.versoes.length} versões`}{' '}
              <span className="sr-only">do acordo de {a.franquia}</span>
            </summary>
            <ol className="mt-2 grid gap-1 text-xs" aria-label={`Versões do acordo de ${a.franquia}`}>
              {a.versoes.map((v) => (
                <li key={v.id} className="grid">
                  <span className="font-medium">
                    Desde {formatDateOnly(v.inicio)}
                    {v.inicio > hoje ? ' (futura)' : v.id === a.vigente?.id ? ' (em vigor)' : ''}
                  </span>
                  <span className="tabular-nums">{resumoDoAcordo(v)}</span>
                  <span className="text-muted-foreground">{MODO_ROYALTY_LABELS[v.modo]}</span>
                </li>
              ))}
            </ol>
          </details>
        ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      cell: (a) =>
        podeEditar ? (
          <Button type="button" size="sm" variant="outline" onClick={() => setEditando(a)}>
            <Pencil aria-hidden="true" />
            Editar acordo <span className="sr-only">de {a.franquia}</span>
          </Button>
        ) : null,
    },
  ];
  return (
    <section aria-labelledby="acordos-titulo">
      <Card>
        <div className="grid gap-1 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="acordos-titulo" className="text-lg font-semibold">
            Acordos
          </h2>
          <p className="text-sm text-muted-foreground">
            Royalty e fundo de propaganda sobre o que as famílias pagaram, o mínimo mensal e a forma de cobrança de cada
            franquia. Cada alteração é uma nova versão a partir do início escolhido.
          </p>
        </div>
        <div className="px-2 pb-4 pt-4 sm:px-4">
          <DataTable
            caption="Acordos de royalties"
            columns={columns}
            rows={rows}
            isLoading={acordos.isPending}
            notice={rowsNotice(acordos, acordos.data, {
              failed: 'Não foi possível carregar os acordos.',
              empty: 'Nenhuma franquia na rede ainda.',
            })}
            cards="list"
          />
        </div>
      </Card>
      <AcordoDialog acordo={editando} onClose={() => setEditando(null)} />
    </section>
  );
}
