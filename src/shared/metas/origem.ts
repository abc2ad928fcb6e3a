import { CODIGO_INDICACAO_TAMANHO, UTM_MAX } from './enums';

/**
 * Where a family came from (issue 48, ADR 104): the words the public pages, the API and the staff screens share.
 * No zod here: the public pages read these before their rules have loaded.
 */

/** The address's parameters a public page keeps through the flow, each beside the body's field it becomes. */
export const ORIGEM_PARAMETROS = [
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
  ['utm_content', 'utmContent'],
  ['utm_term', 'utmTerm'],
  ['v', 'vendedor'],
] as const;

export type OrigemCampo = (typeof ORIGEM_PARAMETROS)[number][1];

/** The body's `origem` (POST /api/leads and /api/pre-matriculas): every field optional. */
export type OrigemEnviada = Partial<Record<OrigemCampo, string>>;

/** A share link's code as typed or read from an address: 8 letters and digits, in any case. */
export const CODIGO_INDICACAO_RE = new RegExp(`^[A-Za-z0-9]{${CODIGO_INDICACAO_TAMANHO}}$`);

export const ORIGEM_MESSAGES = {
  utmLonga: `Cada parâmetro de origem (utm) deve ter no máximo ${UTM_MAX} caracteres`,
  utmInvalida: 'Parâmetro de origem (utm) inválido',
  codigo: `Código de indicação inválido: são ${CODIGO_INDICACAO_TAMANHO} letras e números`,
  origem: 'Origem inválida',
  /** The share link's card (the vendedor's) and the event's. */
  meuLink: 'Meu link de indicação',
  linkEvento: 'Link de divulgação',
  semVendedor: 'Este usuário não é um vendedor: não há link de indicação.',
} as const;

/** The origin a staff list shows for a lead, pré-matrícula or matrícula: null when the family came with none. */
export interface OrigemVista {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  /** The share link's code, a vendedor's or an event's. */
  linkCodigo: string | null;
  /** The vendedor whose link it was; null for an event's link. */
  linkVendedorNome: string | null;
}

/** The short 'Origem' of a list's row: the link first, then utm_source / utm_campaign, else '—'. */
export function origemResumo(origem: OrigemVista | null | undefined): string {
  if (!origem) return '—';
  if (origem.linkVendedorNome) return `Link de ${origem.linkVendedorNome}`;
  if (origem.linkCodigo) return 'Link do evento';
  const utm = [origem.utmSource, origem.utmCampaign].filter(Boolean).join(' / ');
  return utm || (origem.utmMedium ?? origem.utmContent ?? origem.utmTerm ?? '—');
}

/** The CSV exports' columns of the origin, in order, beside the value each takes from a row. */
export const ORIGEM_CSV: [cabecalho: string, valor: (o: OrigemVista | null) => string][] = [
  ['utm_source', (o) => o?.utmSource ?? ''],
  ['utm_medium', (o) => o?.utmMedium ?? ''],
  ['utm_campaign', (o) => o?.utmCampaign ?? ''],
  ['utm_content', (o) => o?.utmContent ?? ''],
  ['utm_term', (o) => o?.utmTerm ?? ''],
  ['vendedor do link', (o) => o?.linkVendedorNome ?? (o?.linkCodigo ? 'Link do evento' : '')],
];
