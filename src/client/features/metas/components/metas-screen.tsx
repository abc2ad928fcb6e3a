import { type FormEvent, Suspense, lazy, useId, useState } from 'react';
import { Lock, LockOpen, Scale, History } from 'lucide-react';
import { todayInBrasilia } from '@shared/brasilia';
import { periodoDe } from '@shared/comissoes/lancamentos';
import { META_ETAPAS, META_ETAPA_LABELS, META_NIVEL_LABELS, type MetaEtapa } from '@shared/metas/enums';
import type { MetaNoView, MetasView } from '@shared/schemas/metas';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MonthSelect, deslocarMes, mesPorExtenso } from '@/components/ui/month-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDefinirMeta, useDistribuirMeta, useMetas, useRanking } from '../api/metas-api';
import { campoParaValor, formatarPercentual, formatarValor, valorParaCampo } from './formatar';
import { RankingTable } from './ranking-table';

/** The ranking's chart, in its own chunk with the charting library (as Relatórios' are). */
const RankingChart = lazy(() => import('./ranking-chart'));

export interface MetasScreenProps {
  /** `metas.definir`: sets its children's goals (the franqueador the network's too). */
  podeDefinir: boolean;
  /** `metas.ranking`. */
  podeVerRanking: boolean;
}

type Row = MetaNoView & { id: string };

const CAMPO_INVALIDO = 'Informe um número inteiro (para R$, até duas casas decimais).';

/**
 * 'Metas' (issue 48): a month and a stage; the caller's goal with what it achieved, its % and the projection to the
 * month's end by working days; its children's goals, each editable with its lock, split evenly or by last year's
 * figures; and the ranking of its scope as a chart with its table.
 */
export function MetasScreen({ podeDefinir, podeVerRanking }: MetasScreenProps) {
  const atual = periodoDe(todayInBrasilia());
  const [mes, setMes] = useState(atual);
  const [etapa, setEtapa] = useState<MetaEtapa>('leads');
  const metas = useMetas(mes, etapa);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor="metas-mes">Mês</Label>
          <MonthSelect
            id="metas-mes"
            className="w-48"
            value={mes}
            min={deslocarMes(atual, -12)}
            max={deslocarMes(atual, 12)}
            onValueChange={setMes}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="metas-etapa">Etapa</Label>
          <Select value={etapa} onValueChange={(v) => setEtapa(v as MetaEtapa)}>
            <SelectTrigger id="metas-etapa" className="w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {META_ETAPAS.map((e) => (
                <SelectItem key={e} value={e}>
                  {META_ETAPA_LABELS[e]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {metas.isError ? (
        <Card role="alert" className="p-6 text-destructive">
          {errorMessage(metas.error, 'Não foi possível carregar as metas. Tente novamente.')}
        </Card>
      ) : (
        <>
          <UnidadeCard view={metas.data} podeDefinir={podeDefinir} mes={mes} etapa={etapa} />
          {metas.data?.defineFilhos !== false ? (
            <FilhosSection
              view={metas.data}
              isLoading={metas.isPending}
              podeDefinir={podeDefinir}
              mes={mes}
              etapa={etapa}
            />
          ) : null}
        </>
      )}
      {podeVerRanking ? <RankingSection mes={mes} etapa={etapa} /> : null}
    </div>
  );
}

