import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAddressEditor } from '@/hooks/use-address-editor';
import type { Role } from '@shared/roles';
import {
  type Agrupamento,
  DIRECOES,
  type Direcao,
  INTERVALOS,
  type Intervalo,
  MAX_PERIOD_DAYS,
  ORDENAR,
  type Ordenar,
  RELATORIO_MESSAGES,
  type TreeFilter,
  agrupamentosFor,
  daysInPeriod,
  defaultAgrupamento,
  drillFilterShape,
  treeFiltersFor,
} from '@shared/schemas/relatorios';
import { nameParam } from '@/lib/drill-filters';
import type { RelatorioFilter } from '../api/relatorios-keys';
import {
  PERIODOS,
  type Periodo,
  type Range,
  defaultIntervalo,
  presetRange,
  previousRange,
} from '../components/periodo';
import { todayInBrasilia } from '@shared/brasilia';

/** The report's page size: a ranking, read a page at a time. */
export const RANKING_PAGE_SIZE = 20;

/** The follow-up table pages on its own, so paging one table leaves the other where it was. */
export const ACOMPANHAMENTO_PAGE_PARAM = 'acompanhamentoPage';

/** The address parameters that do not change the follow-up's rows: changing them keeps its page. */
const KEEPS_ACOMPANHAMENTO_PAGE = new Set(['page', 'ordenar', 'direcao', 'intervalo', ACOMPANHAMENTO_PAGE_PARAM]);

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

const uuid = drillFilterShape.franquiaId;

/** The filters that narrow a report, with the chip's text for each (a tree id carries its group's name). */
export interface ActiveFilter {
  key: TreeFilter | 'estado' | 'cidade';
  label: string;
  /** The address parameters removing it deletes. */
  params: string[];
}

const TREE_FILTER_LABELS: Record<TreeFilter, string> = {
  franquiaId: 'Franquia',
  microFranquiaId: 'Micro-franquia',
  vendedorId: 'Vendedor',
  clienteId: 'Cliente',
  eventoId: 'Evento',
};

export interface RelatorioState {
  periodo: Periodo;
  /** The days asked for: the preset's (ending today in Brasília) or the custom ones as typed. */
  range: Range;
  /** Why a custom period cannot be asked for (the shared schema's message); null when it can. */
  periodError: string | null;
  /** The custom dates as the address holds them (what the date inputs show while typing). */
  custom: Range;
  previous: Range;
  agrupar: Agrupamento;
  agrupamentos: Agrupamento[];
  intervalo: Intervalo;
  ordenar: Ordenar;
  /** The direction in force: the address's, or the server's default (numbers descending, names ascending). */
  direcao: Direcao;
  page: number;
  /** The follow-up table's page. */
  acompanhamentoPage: number;
  /** Period and filters, as the API and the drill-downs take them. */
  filter: RelatorioFilter;
  /** The names beside the tree ids (for the chips and the lists' chips). */
  names: Partial<Record<TreeFilter, string>>;
  active: ActiveFilter[];
}

export type RelatorioPatch = Record<string, string | undefined>;

export function defaultDirecao(ordenar: Ordenar): Direcao {
  return ordenar === 'rotulo' ? 'asc' : 'desc';
}

/**
 * What another report built on this filter bar changes (Inadimplência, issue 43): the groupings it takes (among
 * the role's) and the period shown when the address names none.
 */
export interface RelatorioOptions {
  agrupamentos?: readonly Agrupamento[];
  periodoPadrao?: Exclude<Periodo, 'personalizado'>;
}

