import { can } from '@shared/permissions';
import type { Role } from '@shared/roles';
import {
  type Agrupamento,
  type FunilGrupo,
  type TreeFilter,
  agrupamentosFor,
  treeFiltersFor,
} from '@shared/schemas/relatorios';
import { nameParam } from '@/lib/drill-filters';
import type { RelatorioFilter } from '../api/relatorios-keys';

/** The funnel's stages, each with the list that holds its rows: attendance (issue 20) sits between lead and pré. */
export const STAGES = ['leads', 'presencas', 'preMatriculas', 'matriculas'] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  leads: 'Leads',
  presencas: 'Presenças',
  preMatriculas: 'Pré-matrículas',
  matriculas: 'Matrículas',
};

/** Where a stage's rows are listed: the staff's Interesses for the leads (every staff role opens it). */
export const STAGE_PATHS: Record<Stage, string> = {
  leads: '/interesses',
  presencas: '/interesses',
  preMatriculas: '/pre-matriculas',
  matriculas: '/matriculas',
};

/** The list's own filter a stage adds: the presences are the leads checked in. */
const STAGE_PARAMS: Partial<Record<Stage, Record<string, string>>> = { presencas: { presenca: 'sim' } };

/** The lists a role may open from the report: the vendedor counts matrículas but may not list them. */
export function drillStagesFor(role: Role): Stage[] {
  return STAGES.filter((stage) => stage !== 'matriculas' || can(role, 'matriculas.ler'));
}

/** What names a group of any report (the funnel's or the follow-up's). */
export type GrupoRef = Pick<FunilGrupo, 'id' | 'rotulo' | 'estado'>;

const TREE_KEY: Partial<Record<Agrupamento, TreeFilter>> = {
  franquia: 'franquiaId',
  micro_franquia: 'microFranquiaId',
  vendedor: 'vendedorId',
  cliente: 'clienteId',
  evento: 'eventoId',
};

/**
 * The address parameters that narrow to one group: its tree id with its name (the chip's text), the state, or
 * the city with its state. Null for a group without an id ('Sem vendedor'): no list holds just those rows.
 */
export function groupParams(agrupar: Agrupamento, grupo: GrupoRef): Record<string, string> | null {
  if (grupo.id === null) return null;
  // Issue 48: where the families came from.
  if (agrupar === 'origem') return { origem: grupo.id };
  if (agrupar === 'campanha') return { campanha: grupo.id };
  if (agrupar === 'vendedor_link') return { vendedorLinkId: grupo.id, vendedorLinkNome: grupo.rotulo };
  const tree = TREE_KEY[agrupar];
  if (tree === 'eventoId') return { eventoId: grupo.id };
  if (tree) return { [tree]: grupo.id, [nameParam(tree)]: grupo.rotulo };
  if (agrupar === 'estado') return { estado: grupo.id };
  return grupo.estado ? { cidade: grupo.id, estado: grupo.estado } : { cidade: grupo.id };
}

/** The report's own filters (period, tree, place) with the names beside the ids, as address parameters. */
export function filterParams(
  filter: RelatorioFilter,
  names: Partial<Record<TreeFilter, string>>,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) if (value) params[key] = value;
  for (const [key, name] of Object.entries(names) as [TreeFilter, string | undefined][]) {
    if (name && key !== 'eventoId') params[nameParam(key)] = name;
  }
  return params;
}

/** The list of a stage narrowed to the report's period and filters, and to one group when given. */
export function drillHref(stage: Stage, base: Record<string, string>, group?: Record<string, string> | null): string {
  const search = new URLSearchParams({ ...base, ...group, ...STAGE_PARAMS[stage] });
  return `${STAGE_PATHS[stage]}?${search.toString()}`;
}

/** One level further down: the grouping a group's 'Detalhar' opens. */
const NEXT: Partial<Record<Agrupamento, Agrupamento>> = {
  franquia: 'micro_franquia',
  micro_franquia: 'vendedor',
  vendedor: 'cliente',
  cliente: 'evento',
  estado: 'cidade',
  cidade: 'evento',
};

/**
 * 'Detalhar': the report narrowed to the group and grouped one level below, when the role may use that filter
 * and that grouping. Null otherwise (an event is the bottom; 'Sem vendedor' has no id).
 */
export function zoomPatch(role: Role, agrupar: Agrupamento, grupo: GrupoRef): Record<string, string> | null {
  const next = NEXT[agrupar];
  const params = groupParams(agrupar, grupo);
  if (!next || !params || !agrupamentosFor(role).includes(next)) return null;
  const tree = TREE_KEY[agrupar];
  if (tree && !treeFiltersFor(role).includes(tree)) return null;
  return { ...params, agrupar: next };
}