/** The caller's own goal: achieved, % and projection; the franqueador edits the network's here. */
function UnidadeCard({
  view,
  podeDefinir,
  mes,
  etapa,
}: {
  view: MetasView | undefined;
  podeDefinir: boolean;
  mes: string;
  etapa: MetaEtapa;
}) {
  if (!view) return <Skeleton className="h-32 w-full" />;
  const no = view.no;
  const figuras: [string, string][] = [
    ['Meta', formatarValor(etapa, no.meta)],
    ['Realizado', formatarValor(etapa, no.realizado)],
    ['% da meta', formatarPercentual(no.percentual)],
    ['Projeção no fim do mês', formatarValor(etapa, no.projecao)],
  ];
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">
          {META_ETAPA_LABELS[etapa]} de {no.nome} em {mesPorExtenso(mes)}
        </h2>
        <p className="text-sm text-muted-foreground">
          {view.diasUteis.decorridos} de {view.diasUteis.total} dias úteis do mês (segunda a sexta, sem feriados
          nacionais). A projeção segue o ritmo dos dias úteis até aqui.
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {figuras.map(([rotulo, valor]) => (
          <div key={rotulo} className="grid gap-1">
            <dt className="text-sm text-muted-foreground">{rotulo}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{valor}</dd>
          </div>
        ))}
      </dl>
      {no.meta === null && !view.defineProprio ? (
        <p className="text-sm text-muted-foreground">
          Sua unidade ainda não tem meta neste mês: ela é definida pela unidade acima da sua.
        </p>
      ) : null}
      {podeDefinir && view.defineProprio ? (
        <MetaForm key={`${mes}-${etapa}-${no.meta}`} no={no} mes={mes} etapa={etapa} rotulo="Meta da rede" />
      ) : null}
    </Card>
  );
}

/**
 * A goal's field and its 'Salvar': the API's whole number (R$ for parcelas pagas). Its callers key it by month,
 * stage and goal, so a new answer starts it afresh.
 */
function MetaForm({ no, mes, etapa, rotulo }: { no: MetaNoView; mes: string; etapa: MetaEtapa; rotulo?: string }) {
  const id = useId();
  const [texto, setTexto] = useState(valorParaCampo(etapa, no.meta));
  const [erro, setErro] = useState<string | null>(null);
  const definir = useDefinirMeta({
    onSuccess: () => toast({ variant: 'success', title: `Meta de ${no.nome} salva` }),
    onError: (error) => setErro(errorMessage(error, 'Não foi possível salvar a meta. Tente novamente.')),
  });
  const salvar = (event: FormEvent) => {
    event.preventDefault();
    const valor = campoParaValor(etapa, texto);
    if (valor === null) return setErro(CAMPO_INVALIDO);
    setErro(null);
    definir.mutate({ mes, etapa, nivel: no.nivel, alvoId: no.alvoId, valor });
  };
  return (
    <form onSubmit={salvar} className="grid gap-1" noValidate>
      <div className="flex items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={id} className={rotulo ? undefined : 'sr-only'}>
            {rotulo ?? `Meta de ${no.nome}`}
          </Label>
          <Input
            id={id}
            inputMode={etapa === 'parcelas_pagas' ? 'decimal' : 'numeric'}
            className="w-32"
            value={texto}
            onChange={(event) => setTexto(event.target.value)}
            aria-invalid={erro ? true : undefined}
            aria-describedby={erro ? `${id}-erro` : undefined}
          />
        </div>
        <Button type="submit" variant="outline" size="sm" disabled={definir.isPending}>
          Salvar<span className="sr-only"> a meta de {no.nome}</span>
        </Button>
      </div>
      {erro ? (
        <p id={`${id}-erro`} role="alert" className="max-w-xs text-sm text-destructive">
          {erro}
        </p>
      ) : null}
    </form>
  );
}

/** A child's lock: a locked goal keeps its value when a sibling is edited or the goal above is split again. */
function TravaButton({ no, mes, etapa }: { no: MetaNoView; mes: string; etapa: MetaEtapa }) {
  const definir = useDefinirMeta({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível mudar a trava',
        description: errorMessage(error, 'Tente novamente.'),
      }),
  });
  if (no.meta === null) return <span className="text-sm text-muted-foreground">Sem meta</span>;
  const Icon = no.travada ? Lock : LockOpen;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-pressed={no.travada}
      disabled={definir.isPending}
      onClick={() =>
        definir.mutate({ mes, etapa, nivel: no.nivel, alvoId: no.alvoId, valor: no.meta!, travada: !no.travada })
      }
    >
      <Icon aria-hidden="true" />
      {no.travada ? 'Travada' : 'Livre'}
      <span className="sr-only"> (meta de {no.nome})</span>
    </Button>
  );
}

