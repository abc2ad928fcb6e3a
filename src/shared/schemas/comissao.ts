import { z } from 'zod';
import { BENEFICIARIOS, TIPOS_REGRA } from '../comissoes/regras';
import { ESTADOS_LANCAMENTO, PERIODO_RE, TIPOS_LANCAMENTO } from '../comissoes/lancamentos';
import { dateOnlyField } from './fields';
import { type ListCursor, type ListKeyset, checkCursor, cursorShape } from './list-cursor';
import { listQuerySchema, listSortSchema } from './list-query';
import { optionalUuid } from './relatorios';

/**
 * Comissões (issue 44, ADR 081): the rules as the screen saves and reads them. Money in reais with two decimals
 * (the API's convention), turned into whole centavos by the server; percentages with two decimals (5.5 = 5,50 %).
 */

export const COMISSAO_MESSAGES = {
  beneficiario: 'Escolha quem recebe a comissão: vendedor, micro-franquia ou franquia',
  tipo: 'Escolha o tipo da comissão: percentual ou valor fixo',
  percentual: 'Percentual deve estar entre 0,01 e 100, com até duas casas decimais',
  percentualObrigatorio: 'Informe o percentual da comissão',
  valor: 'Valor deve ser maior que 0 e no máximo 99.999,99, com até duas casas decimais',
  valorObrigatorio: 'Informe o valor fixo da comissão',
  soUmValor: 'Informe o percentual ou o valor fixo, conforme o tipo, nunca os dois',
  inicio: 'Informe a data de início da regra',
  fim: 'Data de fim inválida',
  fimAntesDoInicio: 'A data de fim deve ser igual ou posterior à de início',
  franquiaInvalida: 'Franquia inválida',
  cursoInvalido: 'Curso inválido',
  regraNaoEncontrada: 'Regra de comissão não encontrada',
  franquiaNaoEncontrada: 'Franquia não encontrada',
  cursoNaoEncontrado: 'Curso não encontrado',
  conflito:
    'Já existe uma regra para o mesmo beneficiário, com o mesmo alcance (rede ou franquia, curso ou todos os cursos), em vigor no mesmo período. Encerre a outra regra antes ou escolha outro período.',
  nadaAlterado: 'Nada a alterar: informe o percentual, o valor, o início ou o fim',
  criada: 'Regra de comissão criada.',
  alterada: 'Regra de comissão alterada.',
} as const;

const percentualField = z
  .number({ error: COMISSAO_MESSAGES.percentual })
  .min(0.01, COMISSAO_MESSAGES.percentual)
  .max(100, COMISSAO_MESSAGES.percentual)
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: COMISSAO_MESSAGES.percentual,
  });

/** A fixed commission: more than 0, at most 99.999,99, whole centavos. */
const valorField = z
  .number({ error: COMISSAO_MESSAGES.valor })
  .min(0.01, COMISSAO_MESSAGES.valor)
  .max(99_999.99, COMISSAO_MESSAGES.valor)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: COMISSAO_MESSAGES.valor });

const fimField = dateOnlyField(COMISSAO_MESSAGES.fim).nullable();

/** POST /api/comissoes/regras. A franquia's rule is always for its own subtree (`franquiaId` is the server's). */
export const regraInputSchema = z
  .object({
    franquiaId: z.uuid(COMISSAO_MESSAGES.franquiaInvalida).nullish(),
    cursoId: z.uuid(COMISSAO_MESSAGES.cursoInvalido).nullish(),
    beneficiario: z.enum(BENEFICIARIOS, { error: COMISSAO_MESSAGES.beneficiario }),
    tipo: z.enum(TIPOS_REGRA, { error: COMISSAO_MESSAGES.tipo }),
    percentual: percentualField.nullish(),
    valor: valorField.nullish(),
    inicio: dateOnlyField(COMISSAO_MESSAGES.inicio),
    fim: fimField.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.tipo === 'percentual' && r.percentual == null)
      ctx.addIssue({ code: 'custom', path: ['percentual'], message: COMISSAO_MESSAGES.percentualObrigatorio });
    if (r.tipo === 'fixo' && r.valor == null)
      ctx.addIssue({ code: 'custom', path: ['valor'], message: COMISSAO_MESSAGES.valorObrigatorio });
    if ((r.tipo === 'percentual' && r.valor != null) || (r.tipo === 'fixo' && r.percentual != null))
      ctx.addIssue({
        code: 'custom',
        path: [r.tipo === 'fixo' ? 'percentual' : 'valor'],
        message: COMISSAO_MESSAGES.soUmValor,
      });
    if (r.fim && r.fim < r.inicio)
      ctx.addIssue({ code: 'custom', path: ['fim'], message: COMISSAO_MESSAGES.fimAntesDoInicio });
  });
export type RegraInput = z.output<typeof regraInputSchema>;

