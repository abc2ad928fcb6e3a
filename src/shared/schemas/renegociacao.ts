import { z } from 'zod';
import { formatBRL, formatDateOnly } from '../format';
import { fromCentavos, valoresDasParcelas } from '../money/parcelas';
import type { ParcelaDoPlano } from '../cobranca/parcelas';
import { dateOnlyField } from './fields';
import { parcelaItemSchema } from './parcela';

/**
 * Issue 43 (ADR 079): the renegotiation of a matrícula's open parcelas -- a new count, the first due date and an
 * optional discount (in reais, at most the network's cap in percent of the open balance). The body of
 * POST /api/matriculas/{id}/renegociar, the network's cap (GET/PUT /api/cobranca/configuracao), the new plan both the
 * dialog (preview) and the service (the plan billed) compute, and the pt-BR words they share.
 */

export const RENEGOCIACAO_PARCELAS_MIN = 1;
export const RENEGOCIACAO_PARCELAS_MAX = 24;
/** A discount above this is never a renegotiation's (and keeps the body's numbers in range). */
const DESCONTO_MAX_REAIS = 10_000_000;

export const RENEGOCIACAO_MESSAGES = {
  titulo: 'Renegociar',
  parcelas: `Informe de ${RENEGOCIACAO_PARCELAS_MIN} a ${RENEGOCIACAO_PARCELAS_MAX} parcelas`,
  primeiroVencimento: 'Informe a data do primeiro vencimento',
  primeiroVencimentoPassado: 'O primeiro vencimento não pode ser no passado',
  desconto: 'Informe um desconto válido (em reais, maior ou igual a zero, com até dois decimais)',
  /** The cap in centavos and in percent. */
  descontoAcimaDoLimite: (maximoCentavos: number, pct: number) =>
    `O desconto não pode passar de ${formatBRL(fromCentavos(maximoCentavos))} (${pct}% do saldo em aberto, o limite da rede).`,
  descontoDeixaPoucoSaldo:
    'Com esse desconto não sobra valor para as novas parcelas: reduza o desconto ou as parcelas.',
  semParcelasAbertas: 'Esta matrícula não tem parcelas em aberto ou vencidas para renegociar.',
  matriculaNaoAtiva: 'Só uma matrícula ativa pode ser renegociada.',
  cobrancaDesligada: 'A cobrança não está configurada nesta instalação: não há o que renegociar.',
  matriculaNaoEncontrada: 'Matrícula não encontrada',
  renegociada: 'Renegociação registrada: as parcelas antigas foram canceladas e as novas estão sendo geradas.',
  /** 'Renegociada em 26/11/2026' on the record. */
  renegociadaEm: (dia: string) => `Renegociada em ${formatDateOnly(dia)}`,
  pctInvalido: 'Informe um percentual inteiro de 0 a 100',
  configuracaoSalva: 'Configuração da cobrança salva.',
} as const;

const parcelas = z
  .number({ error: RENEGOCIACAO_MESSAGES.parcelas })
  .int(RENEGOCIACAO_MESSAGES.parcelas)
  .min(RENEGOCIACAO_PARCELAS_MIN, RENEGOCIACAO_MESSAGES.parcelas)
  .max(RENEGOCIACAO_PARCELAS_MAX, RENEGOCIACAO_MESSAGES.parcelas);

/** Reais with at most two decimals. */
const desconto = z
  .number({ error: RENEGOCIACAO_MESSAGES.desconto })
  .min(0, RENEGOCIACAO_MESSAGES.desconto)
  .max(DESCONTO_MAX_REAIS, RENEGOCIACAO_MESSAGES.desconto)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, RENEGOCIACAO_MESSAGES.desconto);

/** POST /api/matriculas/:id/renegociar. `desconto` in reais, 0 when absent. */
export const renegociarBodySchema = z
  .object({
    parcelas,
    primeiroVencimento: dateOnlyField(RENEGOCIACAO_MESSAGES.primeiroVencimento),
    desconto: desconto.optional(),
  })
  .strict();
export type RenegociarBody = z.input<typeof renegociarBodySchema>;

/** A renegotiation as the record's history shows it (money in reais). */
export const renegociacaoItemSchema = z.object({
  id: z.string(),
  matriculaId: z.string(),
  em: z.string(),
  por: z.string().nullable(),
  parcelasAnteriores: z.number(),
  valorAnterior: z.number(),
  desconto: z.number(),
  novoTotal: z.number(),
  novasParcelas: z.number(),
  primeiroVencimento: z.string(),
  /** False until its job billed the new plan at the gateway. */
  concluida: z.boolean(),
});
export type RenegociacaoItem = z.infer<typeof renegociacaoItemSchema>;

export const renegociacaoFeitaSchema = z.object({
  message: z.string(),
  renegociacao: renegociacaoItemSchema,
  /** The matrícula's parcelas as they are now (the old ones cancelled; the new ones as their job stores them). */
  parcelas: z.array(parcelaItemSchema),
});

/** GET/PUT /api/cobranca/configuracao: the network's cap on a renegotiation's discount. */
export const cobrancaConfiguracaoSchema = z
  .object({
    descontoMaximoRenegociacaoPct: z
      .number({ error: RENEGOCIACAO_MESSAGES.pctInvalido })
      .int(RENEGOCIACAO_MESSAGES.pctInvalido)
      .min(0, RENEGOCIACAO_MESSAGES.pctInvalido)
      .max(100, RENEGOCIACAO_MESSAGES.pctInvalido),
  })
  .strict();
export type CobrancaConfiguracao = z.infer<typeof cobrancaConfiguracaoSchema>;

/** The largest discount (centavos) the cap allows on an open balance: rounded down, never above the cap. */
export const descontoMaximoCentavos = (saldoCentavos: number, pct: number) => Math.floor((saldoCentavos * pct) / 100);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The `k`-th month after `dia` (YYYY-MM-DD), on the same day of the month, or the month's last day when it has no
 * such day (31 -> 30 or 28/29).
 */
export function mesesDepois(dia: string, k: number): string {
  const [y, m, d] = dia.split('-').map(Number) as [number, number, number];
  const meses = y * 12 + (m - 1) + k;
  const ano = Math.floor(meses / 12);
  const mes = (meses % 12) + 1;
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return `${ano}-${pad(mes)}-${pad(Math.min(d, ultimo))}`;
}

/**
 * The new plan of a renegotiation: `parcelas` values summing exactly to `totalCentavos` (the contract's split, the
 * last taking the rounding: src/shared/money/parcelas.ts), numbered from `primeiroNumero`, the first due on
 * `primeiroVencimento` and then monthly. The caller keeps `totalCentavos >= parcelas` (no parcela of zero).
 */
export function planoDaRenegociacao(
  totalCentavos: number,
  parcelas: number,
  primeiroVencimento: string,
  primeiroNumero: number,
): ParcelaDoPlano[] {
  return valoresDasParcelas(totalCentavos, parcelas).map((valorCentavos, i) => ({
    numero: primeiroNumero + i,
    valorCentavos,
    vencimento: mesesDepois(primeiroVencimento, i),
  }));
}
