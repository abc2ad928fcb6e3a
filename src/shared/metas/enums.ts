/**
 * Metas, rankings e atribuição (issue 48, ADR 104): the words the goals, the costs and the sources share between
 * the server's tables, the API's schemas and the screens.
 */

/** What a goal counts: the funnel's four stages, and the parcelas paid in the month (in centavos). */
export const META_ETAPAS = ['leads', 'presencas', 'pre_matriculas', 'matriculas', 'parcelas_pagas'] as const;
export type MetaEtapa = (typeof META_ETAPAS)[number];
export const META_ETAPA_LABELS: Record<MetaEtapa, string> = {
  leads: 'Inscrições',
  presencas: 'Presenças',
  pre_matriculas: 'Pré-matrículas',
  matriculas: 'Matrículas',
  parcelas_pagas: 'Parcelas pagas (R$)',
};

/**
 * The levels of the tree a goal is set for, top first. A micro-franquia's children are its vendedores and the
 * clientes it serves with no vendedor; a vendedor's are its clientes.
 */
export const META_NIVEIS = ['rede', 'franquia', 'micro_franquia', 'vendedor', 'cliente'] as const;
export type MetaNivel = (typeof META_NIVEIS)[number];
export const META_NIVEL_LABELS: Record<MetaNivel, string> = {
  rede: 'Rede',
  franquia: 'Franquia',
  micro_franquia: 'Micro-franquia',
  vendedor: 'Vendedor',
  cliente: 'Cliente',
};

/** An event's costs by category. */
export const CUSTO_CATEGORIAS = ['cartoes', 'local', 'anuncios', 'brindes', 'outros'] as const;
export type CustoCategoria = (typeof CUSTO_CATEGORIAS)[number];
export const CUSTO_CATEGORIA_LABELS: Record<CustoCategoria, string> = {
  cartoes: 'Cartões impressos',
  local: 'Local',
  anuncios: 'Anúncios',
  brindes: 'Brindes',
  outros: 'Outros',
};

/** The UTM fields a public page keeps through the flow; each at most this long once trimmed. */
export const UTM_MAX = 100;
/** A share link's code (`/credito-estudantil?v=<código>`): a vendedor's or an event's, 8 letters and digits. */
export const CODIGO_INDICACAO_TAMANHO = 8;