/**
 * PATCH /api/comissoes/regras/{id}: the amount and the period; whom it pays, its kind and its reach never change
 * (a new rule says that). What was already computed keeps its amount (ADR 081).
 */
export const regraPatchSchema = z.object({
  percentual: percentualField.optional(),
  valor: valorField.optional(),
  inicio: dateOnlyField(COMISSAO_MESSAGES.inicio).optional(),
  fim: fimField.optional(),
});
export type RegraPatch = z.output<typeof regraPatchSchema>;

export const regraParamsSchema = z.object({ id: z.uuid(COMISSAO_MESSAGES.regraNaoEncontrada) });

export const regraViewSchema = z.object({
  id: z.string(),
  franquiaId: z.string().nullable(),
  /** The franquia's name; null: the whole network. */
  franquia: z.string().nullable(),
  cursoId: z.string().nullable(),
  /** The curso's title; null: every curso. */
  curso: z.string().nullable(),
  beneficiario: z.enum(BENEFICIARIOS),
  tipo: z.enum(TIPOS_REGRA),
  percentual: z.number().nullable(),
  valor: z.number().nullable(),
  inicio: z.string(),
  fim: z.string().nullable(),
  /** Whether the caller may change it (a franquia reads its network's rules, changes only its own). */
  editavel: z.boolean(),
  criadaEm: z.string(),
  atualizadaEm: z.string(),
});
export type RegraView = z.infer<typeof regraViewSchema>;

// --- The ledger (ADR 082) -----------------------------------------------------------------------------------------

export const LANCAMENTO_MESSAGES = {
  periodo: 'Período inválido: use AAAA-MM (por exemplo, 2026-03)',
  periodoObrigatorio: 'Informe o período (AAAA-MM)',
  beneficiario: 'Beneficiário inválido',
  estado: 'Estado inválido: use liberada, fechada, paga ou estornada',
  periodoFechado: 'Este período já está fechado.',
  periodoEmAberto: 'Só um mês já terminado pode ser fechado.',
  fechamentoNaoEncontrado: 'Fechamento não encontrado',
  jaPago: 'O pagamento deste fechamento já foi confirmado.',
  franquiaNaoFecha: 'A rede não permite que a franquia feche as comissões: o franqueador fecha o mês.',
  fechado: 'Período fechado: o arquivo de pagamento está pronto.',
  pago: 'Pagamento do período confirmado.',
  vazio: 'Nenhum lançamento de comissão encontrado',
  /** ADR 088: the network's flag. */
  franquiaFecha: 'Informe se as franquias podem fechar o mês (verdadeiro ou falso)',
  configuracaoSalva: 'Configuração das comissões salva.',
  redeNaoEncontrada: 'Rede não encontrada',
} as const;

const periodoField = z
  .string({ error: LANCAMENTO_MESSAGES.periodoObrigatorio })
  .regex(PERIODO_RE, LANCAMENTO_MESSAGES.periodo);

const optionalPeriodo = z
  .union([z.literal(''), periodoField], { error: LANCAMENTO_MESSAGES.periodo })
  .transform((v) => (v ? v : undefined))
  .optional();

export const LANCAMENTO_SORT_KEYS = ['periodo', 'valor', 'criadoEm'] as const;

/** GET /api/comissoes/lancamentos: the list conventions, the period, the beneficiary and the state. */
export const lancamentosListQuerySchema = listQuerySchema.extend({
  periodo: optionalPeriodo,
  beneficiarioId: optionalUuid(LANCAMENTO_MESSAGES.beneficiario),
  estado: z
    .union([z.literal(''), z.enum(ESTADOS_LANCAMENTO)], { error: LANCAMENTO_MESSAGES.estado })
    .transform((v) => (v ? v : undefined))
    .optional(),
  sort: listSortSchema(LANCAMENTO_SORT_KEYS),
});
export type LancamentosListQuery = z.output<typeof lancamentosListQuerySchema>;

/**
 * GET /api/comissoes/resumo?periodo=: the month's beneficiaries a page at a time (the lists' `page` and `pageSize`,
 * DESIGN §4.3), the month's totals over all of them.
 */
export const resumoQuerySchema = z.object({
  periodo: periodoField,
  page: listQuerySchema.shape.page,
  pageSize: listQuerySchema.shape.pageSize,
});
export type ResumoQuery = z.output<typeof resumoQuerySchema>;
export const periodoBodySchema = z.object({ periodo: periodoField });
export const periodoParamsSchema = z.object({
  periodo: z.string().regex(PERIODO_RE, LANCAMENTO_MESSAGES.fechamentoNaoEncontrado),
});