function FilhosSection({
  view,
  isLoading,
  podeDefinir,
  mes,
  etapa,
}: {
  view: MetasView | undefined;
  isLoading: boolean;
  podeDefinir: boolean;
  mes: string;
  etapa: MetaEtapa;
}) {
  const distribuir = useDistribuirMeta({
    onSuccess: () => toast({ variant: 'success', title: 'Meta distribuída' }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível distribuir a meta',
        description: errorMessage(error, 'Tente novamente.'),
      }),
  });
  const rows: Row[] = (view?.filhos ?? []).map((f) => ({ ...f, id: f.alvoId }));
  const editavel = podeDefinir && view?.defineFilhos === true;
  const semMeta = view?.no.meta == null;
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'nome',
      header: 'Unidade',
      cell: (r) => (
        <span className="grid">
          <span className="font-medium">{r.nome}</span>
          <span className="text-xs text-muted-foreground">{META_NIVEL_LABELS[r.nivel]}</span>
        </span>
      ),
    },
    {
      key: 'meta',
      header: 'Meta',
      cell: (r) =>
        editavel && !semMeta ? (
          <MetaForm key={`${mes}-${etapa}-${r.meta}`} no={r} mes={mes} etapa={etapa} />
        ) : (
          formatarValor(etapa, r.meta)
        ),
    },
    {
      key: 'realizado',
      header: 'Realizado',
      className: 'text-right tabular-nums',
      cell: (r) => formatarValor(etapa, r.realizado),
    },
    {
      key: 'percentual',
      header: '% da meta',
      className: 'text-right tabular-nums',
      cell: (r) => formatarPercentual(r.percentual),
    },
    {
      key: 'projecao',
      header: 'Projeção',
      className: 'text-right tabular-nums',
      cell: (r) => formatarValor(etapa, r.projecao),
    },
    ...(editavel
      ? [{ key: 'trava', header: 'Trava', cell: (r: Row) => <TravaButton no={r} mes={mes} etapa={etapa} /> }]
      : []),
  ];
  const split = (criterio: 'igual' | 'historico') =>
    view && distribuir.mutate({ mes, etapa, alvoId: view.no.alvoId, criterio });
  return (
    <section aria-labelledby="metas-filhos" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="metas-filhos" className="text-lg font-semibold">
          Metas das unidades abaixo
        </h2>
        {editavel ? (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={semMeta || rows.length === 0 || distribuir.isPending}
              onClick={() => split('igual')}
            >
              <Scale aria-hidden="true" />
              Distribuir igualmente
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={semMeta || rows.length === 0 || distribuir.isPending}
              onClick={() => split('historico')}
            >
              <History aria-hidden="true" />
              Distribuir pelo histórico
            </Button>
          </div>
        ) : null}
      </div>
      {editavel && semMeta && view ? (
        <p className="text-sm text-muted-foreground">
          {view.defineProprio
            ? 'Defina a meta da rede acima para dividi-la entre as franquias.'
            : 'A meta da sua unidade ainda não foi definida pela unidade acima: sem ela, não há o que dividir.'}
        </p>
      ) : null}
      <DataTable
        caption={`Metas das unidades abaixo: ${META_ETAPA_LABELS[etapa]}, ${mesPorExtenso(mes)}`}
        columns={columns}
        rows={rows}
        isLoading={isLoading}
        notice={
          !isLoading && rows.length === 0 ? { kind: 'empty', title: 'Nenhuma unidade ativa abaixo da sua.' } : null
        }
      />
    </section>
  );
}

function RankingSection({ mes, etapa }: { mes: string; etapa: MetaEtapa }) {
  const ranking = useRanking(mes, etapa, true);
  if (ranking.isError)
    return (
      <Card role="alert" className="p-6 text-destructive">
        {errorMessage(ranking.error, 'Não foi possível carregar o ranking.')}
      </Card>
    );
  if (!ranking.data) return <Skeleton className="h-64 w-full" />;
  const view = ranking.data;
  const comFiguras = view.itens.some((i) => i.percentual != null);
  const table = <RankingTable view={view} />;
  return (
    <section aria-label="Ranking" className="grid gap-3">
      {comFiguras ? (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <RankingChart view={view} table={table} />
        </Suspense>
      ) : (
        <Card className="grid gap-3 p-4 sm:p-6">
          <h2 className="text-lg font-semibold">Ranking por % da meta</h2>
          {table}
        </Card>
      )}
    </section>
  );
}
