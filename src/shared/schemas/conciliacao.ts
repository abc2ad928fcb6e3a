import { z } from 'zod';

/**
 * The reconciliation with the payment gateway (issue 43, ADR 080): the last run and its differences as
 * 'Financeiro' > 'Conciliação' reads them, the run asked for by 'Conciliar agora', and every word of it.
 */

export const CONCILIACAO_JANELA_DIAS = 90;

export const DIFERENCA_TIPOS = ['ausente_local', 'ausente_gateway', 'status_diverge', 'valor_diverge'] as const;
export type DiferencaTipo = (typeof DIFERENCA_TIPOS)[number];
export const DIFERENCA_TIPO_LABELS: Record<DiferencaTipo, string> = {
  ausente_local: 'Cobrança sem parcela aqui',
  ausente_gateway: 'Parcela sem cobrança no gateway',
  status_diverge: 'Status diferente',
  valor_diverge: 'Valor diferente',
};

export const DIFERENCA_SITUACOES = ['corrigida', 'pendente'] as const;
export type DiferencaSituacao = (typeof DIFERENCA_SITUACOES)[number];
export const DIFERENCA_SITUACAO_LABELS: Record<DiferencaSituacao, string> = {
  corrigida: 'Corrigida',
  pendente: 'A verificar',
};

/** The gateway's statuses as staff read them (Asaas's names). */
export const STATUS_GATEWAY_LABELS: Record<string, string> = {
  PENDING: 'Aguardando pagamento',
  OVERDUE: 'Vencida',
  RECEIVED: 'Recebida',
  CONFIRMED: 'Confirmada',
  RECEIVED_IN_CASH: 'Recebida em dinheiro',
  REFUNDED: 'Estornada',
  REFUND_REQUESTED: 'Estorno solicitado',
  REFUND_IN_PROGRESS: 'Estorno em andamento',
  CHARGEBACK_REQUESTED: 'Chargeback recebido',
  CHARGEBACK_DISPUTE: 'Em disputa de chargeback',
  AWAITING_CHARGEBACK_REVERSAL: 'Disputa ganha, aguardando repasse',
  DELETED: 'Removida',
};

export const CONCILIACAO_MESSAGES = {
  concluida: (corrigidas: number, pendentes: number) =>
    `Conciliação concluída: ${corrigidas} ${corrigidas === 1 ? 'diferença corrigida' : 'diferenças corrigidas'}, ${pendentes} a verificar.`,
  emAndamento: 'Uma conciliação já está em andamento. Aguarde alguns instantes e atualize a página.',
  semGateway: 'A cobrança está desligada: não há gateway de pagamento para conciliar.',
  gatewayIndisponivel: 'Não foi possível consultar o gateway de pagamento agora. Tente novamente em alguns minutos.',
  nuncaExecutada: 'Nenhuma conciliação foi feita ainda.',
  semDiferencas: 'Nenhuma diferença entre o gateway e as parcelas.',
  falhaAoCarregar: 'Falha ao carregar a conciliação',
} as const;

export const conciliacaoExecucaoSchema = z.object({
  id: z.string(),
  origem: z.enum(['diaria', 'manual']),
  iniciadaEm: z.string(),
  concluidaEm: z.string(),
  /** The first due date compared (YYYY-MM-DD). */
  desde: z.string(),
  pagamentosNoGateway: z.number(),
  parcelasComparadas: z.number(),
  /** Of the differences the caller may read. */
  corrigidas: z.number(),
  pendentes: z.number(),
});
export type ConciliacaoExecucao = z.infer<typeof conciliacaoExecucaoSchema>;

export const diferencaSchema = z.object({
  id: z.string(),
  tipo: z.enum(DIFERENCA_TIPOS),
  situacao: z.enum(DIFERENCA_SITUACOES),
  parcelaId: z.string().nullable(),
  matriculaId: z.string().nullable(),
  aluno: z.string().nullable(),
  /** 'Parcela n de N' or the fee's name; null for a payment no parcela holds. */
  parcela: z.string().nullable(),
  gatewayId: z.string().nullable(),
  statusLocal: z.string().nullable(),
  statusGateway: z.string().nullable(),
  /** Reais, two decimals. */
  valorLocal: z.number().nullable(),
  valorGateway: z.number().nullable(),
  vencimento: z.string().nullable(),
});
export type Diferenca = z.infer<typeof diferencaSchema>;

/** GET /api/cobranca/conciliacao: the last finished run (null before the first) and its differences in scope. */
export const conciliacaoViewSchema = z.object({
  execucao: conciliacaoExecucaoSchema.nullable(),
  diferencas: z.array(diferencaSchema),
});
export type ConciliacaoView = z.infer<typeof conciliacaoViewSchema>;

/** POST /api/cobranca/conciliacao. */
export const conciliacaoExecutadaSchema = conciliacaoViewSchema.extend({ message: z.string() });