/** Reads the whole view from the address; anything missing or refused falls back to the role's defaults. */
export function readRelatorioState(
  params: URLSearchParams,
  role: Role,
  today: string,
  options: RelatorioOptions = {},
): RelatorioState {
  const agrupamentos = agrupamentosFor(role).filter((a) => !options.agrupamentos || options.agrupamentos.includes(a));
  const trees = treeFiltersFor(role);

  const rawPeriodo = params.get('periodo');
  const periodo: Periodo = isOneOf(PERIODOS, rawPeriodo)
    ? rawPeriodo
    : params.get('de') || params.get('ate')
      ? 'personalizado'
      : (options.periodoPadrao ?? '30d');

  let range: Range;
  let periodError: string | null = null;
  if (periodo === 'personalizado') {
    const fallback = presetRange('30d', today);
    const de = params.get('de') ?? '';
    const ate = params.get('ate') ?? '';
    const deOk = drillFilterShape.de.safeParse(de);
    const ateOk = drillFilterShape.ate.safeParse(ate);
    range = { de: deOk.success && deOk.data ? deOk.data : '', ate: ateOk.success && ateOk.data ? ateOk.data : '' };
    if (!range.de) periodError = RELATORIO_MESSAGES.deInvalida;
    else if (!range.ate) periodError = RELATORIO_MESSAGES.ateInvalida;
    else if (range.de > range.ate) periodError = RELATORIO_MESSAGES.periodoInvertido;
    else if (daysInPeriod(range.de, range.ate) > MAX_PERIOD_DAYS) periodError = RELATORIO_MESSAGES.periodoLongo;
    if (periodError) range = { de: range.de || fallback.de, ate: range.ate || fallback.ate };
  } else {
    range = presetRange(periodo, today);
  }

  const rawAgrupar = params.get('agrupar');
  const padrao = defaultAgrupamento(role);
  const agrupar = isOneOf(agrupamentos, rawAgrupar)
    ? rawAgrupar
    : agrupamentos.includes(padrao)
      ? padrao
      : (agrupamentos[0] ?? padrao);
  const rawIntervalo = params.get('intervalo');
  const intervalo = isOneOf(INTERVALOS, rawIntervalo) ? rawIntervalo : defaultIntervalo(range);
  const rawOrdenar = params.get('ordenar');
  const ordenar = isOneOf(ORDENAR, rawOrdenar) ? rawOrdenar : 'leads';
  const rawDirecao = params.get('direcao');
  const direcao = isOneOf(DIRECOES, rawDirecao) ? rawDirecao : defaultDirecao(ordenar);
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const acompanhamentoPage = Math.max(1, Math.floor(Number(params.get(ACOMPANHAMENTO_PAGE_PARAM)) || 1));

  const filter: RelatorioFilter = { de: range.de, ate: range.ate };
  const names: Partial<Record<TreeFilter, string>> = {};
  const active: ActiveFilter[] = [];
  for (const key of trees) {
    const value = params.get(key);
    if (!value || !uuid.safeParse(value).success) continue;
    filter[key] = value;
    // The event has its own select in the filter bar: no chip.
    if (key === 'eventoId') continue;
    const name = params.get(nameParam(key))?.trim() || undefined;
    if (name) names[key] = name;
    active.push({
      key,
      label: `${TREE_FILTER_LABELS[key]}: ${name ?? 'selecionado(a)'}`,
      params: [key, nameParam(key)],
    });
  }
  const estado = drillFilterShape.estado.safeParse(params.get('estado') ?? '');
  if (estado.success && estado.data) {
    filter.estado = estado.data;
    active.push({ key: 'estado', label: `Estado: ${estado.data}`, params: ['estado'] });
  }
  const cidade = drillFilterShape.cidade.safeParse(params.get('cidade') ?? '');
  if (cidade.success && cidade.data) {
    filter.cidade = cidade.data;
    active.push({ key: 'cidade', label: `Cidade: ${cidade.data}`, params: ['cidade'] });
  }

  return {
    periodo,
    range,
    periodError,
    custom: { de: params.get('de') ?? '', ate: params.get('ate') ?? '' },
    previous: previousRange(range),
    agrupar,
    agrupamentos,
    intervalo,
    ordenar,
    direcao,
    page,
    acompanhamentoPage,
    filter,
    names,
    active,
  };
}

/**
 * The whole view of Relatórios lives in the address (period, grouping, filters, order, page, interval), so a
 * link or the back button restores it. Each choice is a history entry; typing a custom date replaces the current
 * one. Any change but a page's goes back to page 1 of the ranking; the follow-up table goes back to its page 1
 * when its rows change (period, grouping, filters), not when the ranking is sorted or paged.
 */
export function useRelatorioParams(role: Role, options: RelatorioOptions = {}) {
  const [searchParams] = useSearchParams();
  const editAddress = useAddressEditor();
  const key = searchParams.toString();
  const today = todayInBrasilia();
  const { agrupamentos, periodoPadrao } = options;
  const state = useMemo(
    () => readRelatorioState(new URLSearchParams(key), role, today, { agrupamentos, periodoPadrao }),
    [key, role, today, agrupamentos, periodoPadrao],
  );

  const update = (patch: RelatorioPatch, { replace = false }: { replace?: boolean } = {}) =>
    editAddress(
      (next) => {
        for (const [name, value] of Object.entries(patch)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        const keys = Object.keys(patch);
        if (!keys.includes('page') && !keys.includes(ACOMPANHAMENTO_PAGE_PARAM)) next.delete('page');
        if (!keys.every((name) => KEEPS_ACOMPANHAMENTO_PAGE.has(name))) next.delete(ACOMPANHAMENTO_PAGE_PARAM);
      },
      { replace },
    );

  return { state, update };
}

export type RelatorioParams = ReturnType<typeof useRelatorioParams>;
