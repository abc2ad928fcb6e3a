import { Link } from 'react-router';
import { MISSING, formatCount } from '@shared/format';
import type { VisitasContagem, VisitasRelatorio } from '@shared/schemas/relatorios';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useVisitasRelatorio } from '../api/get-visitas-relatorio';
import type { Role } from '@shared/roles';
import { useRelatorioParams } from '../hooks/use-relatorio-params';
import { formatTaxa } from './delta';

export const VISITAS_RELATORIO_MESSAGES = {
  failed: 'Falha ao carregar as visitas às escolas',
  vazio: 'Nenhuma visita no período',
  primeiros: (listados: number, total: number) =>
    `Os ${listados} vendedores com mais visitas, de ${formatCount(total)}; os totais acima contam todos.`,
} as const;

type Linha = VisitasRelatorio['vendedores'][number] & { id: string };

const KPIS: readonly { key: keyof VisitasContagem; label: string; format: (t: VisitasContagem) => string }[] = [
  { key: 'agendadas', label: 'Visitas agendadas', format: (t) => formatCount(t.agendadas) },
  { key: 'realizadas', label: 'Visitas realizadas', format: (t) => formatCount(t.realizadas) },
  { key: 'eventosAgendados', label: 'Eventos agendados', format: (t) => formatCount(t.eventosAgendados) },
  { key: 'eventosPorVisita', label: 'Eventos por visita realizada', format: (t) => formatTaxa(t.eventosPorVisita) },
];

/**
 * 'Visitas às escolas' (issue 49): of the visits scheduled for the report's period (and filters, through the school
 * visited), how many each vendedor made, missed, and how many events they scheduled -- the events per visit made.
 * A vendedor's name opens the Visitas list filtered to it, for whoever may open that list. The route shows it below
 * the rest of Relatórios for the roles that see visits.
 */
export function VisitasSection({ role, linkVisitas }: { role: Role; linkVisitas: boolean }) {
  // The report's period and filters, read from the address as the rest of Relatórios reads them.
  const { state } = useRelatorioParams(role);
  const enabled = state.periodError === null;
  const consulta = useVisitasRelatorio(state.filter, { enabled });
  const dados = enabled ? consulta.data : undefined;
  const { de, ate } = state.filter;

  const columns: DataTableColumn<Linha>[] = [
    {
      key: 'vendedor',
      header: 'Vendedor',
      cell: (r) =>
        linkVisitas && r.vendedorId ? (
          <Link
            className="font-medium text-primary underline-offset-4 hover:underline"
            to={`/visitas?${new URLSearchParams({ vendedorId: r.vendedorId, vendedor: r.vendedorNome, de, ate })}`}
          >
            {r.vendedorNome}
          </Link>
        ) : (
          <span className="font-medium">{r.vendedorNome}</span>
        ),
    },
    {
      key: 'agendadas',
      header: 'Agendadas',
      className: 'text-right tabular-nums',
      cell: (r) => formatCount(r.agendadas),
    },
    {
      key: 'realizadas',
      header: 'Realizadas',
      className: 'text-right tabular-nums',
      cell: (r) => formatCount(r.realizadas),
    },
    {
      key: 'naoRealizadas',
      header: 'Não realizadas',
      className: 'text-right tabular-nums',
      cell: (r) => formatCount(r.naoRealizadas),
    },
    {
      key: 'eventosAgendados',
      header: 'Eventos agendados',
      className: 'text-right tabular-nums',
      cell: (r) => formatCount(r.eventosAgendados),
    },
    {
      key: 'eventosPorVisita',
      header: 'Eventos por visita realizada',
      className: 'text-right tabular-nums',
      cell: (r) => (r.realizadas > 0 ? formatTaxa(r.eventosPorVisita) : MISSING),
    },
  ];

  return (
    <section aria-labelledby="relatorio-visitas" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="relatorio-visitas" className="text-lg font-semibold">
          Visitas às escolas
        </h2>
        <p className="text-sm text-muted-foreground">
          Das visitas agendadas para o período: quantas cada vendedor fez e quantos eventos elas agendaram.
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {KPIS.map(({ key, label, format }) => (
          <li key={key}>
            <Card className="flex h-full flex-col gap-2 p-4" data-testid={`visitas-${key}`}>
              <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h3>
              {dados ? (
                <p className="text-xl font-bold tracking-tight tabular-nums sm:text-2xl">{format(dados.totais)}</p>
              ) : enabled && consulta.isPending ? (
                <Skeleton className="h-7 w-16" />
              ) : (
                <p className="text-xl font-bold sm:text-2xl">{MISSING}</p>
              )}
            </Card>
          </li>
        ))}
      </ul>
      <Card className="min-w-0">
        <div className="px-2 py-4 sm:px-4">
          <DataTable
            caption="Visitas por vendedor"
            columns={columns}
            rows={(dados?.vendedores ?? []).map((r) => ({ ...r, id: r.vendedorId ?? 'sem-vendedor' }))}
            isLoading={enabled && consulta.isPending}
            isUpdating={consulta.isPlaceholderData}
            notice={
              enabled && consulta.isError
                ? { kind: 'error', title: errorMessage(consulta.error, VISITAS_RELATORIO_MESSAGES.failed) }
                : dados && dados.vendedores.length === 0
                  ? { kind: 'empty', title: VISITAS_RELATORIO_MESSAGES.vazio }
                  : null
            }
            cards="list"
          />
          {dados && dados.vendedoresTotal > dados.vendedores.length ? (
            <p className="px-2 pt-3 text-sm text-muted-foreground">
              {VISITAS_RELATORIO_MESSAGES.primeiros(dados.vendedores.length, dados.vendedoresTotal)}
            </p>
          ) : null}
        </div>
      </Card>
    </section>
  );
}
