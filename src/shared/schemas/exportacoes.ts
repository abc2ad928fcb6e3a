import { z } from 'zod';

/**
 * Exports with progress (issue 22, ADR 034): a list too long for a direct download is written by a job, in parts,
 * while the screen shows how many rows are done; the file is kept 24 h for the user who asked, and nobody else.
 */

export const EXPORTACAO_STATUSES = ['pendente', 'executando', 'concluido', 'cancelado', 'falhou'] as const;
export type ExportacaoStatus = (typeof EXPORTACAO_STATUSES)[number];

/** How long a finished file is kept. */
export const EXPORTACAO_VALIDADE_HORAS = 24;

export const EXPORTACAO_MESSAGES = {
  naoEncontrada: 'Exportação não encontrada',
  naoConcluida: 'A exportação ainda não terminou',
  encerrada: 'Esta exportação já terminou e não pode mais ser cancelada',
  falhou: 'Não foi possível gerar o arquivo. Tente exportar novamente.',
} as const;

export const exportacaoParamsSchema = z.object({
  id: z.uuid(EXPORTACAO_MESSAGES.naoEncontrada),
});

/** An export as its owner sees it: `percentual` 0-100; `arquivo` once the file can be downloaded. */
export const exportacaoSchema = z.object({
  id: z.string(),
  lista: z.string(),
  status: z.enum(EXPORTACAO_STATUSES),
  linhas: z.number(),
  total: z.number(),
  percentual: z.number(),
  arquivo: z.string().nullable(),
  /** ISO moments. */
  criadaEm: z.string(),
  expiraEm: z.string(),
  erro: z.string().nullable(),
});
/** The answer of GET /api/exportacoes/:id and of its cancel (their response schema, ADR 018). */
export type Exportacao = z.infer<typeof exportacaoSchema>;

/**
 * What `POST /api/<lista>/exportacoes` answers: a short list is a direct download (200, the file's address with
 * the same filters); a long one is a job (202, the export to follow). Its response schemas, by status (ADR 018).
 */
export const exportacaoDiretaSchema = z.object({ direta: z.literal(true), arquivo: z.string() });
export const exportacaoEmFilaSchema = z.object({ direta: z.literal(false), ...exportacaoSchema.shape });
export type NovaExportacao = z.infer<typeof exportacaoDiretaSchema> | z.infer<typeof exportacaoEmFilaSchema>;

export const percentualDe = (linhas: number, total: number): number =>
  total <= 0 ? 0 : Math.min(100, Math.floor((linhas * 100) / total));

/**
 * 'Minhas exportações' (issue 51, ADR 091): the exports the caller started in the last 24 h, newest first, each
 * with its file's name and size (`tamanho`, bytes, once the file is written) beside its state. Nobody else's.
 */
export const minhaExportacaoSchema = z.object({
  ...exportacaoSchema.shape,
  nomeArquivo: z.string(),
  /** Bytes of the file as downloaded (its byte-order mark included); null until it is written. */
  tamanho: z.number().nullable(),
  concluidaEm: z.string().nullable(),
});
export type MinhaExportacao = z.infer<typeof minhaExportacaoSchema>;
export const minhasExportacoesSchema = z.object({ itens: z.array(minhaExportacaoSchema) });
export type MinhasExportacoes = z.infer<typeof minhasExportacoesSchema>;

/** An export that took longer than this is also e-mailed as a link to 'Minhas exportações'. */
export const EXPORTACAO_AVISO_EMAIL_MS = 60 * 1000;

/** The lists' names on the screen. */
export const EXPORTACAO_LISTA_LABELS: Record<string, string> = {
  leads: 'Leads e interesses',
  'pre-matriculas': 'Pré-Matrículas',
  matriculas: 'Matrículas Efetivadas',
};

export const EXPORTACAO_STATUS_LABELS: Record<ExportacaoStatus, string> = {
  pendente: 'Na fila',
  executando: 'Gerando',
  concluido: 'Pronta',
  cancelado: 'Cancelada',
  falhou: 'Falhou',
};

/** A file's size in pt-BR: '850 bytes', '12 KB', '3,4 MB'. */
export function formatTamanho(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}
