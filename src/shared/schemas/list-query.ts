import { z } from 'zod';

/** DESIGN §4.3: every list takes page (from 1), pageSize (default 50, at most 500) and q. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const LIST_MESSAGES = {
  page: 'Página deve ser um número inteiro a partir de 1',
  pageSize: `Tamanho da página deve ser um número inteiro de 1 a ${MAX_PAGE_SIZE}`,
  q: 'Busca longa demais',
  qInvalid: 'Busca com caracteres inválidos',
} as const;

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
