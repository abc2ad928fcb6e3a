import { z } from 'zod';
import { type ListCursor, type ListKeyset, ordemDe } from './list-cursor';

/** DESIGN §4.3: every list takes page (from 1), pageSize (default 50, at most 500) and q. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** 'false' when the server stopped counting at the limit: the screens then say 'mais de {total}'. */
export const TOTAL_COUNT_EXACT_HEADER = 'X-Total-Count-Exact';
/**
 * A list whose total is counted row by row counts at most this many (issue 21): above it the answer is
 * `X-Total-Count: 10000` with `X-Total-Count-Exact: false` and the screens say 'mais de 10.000'. A search that
 * matches a tenth of the network would otherwise count 100,000 rows for every page (ADR 032).
 */
export const TOTAL_COUNT_LIMIT = 10_000;
/** The page sizes the screens offer (issue 23); the API takes any size up to MAX_PAGE_SIZE. */
export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;

export const LIST_MESSAGES = {
  page: 'Página deve ser um número inteiro a partir de 1',
  pageSize: `Tamanho da página deve ser um número inteiro de 1 a ${MAX_PAGE_SIZE}`,
  q: 'Busca longa demais',
  qInvalid: 'Busca com caracteres inválidos',
  sort: 'Ordenação inválida',
} as const;

/**
 * The fewest letters or digits a list's search takes (issue 46). A trigram index answers a substring of three
 * characters or more; a shorter one ('a', 'jo', a bare '@') can only be answered by reading every row in scope, so
 * every list whose search reads a table that grows with the network answers at once with a hint instead
 * (`indexedSearchSchema`). Eventos also answers a state alone ('SP', SPEC §4), by the state's own index
 * (`eventoSearchTooShort`).
 */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_TOO_SHORT_MESSAGE = `Digite pelo menos ${SEARCH_MIN_CHARS} letras ou números para buscar.`;

/** A search with fewer than SEARCH_MIN_CHARS letters or digits (punctuation and spaces do not count). */
export function searchTooShort(q: string | undefined): boolean {
  if (!q) return false;
  return (q.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < SEARCH_MIN_CHARS;
}

export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: LIST_MESSAGES.page })
    .int(LIST_MESSAGES.page)
    .min(1, LIST_MESSAGES.page)
    .max(1_000_000, LIST_MESSAGES.page)
    .default(1),
  pageSize: z.coerce
    .number({ error: LIST_MESSAGES.pageSize })
    .int(LIST_MESSAGES.pageSize)
    .min(1, LIST_MESSAGES.pageSize)
    .max(MAX_PAGE_SIZE, LIST_MESSAGES.pageSize)
    .default(DEFAULT_PAGE_SIZE),
  q: z
    .string()
    .trim()
    .max(200, LIST_MESSAGES.q)
    // PostgreSQL cannot compare a NUL character; a CSV export would fail after its first bytes were sent.
    .refine((v) => !v.includes('\u0000'), LIST_MESSAGES.qInvalid)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The screens' status filter (the filter button): every row, only active ones or only inactive ones. */
export const statusFilterSchema = z
  .enum(['ativos', 'inativos'], { error: 'Filtro de status inválido' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'ativos'));

/**
 * A list's `sort` (issue 23): one of the columns the list whitelists, ascending ('nome') or descending ('-nome').
 * Without it the list keeps its own order. The repository maps each key to its indexed column.
 */
export function listSortSchema<const K extends string>(keys: readonly [K, ...K[]]) {
  const values = keys.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];
  return z
    .enum(values, { error: LIST_MESSAGES.sort })
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : {
            key: value.replace(/^-/, '') as K,
            direction: value.startsWith('-') ? ('desc' as const) : ('asc' as const),
          },
    );
}
export interface ListSortValue<K extends string = string> {
  key: K;
  direction: 'asc' | 'desc';
}

/**
 * The network lists' sortable columns (issue 23): the record's name and its status (Ativo first when ascending).
 * Franquias, micro-franquias and clientes by razão social / nome fantasia, usuários by name, cursos by title.
 */
export const NETWORK_SORT_KEYS = ['nome', 'status'] as const;
export type NetworkSortKey = (typeof NETWORK_SORT_KEYS)[number];
export const networkSortSchema = listSortSchema(NETWORK_SORT_KEYS);

/** q= on a large list (issue 46): as every list's, and refused with the hint when it is too short to answer. */
export const indexedSearchSchema = listQuerySchema.shape.q.refine((v) => !searchTooShort(v), SEARCH_TOO_SHORT_MESSAGE);

/** A network list's own order without a sort: newest first (its name in cursors, issue 46). */
export const NETWORK_ORDEM_PADRAO = '-criadoEm';

/**
 * A network list's keyset (issue 46): its own order (the creation moment and the id), by name (the name without
 * case or accents, and the id), or by status (the flag, the name and the id). `nomeOpcional`: the name may be null
 * (a usuário's).
 */
export function networkKeyset(
  lista: string,
  { nomeOpcional = false }: { nomeOpcional?: boolean } = {},
): ListKeyset<{ sort?: ListSortValue<NetworkSortKey>; apos?: ListCursor; antes?: ListCursor }> {
  const nome = nomeOpcional ? 'texto?' : 'texto';
  return {
    lista,
    ordem: (query) => ordemDe(query.sort, NETWORK_ORDEM_PADRAO),
    chaves: { criadoEm: ['instante', 'uuid'], nome: [nome, 'uuid'], status: ['booleano', nome, 'uuid'] },
  };
}
