import { formatDateOnly } from '@shared/format';
import {
  type DrillFilter,
  ORIGEM_LINK_EVENTO,
  ORIGEM_LINK_VENDEDOR,
  drillFilterShape,
  origemFilterShape,
} from '@shared/schemas/relatorios';

/**
 * The drill-down filters in a list's address (issue 15): Relatórios writes them, the funnel lists read them, send
 * them to the API and show each as a chip. The period and the place are the filters themselves; a tree id comes
 * with the group's name (`<key>Nome`), which only the chip reads, so a link opened later still says what it
 * filters without another request.
 */
export const DRILL_KEYS = [
  'de',
  'ate',
  'franquiaId',
  'microFranquiaId',
  'vendedorId',
  'clienteId',
  'estado',
  'cidade',
  'origem',
  'campanha',
  'vendedorLinkId',
] as const satisfies readonly (keyof DrillFilter)[];
export type DrillKey = (typeof DRILL_KEYS)[number];

/** The ids whose chip shows a name carried beside it (`franquiaId` -> `franquiaNome`). */
export const DRILL_ID_LABELS = {
  franquiaId: 'Franquia',
  microFranquiaId: 'Micro-franquia',
  vendedorId: 'Vendedor',
  clienteId: 'Cliente',
  eventoId: 'Evento',
} as const;
export type DrillIdKey = keyof typeof DRILL_ID_LABELS;

export function nameParam(key: DrillIdKey): string {
  return `${key.replace(/Id$/, '')}Nome`;
}

/** The drill-down filters of an address; a value the shared schema refuses is left out (never sent). */
export function readDrillFilter(params: URLSearchParams): Partial<DrillFilter> {
  const filter: Partial<DrillFilter> = {};
  for (const key of DRILL_KEYS) {
    const raw = params.get(key);
    if (!raw) continue;
    const parsed = { ...drillFilterShape, ...origemFilterShape }[key].safeParse(raw);
    if (parsed.success && parsed.data) filter[key] = parsed.data;
  }
  return filter;
}

/** One removable chip: its text and the address parameters that removing it deletes. */
export interface DrillChip {
  id: string;
  label: string;
  keys: string[];
}

/** The chips of an address's drill-down filters, in a fixed order: the period, the tree, the place. */
export function drillChips(params: URLSearchParams): DrillChip[] {
  const filter = readDrillFilter(params);
  const chips: DrillChip[] = [];
  if (filter.de && filter.ate) {
    chips.push({
      id: 'periodo',
      label: `Período: ${formatDateOnly(filter.de)} a ${formatDateOnly(filter.ate)}`,
      keys: ['de', 'ate'],
    });
  } else if (filter.de) {
    chips.push({ id: 'periodo', label: `Período: a partir de ${formatDateOnly(filter.de)}`, keys: ['de'] });
  } else if (filter.ate) {
    chips.push({ id: 'periodo', label: `Período: até ${formatDateOnly(filter.ate)}`, keys: ['ate'] });
  }
  for (const key of ['franquiaId', 'microFranquiaId', 'vendedorId', 'clienteId'] as const) {
    if (!filter[key]) continue;
    const name = params.get(nameParam(key))?.trim();
    chips.push({
      id: key,
      label: `${DRILL_ID_LABELS[key]}: ${name || 'selecionado(a)'}`,
      keys: [key, nameParam(key)],
    });
  }
  if (filter.estado) chips.push({ id: 'estado', label: `Estado: ${filter.estado}`, keys: ['estado'] });
  if (filter.cidade) chips.push({ id: 'cidade', label: `Cidade: ${filter.cidade}`, keys: ['cidade'] });
  // Issue 48: where the families came from.
  if (filter.origem) {
    const origem =
      filter.origem === ORIGEM_LINK_VENDEDOR
        ? 'Link de vendedor'
        : filter.origem === ORIGEM_LINK_EVENTO
          ? 'Link de evento'
          : filter.origem;
    chips.push({ id: 'origem', label: `Origem: ${origem}`, keys: ['origem'] });
  }
  if (filter.campanha) chips.push({ id: 'campanha', label: `Campanha: ${filter.campanha}`, keys: ['campanha'] });
  if (filter.vendedorLinkId) {
    const name = params.get('vendedorLinkNome')?.trim();
    chips.push({
      id: 'vendedorLinkId',
      label: `Link de vendedor: ${name || 'selecionado(a)'}`,
      keys: ['vendedorLinkId', 'vendedorLinkNome'],
    });
  }
  return chips;
}

/** Every parameter a drill-down may have written (the filters and the names beside them). */
export function drillParamNames(): string[] {
  return [
    ...DRILL_KEYS,
    ...(['franquiaId', 'microFranquiaId', 'vendedorId', 'clienteId'] as const).map(nameParam),
    'vendedorLinkNome',
  ];
}
