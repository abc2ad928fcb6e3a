import type { Agrupamento, Direcao, Intervalo, Ordenar } from '@shared/schemas/relatorios';

/** Every Relatórios query starts with this key. */
export const RELATORIOS_QUERY_KEY = ['relatorios'] as const;

/** The period and the narrowing filters a report request and its drill-downs share. */
export interface RelatorioFilter {
  de: string;
  ate: string;
  franquiaId?: string;
  microFranquiaId?: string;
  vendedorId?: string;
  clienteId?: string;
  eventoId?: string;
  estado?: string;
  cidade?: string;
}

export interface FunilParams extends RelatorioFilter {
  agrupar?: Agrupamento;
  page: number;
  pageSize: number;
  ordenar?: Ordenar;
  direcao?: Direcao;
}

/** The follow-up per group: the funnel's period, filters and grouping; its groups come most contacted first. */
export interface AcompanhamentoParams extends RelatorioFilter {
  agrupar?: Agrupamento;
  page: number;
  pageSize: number;
}

export interface SerieParams extends RelatorioFilter {
  intervalo: Intervalo;
}

/** As address parameters, empty values left out (the order is the one the server's exports name). */
export function relatorioSearchParams(params: object): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  return search;
}

/** 'Exportar CSV': the grouped table with the same period, filters and order; the server streams the file. */
export function funilCsvUrl({ page: _page, pageSize: _pageSize, ...params }: FunilParams): string {
  const query = relatorioSearchParams(params).toString();
  return query ? `/api/relatorios/funil.csv?${query}` : '/api/relatorios/funil.csv';
}
