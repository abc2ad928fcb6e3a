import { Link } from 'react-router';
import { ZoomIn } from 'lucide-react';
import { MISSING, formatBRL, formatCount } from '@shared/format';
import { fromCentavos } from '@shared/money/parcelas';
import {
  AGRUPAMENTO_LABELS,
  type Agrupamento,
  type FunilGrupo,
  ORDENAR,
  type Ordenar,
  RELATORIO_MESSAGES,
} from '@shared/schemas/relatorios';
import { Button } from '@/components/ui/button';
import type { DataTableColumn, DataTableSort } from '@/components/ui/data-table';
import { type GrupoRef, type Stage, STAGE_LABELS } from './drill';
import { formatTaxa } from './delta';

/** A group as a table row, keyed for DataTable (two cities may share a name; 'Sem vendedor' has no id). */
export interface RankingRow {
  id: string;
  grupo: FunilGrupo;
}

export function rankingRows(grupos: FunilGrupo[]): RankingRow[] {
  return grupos.map((grupo) => ({ id: `${grupo.estado ?? ''}|${grupo.id ?? '-'}`, grupo }));
}

/** The group's name as the table shows it: a city with its state; no id is 'Sem vendedor'. */
export function grupoLabel(grupo: GrupoRef): string {
  if (grupo.id === null) return grupo.rotulo || RELATORIO_MESSAGES.semVendedor;
  return grupo.estado ? `${grupo.rotulo}, ${grupo.estado}` : grupo.rotulo;
}

export interface RankingColumnsOptions {
  agrupar: Agrupamento;
  /** The list a stage's count opens for a group; null when there is none (no id, or a list the role may not open). */
  drillHref: (stage: Stage, grupo: FunilGrupo) => string | null;
  /** 'Detalhar': the report one level below the group; null when there is no level below for the role. */
  onZoom: (grupo: FunilGrupo) => (() => void) | null;
  sort: (column: Ordenar) => DataTableSort;
}

/** Whole centavos as R$ 1.234,56; '-' where there is no cost or no divisor. */
export function formatCentavos(centavos: number | null | undefined): string {
  return centavos === null || centavos === undefined ? MISSING : formatBRL(fromCentavos(centavos));
}

/**
 * Issue 48: the four cost figures, in the summary and in the cost chart's table -- not in the ranking, whose nine
 * columns fill its card (item 17).
 */
export const CUSTO_COLUMNS = [
  ['custo', 'Custo'],
  ['custoPorLead', 'CPL'],
  ['custoPorPreMatricula', 'Custo por pré'],
  ['custoPorMatricula', 'Custo por matrícula'],
] as const;

/**
 * Nine columns in a card of 926 px at 1280 px (issue 39, item 17): headers in sentence case and narrower gutters,
 * so the rates, which answer the screen's question, are on screen with the counts.
 */
const FIT = 'px-2 normal-case tracking-normal';
const NUMERIC = `text-right tabular-nums whitespace-nowrap ${FIT}`;

const STAGE_NOUN: Record<Stage, readonly [singular: string, plural: string]> = {
  leads: ['lead', 'leads'],
  presencas: ['presença', 'presenças'],
  preMatriculas: ['pré-matrícula', 'pré-matrículas'],
  matriculas: ['matrícula', 'matrículas'],
};

function CountCell({ grupo, stage, href }: { grupo: FunilGrupo; stage: Stage; href: string | null }) {
  const value = formatCount(grupo[stage]);
  if (!href || grupo[stage] === 0) return <>{value}</>;
  return (
    <Link to={href} className="font-medium text-primary underline-offset-4 hover:underline">
      {value}{' '}
      <span className="sr-only">{`${STAGE_NOUN[stage][grupo[stage] === 1 ? 0 : 1]} de ${grupoLabel(grupo)}: abrir a lista`}</span>
    </Link>
  );
}

/**
 * The ranking's columns: the group (its name opens its leads in Interesses, 'Detalhar' groups it one level
 * down), the three counts (each opens its list), the three rates. A column the API orders by sorts on click.
 */
export function rankingColumns({
  agrupar,
  drillHref,
  onZoom,
  sort,
}: RankingColumnsOptions): DataTableColumn<RankingRow>[] {
  const sortable = (key: string): DataTableSort | undefined =>
    (ORDENAR as readonly string[]).includes(key) ? sort(key as Ordenar) : undefined;
  return [
    {
      key: 'rotulo',
      header: AGRUPAMENTO_LABELS[agrupar],
      className: FIT,
      sort: sortable('rotulo'),
      cell: ({ grupo }) => {
        const href = drillHref('leads', grupo);
        const zoom = onZoom(grupo);
        const label = grupoLabel(grupo);
        return (
          <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            {href ? (
              <Link
                to={href}
                className="min-w-0 font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
              >
                {label}
              </Link>
            ) : (
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{label}</span>
            )}
            {zoom ? (
              <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={zoom}>
                <ZoomIn aria-hidden="true" />
                Detalhar <span className="sr-only">{label}</span>
              </Button>
            ) : null}
          </span>
        );
      },
    },
    ...(['leads', 'presencas', 'preMatriculas', 'matriculas'] as const).map((stage): DataTableColumn<RankingRow> => ({
      key: stage,
      header: STAGE_LABELS[stage],
      className: NUMERIC,
      sort: sortable(stage),
      cell: ({ grupo }) => <CountCell grupo={grupo} stage={stage} href={drillHref(stage, grupo)} />,
    })),
    ...(
      [
        ['taxaLeadPresenca', 'Lead → Presença'],
        ['taxaLeadPreMatricula', 'Lead → Pré'],
        ['taxaPreMatriculaMatricula', 'Pré → Matrícula'],
        ['taxaLeadMatricula', 'Lead → Matrícula'],
      ] as const
    ).map(([key, header]): DataTableColumn<RankingRow> => ({
      key,
      header,
      className: NUMERIC,
      sort: sortable(key),
      cell: ({ grupo }) => formatTaxa(grupo[key]),
    })),
  ];
}
