import { z } from 'zod';
import { META_ETAPAS, META_NIVEIS } from '../metas/enums';

/**
 * Metas e rankings (issue 48): the goals as the API reads and writes them. A goal is a whole number: a count of
 * families for the funnel's stages, centavos for `parcelas_pagas`.
 */

/** A month from 1900 to 2999 (PostgreSQL has no year 0). */
const MES_RE = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/;
/** The largest goal: R$ 1 bilhão in centavos, and far beyond any count of families. */
export const META_MAXIMA = 100_000_000_000;

const inteiro = (n: number) => n.toLocaleString('pt-BR');

export const METAS_MESSAGES = {
  mes: 'Mês inválido: use AAAA-MM (por exemplo, 2026-03)',
  mesObrigatorio: 'Informe o mês (AAAA-MM)',
  etapa: 'Etapa inválida: escolha inscrições, presenças, pré-matrículas, matrículas ou parcelas pagas',
  nivel: 'Nível inválido: escolha rede, franquia, micro-franquia, vendedor ou cliente',
  alvo: 'Informe a unidade da meta',
  valor: `A meta deve ser um número inteiro de 0 a ${inteiro(META_MAXIMA)}`,
  travada: 'Informe se a meta fica travada (sim ou não)',
  criterio: "Critério inválido: escolha 'igual' ou 'historico'",
  naoEncontrado: 'Unidade não encontrada',
  semPermissao: 'Você define apenas as metas das unidades logo abaixo da sua.',
  clienteSemFilhos: 'Um cliente não tem unidades abaixo para dividir a meta.',
  semFilhos: 'Esta unidade não tem unidades ativas abaixo para dividir a meta.',
  paiSemMeta: (pai: string) => `Defina primeiro a meta de ${pai}: a meta de uma unidade é parte da meta de cima.`,
  semMeta: 'Defina primeiro a meta desta unidade para dividi-la.',
  excedePai: (disponivel: number) =>
    `A meta passa do que sobra da meta de cima: com as metas travadas, o máximo é ${inteiro(Math.max(0, disponivel))}.`,
  semIrmaosLivres: (total: number) =>
    `As outras metas estão travadas: esta precisa completar ${inteiro(Math.max(0, total))}. Destrave alguma para redistribuir.`,
  travadasExcedem: (pai: string | number) =>
    `As metas travadas somam mais que a meta de cima (${typeof pai === 'number' ? inteiro(pai) : pai}). Destrave alguma.`,
} as const;

const mesField = z.string({ error: METAS_MESSAGES.mesObrigatorio }).regex(MES_RE, METAS_MESSAGES.mes);
const etapaField = z.enum(META_ETAPAS, { error: METAS_MESSAGES.etapa });

/** GET /api/metas and GET /api/metas/ranking. */
export const metasQuerySchema = z.object({ mes: mesField, etapa: etapaField });
export type MetasQuery = z.output<typeof metasQuerySchema>;

/** GET /api/metas/painel: every stage of the caller's own goals in a month (the dashboard). */
export const metasPainelQuerySchema = z.object({ mes: mesField });

const valorField = z
  .number({ error: METAS_MESSAGES.valor })
  .int(METAS_MESSAGES.valor)
  .min(0, METAS_MESSAGES.valor)
  .max(META_MAXIMA, METAS_MESSAGES.valor);

/** PUT /api/metas: one unit's goal, set by the level right above it (the franqueador sets the network's too). */
export const metaInputSchema = z.strictObject({
  mes: mesField,
  etapa: etapaField,
  nivel: z.enum(META_NIVEIS, { error: METAS_MESSAGES.nivel }),
  alvoId: z.uuid(METAS_MESSAGES.alvo),
  valor: valorField,
  travada: z.boolean({ error: METAS_MESSAGES.travada }).optional(),
});
export type MetaInput = z.output<typeof metaInputSchema>;

export const META_CRITERIOS = ['igual', 'historico'] as const;
export type MetaCriterio = (typeof META_CRITERIOS)[number];

/** POST /api/metas/distribuir: a unit's goal split among its active children. */
export const distribuirInputSchema = z.strictObject({
  mes: mesField,
  etapa: etapaField,
  alvoId: z.uuid(METAS_MESSAGES.alvo),
  criterio: z.enum(META_CRITERIOS, { error: METAS_MESSAGES.criterio }),
});
export type DistribuirInput = z.output<typeof distribuirInputSchema>;

/** One unit's goal and how far it got: achieved, % of the goal and the month's projection by working days. */
export const metaNoViewSchema = z.object({
  nivel: z.enum(META_NIVEIS),
  alvoId: z.uuid(),
  nome: z.string(),
  meta: z.number().int().nullable(),
  travada: z.boolean(),
  realizado: z.number().int(),
  /** Achieved over the goal, in percent with one decimal; null without a goal (or a goal of 0). */
  percentual: z.number().nullable(),
  projecao: z.number().int(),
});
export type MetaNoView = z.infer<typeof metaNoViewSchema>;

export const diasUteisViewSchema = z.object({ total: z.number().int(), decorridos: z.number().int() });

export const metasViewSchema = z.object({
  mes: z.string(),
  etapa: z.enum(META_ETAPAS),
  diasUteis: diasUteisViewSchema,
  no: metaNoViewSchema,
  filhos: z.array(metaNoViewSchema),
  /** Whether the caller sets its children's goals (every level but the cliente's). */
  defineFilhos: z.boolean(),
  /** Whether the caller sets its own goal (the franqueador, the network's). */
  defineProprio: z.boolean(),
});
export type MetasView = z.infer<typeof metasViewSchema>;

export const metasPainelViewSchema = z.object({
  mes: z.string(),
  diasUteis: diasUteisViewSchema,
  /** Only the stages the caller's unit has a goal for. */
  etapas: z.array(
    z.object({
      etapa: z.enum(META_ETAPAS),
      meta: z.number().int(),
      realizado: z.number().int(),
      percentual: z.number().nullable(),
      projecao: z.number().int(),
    }),
  ),
});
export type MetasPainelView = z.infer<typeof metasPainelViewSchema>;

/**
 * A place in the ranking. A vendedor reads its peers' names and positions only: their goal, achieved and % are
 * absent from the answer, not hidden by the screen.
 */
export const rankingItemViewSchema = z.object({
  posicao: z.number().int(),
  nome: z.string(),
  /** The caller itself (a vendedor among its peers). */
  voce: z.boolean(),
  alvoId: z.uuid().optional(),
  meta: z.number().int().nullable().optional(),
  realizado: z.number().int().optional(),
  percentual: z.number().nullable().optional(),
});
export type RankingItemView = z.infer<typeof rankingItemViewSchema>;

export const rankingViewSchema = z.object({
  mes: z.string(),
  etapa: z.enum(META_ETAPAS),
  nivel: z.enum(META_NIVEIS),
  itens: z.array(rankingItemViewSchema),
});
export type RankingView = z.infer<typeof rankingViewSchema>;
