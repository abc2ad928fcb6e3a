import { SEM_FILTRO } from '@/components/ui/select';
import {
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  type LeadStatus,
  type RetornoFiltro,
  type SemContatoFiltro,
  leadFollowUpFilterShape,
} from '@shared/schemas/acompanhamento';
import type { Option } from '@shared/enums';
import { leadInscricaoFilterShape, type SIM_NAO } from '@shared/schemas/inscricao';
import type { DrillChip } from '@/lib/drill-filters';

/**
 * The follow-up filters of Leads and Interesses (issue 16), kept in the address like the drill-down's: status and
 * responsável are the toolbar's selects; the return date and 'no contact yet' arrive from the dashboard's cards
 * and show as removable chips.
 */
export const FOLLOW_UP_KEYS = ['status', 'responsavelId', 'retorno', 'semContato', 'listaEspera', 'presenca'] as const;
export type FollowUpKey = (typeof FOLLOW_UP_KEYS)[number];

export interface FollowUpFilter {
  status: LeadStatus;
  /** A vendedor's id, `eu` (the calling vendedor) or `nenhum` (nobody's). */
  responsavelId: string;
  retorno: RetornoFiltro;
  semContato: SemContatoFiltro;
  /** Issue 20: on the waiting list or not, came to the event or not. */
  listaEspera: (typeof SIM_NAO)[number];
  presenca: (typeof SIM_NAO)[number];
}

const FILTER_SHAPES = { ...leadFollowUpFilterShape, ...leadInscricaoFilterShape };

/** The name shown for a vendedor's id in the address (a link that filters by one carries it, as drill-downs do). */
export const RESPONSAVEL_NOME_PARAM = 'responsavelNome';

/** The follow-up filters of an address; a value the shared schema refuses is left out (never sent). */
export function readFollowUpFilter(params: URLSearchParams): Partial<FollowUpFilter> {
  const filter: Partial<FollowUpFilter> = {};
  for (const key of FOLLOW_UP_KEYS) {
    const raw = params.get(key);
    if (!raw) continue;
    const parsed = FILTER_SHAPES[key].safeParse(raw);
    if (parsed.success && parsed.data) (filter as Record<FollowUpKey, string>)[key] = parsed.data;
  }
  return filter;
}

export const RETORNO_CHIP_LABELS: Record<RetornoFiltro, string> = {
  hoje: 'Retorno: hoje',
  atrasados: 'Retorno: atrasados',
};

export const SEM_CONTATO_CHIP_LABELS: Record<SemContatoFiltro, string> = {
  true: 'Sem contato',
  '48h': 'Sem contato há mais de 48\u00a0h',
};

/** The chips of the filters only a link sets: the return date, then 'no contact yet'. */
export function followUpChips(params: URLSearchParams): DrillChip[] {
  const filter = readFollowUpFilter(params);
  const chips: DrillChip[] = [];
  if (filter.retorno) chips.push({ id: 'retorno', label: RETORNO_CHIP_LABELS[filter.retorno], keys: ['retorno'] });
  if (filter.semContato) {
    chips.push({ id: 'semContato', label: SEM_CONTATO_CHIP_LABELS[filter.semContato], keys: ['semContato'] });
  }
  return chips;
}

/** Every parameter the follow-up filters may have written. */
export function followUpParamNames(): string[] {
  return [...FOLLOW_UP_KEYS, RESPONSAVEL_NOME_PARAM];
}

export const LISTA_ESPERA_FILTER_OPTIONS: Option[] = [
  { value: SEM_FILTRO, label: 'Todas as inscrições' },
  { value: 'sim', label: 'Na lista de espera' },
  { value: 'nao', label: 'Com vaga' },
];

export const PRESENCA_FILTER_OPTIONS: Option[] = [
  { value: SEM_FILTRO, label: 'Todos' },
  { value: 'sim', label: 'Presentes' },
  { value: 'nao', label: 'Ausentes' },
];

export const STATUS_FILTER_OPTIONS: Option[] = [
  { value: SEM_FILTRO, label: 'Todos os status' },
  ...LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] })),
];

/**
 * The responsável filter's choices: everyone's, the vendedor's own ('Meus'), nobody's, and a vendedor an address
 * names (with the name it carries).
 */
export function responsavelFilterOptions({
  meus,
  current,
  currentNome,
}: {
  meus: boolean;
  current: string | undefined;
  currentNome: string | null;
}): Option[] {
  const options: Option[] = [{ value: SEM_FILTRO, label: 'Todos' }];
  if (meus || current === 'eu') options.push({ value: 'eu', label: 'Meus' });
  options.push({ value: 'nenhum', label: 'Sem responsável' });
  if (current && current !== 'eu' && current !== 'nenhum') {
    options.push({ value: current, label: currentNome?.trim() || 'Vendedor selecionado' });
  }
  return options;
}