export const lancamentoViewSchema = z.object({
  id: z.string(),
  beneficiario: z.enum(BENEFICIARIOS),
  beneficiarioId: z.string(),
  nomeBeneficiario: z.string().nullable(),
  regraId: z.string(),
  tipo: z.enum(TIPOS_LANCAMENTO),
  /** The parcela's value the line was computed on, and the line's amount (negative for an estorno), in reais. */
  base: z.number(),
  valor: z.number(),
  periodo: z.string(),
  ocorridoEm: z.string(),
  estado: z.enum(ESTADOS_LANCAMENTO),
  matriculaId: z.string(),
  parcelaId: z.string(),
  parcelaNumero: z.number(),
  /** The family as the vendedor's other screens show it: the student's name and course, never a contact or CPF. */
  aluno: z.string(),
  curso: z.string().nullable(),
  criadoEm: z.string(),
});
export type LancamentoView = z.infer<typeof lancamentoViewSchema>;

const totaisShape = {
  liberada: z.number(),
  fechada: z.number(),
  paga: z.number(),
  estornada: z.number(),
  saldo: z.number(),
};

export const resumoItemSchema = z.object({
  beneficiario: z.enum(BENEFICIARIOS),
  beneficiarioId: z.string(),
  nome: z.string().nullable(),
  ...totaisShape,
  lancamentos: z.number(),
});
export const resumoViewSchema = z.object({
  periodo: z.string(),
  /** This page of the month's beneficiaries, the largest total first. */
  itens: z.array(resumoItemSchema),
  /** Reais: the month's sums over every beneficiary, whatever the page. */
  ...totaisShape,
  /** How many beneficiaries the month holds (also in X-Total-Count). */
  total: z.number(),
  /** The page of `itens` and its size. */
  page: z.number(),
  pageSize: z.number(),
});
export type ResumoView = z.infer<typeof resumoViewSchema>;

export const minhasViewSchema = z.object({
  beneficiario: z.enum(BENEFICIARIOS),
  /** Reais: what the open parcelas would give under today's rules, and the lines' sums by state. */
  prevista: z.number(),
  ...totaisShape,
  /** Per month, newest first: the sums of that month's lines. */
  periodos: z.array(z.object({ periodo: z.string(), ...totaisShape })),
  /** The newest lines: the first page (MINHAS_PAGINA lines); the older ones by `proximo`. */
  lancamentos: z.array(lancamentoViewSchema),
  /**
   * The cursor of the older lines after `lancamentos` (`GET /api/comissoes/minhas/lancamentos?apos=`, also in
   * X-Next-Cursor); null: `lancamentos` are every line.
   */
  proximo: z.string().nullable(),
  /** How many lines the statement sums, every month. */
  totalLancamentos: z.number(),
});
export type MinhasView = z.infer<typeof minhasViewSchema>;

/** The lines 'Minhas comissões' shows at a time: a phone's screen or two (issue 44). */
export const MINHAS_PAGINA = 25;

/** The caller's lines' order, newest month first, and its cursors' keys: the month, the moment, the id. */
export const MINHAS_ORDEM = '-periodo';
export const minhasLancamentosKeyset: ListKeyset<{ apos?: ListCursor; antes?: ListCursor }> = {
  lista: 'comissoes-minhas',
  ordem: () => MINHAS_ORDEM,
  chaves: { periodo: ['texto', 'instante', 'uuid'] },
};

/**
 * GET /api/comissoes/minhas/lancamentos: the caller's own lines, newest first -- the lists' `page` and `pageSize`,
 * a month (`periodo`), and the page after (`apos`) or before (`antes`) a cursor (issue 46's keyset paging).
 */
export const minhasLancamentosQuerySchema = z
  .object({
    page: listQuerySchema.shape.page,
    pageSize: listQuerySchema.shape.pageSize,
    periodo: optionalPeriodo,
    ...cursorShape,
  })
  .superRefine(checkCursor(minhasLancamentosKeyset));
export type MinhasLancamentosQuery = z.output<typeof minhasLancamentosQuerySchema>;

export const fechamentoViewSchema = z.object({
  id: z.string(),
  periodo: z.string(),
  franquiaId: z.string().nullable(),
  /** The franquia whose subtree it closed; null: the whole network. */
  franquia: z.string().nullable(),
  /**
   * Reais and line count of the closing; null where they are another reach's money -- a franquia reading the
   * network's closing learns that its month is closed, never the other franquias' total (ADR 088).
   */
  total: z.number().nullable(),
  lancamentos: z.number().nullable(),
  fechadoEm: z.string(),
  pagoEm: z.string().nullable(),
});
export type FechamentoView = z.infer<typeof fechamentoViewSchema>;

/**
 * GET/PUT /api/comissoes/configuracao (ADR 088): whether the network's franquias close their own subtree's months
 * (`franqueadores.comissao_franquia_fecha`); the franqueador always may.
 */
export const comissaoConfiguracaoSchema = z
  .object(
    { franquiaFecha: z.boolean({ error: LANCAMENTO_MESSAGES.franquiaFecha }) },
    { error: LANCAMENTO_MESSAGES.franquiaFecha },
  )
  .strict();
export type ComissaoConfiguracao = z.infer<typeof comissaoConfiguracaoSchema>;
