import { z } from 'zod';
import { ACOMPANHAMENTO_MESSAGES, LEAD_STATUSES, MOTIVOS_PERDA } from './acompanhamento';
import { estadoField } from './fields';
import { leadsExportQuerySchema } from './funnel';
import { INVALID_BODY } from './zod-errors';

/**
 * Distribuição (issue 50, ADR 106): how a micro-franquia's new leads get a vendedor responsável -- none (as
 * before), in turns among its active vendedores not marked away ('rodízio'), or by the event's city with the turns
 * as the fallback. Applied by the database to every new lead of the micro-franquia (public sign-ups, imports, new
 * events' leads); the lead's history says 'atribuído automaticamente'.
 */
export const DISTRIBUICAO_MODOS = ['nenhuma', 'rodizio', 'cidade'] as const;
export type DistribuicaoModo = (typeof DISTRIBUICAO_MODOS)[number];

export const DISTRIBUICAO_MODO_LABELS: Record<DistribuicaoModo, string> = {
  nenhuma: 'Nenhuma (atribuir manualmente)',
  rodizio: 'Rodízio entre os vendedores ativos',
  cidade: 'Por cidade do evento (rodízio nas demais)',
};

export const DISTRIBUICAO_MESSAGES = {
  modoInvalido: 'Escolha como distribuir os leads',
  cidadeObrigatoria: 'Informe a cidade',
  cidadeRepetida: (cidade: string, estado: string) => `A cidade ${cidade}/${estado} aparece mais de uma vez`,
  vendedorInvalido: 'Escolha um vendedor ativo da micro-franquia',
  cidadesSoNoModoCidade: 'A tabela de cidades só vale no modo por cidade',
  muitasCidades: 'No máximo 500 cidades',
} as const;

export const DISTRIBUICAO_MAX_CIDADES = 500;

export const distribuicaoCidadeSchema = z.object({
  cidade: z
    .string({ error: DISTRIBUICAO_MESSAGES.cidadeObrigatoria })
    .trim()
    .min(1, DISTRIBUICAO_MESSAGES.cidadeObrigatoria)
    .max(120, DISTRIBUICAO_MESSAGES.cidadeObrigatoria),
  estado: estadoField,
  vendedorId: z.uuid(DISTRIBUICAO_MESSAGES.vendedorInvalido),
});

/** PUT /api/micro-franquias/:id/distribuicao. */
export const distribuicaoSchema = z.object(
  {
    modo: z.enum(DISTRIBUICAO_MODOS, { error: DISTRIBUICAO_MESSAGES.modoInvalido }),
    cidades: z
      .array(distribuicaoCidadeSchema)
      .max(DISTRIBUICAO_MAX_CIDADES, DISTRIBUICAO_MESSAGES.muitasCidades)
      .optional(),
  },
  { error: INVALID_BODY },
);
export type DistribuicaoInput = z.infer<typeof distribuicaoSchema>;

/** GET and PUT's answer: the rule, the city table with names, and the vendedores the turns go through. */
export const distribuicaoViewSchema = z.object({
  modo: z.enum(DISTRIBUICAO_MODOS),
  cidades: z.array(
    z.object({ cidade: z.string(), estado: z.string(), vendedor: z.object({ id: z.string(), nome: z.string() }) }),
  ),
  vendedores: z.array(z.object({ id: z.string(), nome: z.string(), ausente: z.boolean(), ativo: z.boolean() })),
});
export type DistribuicaoView = z.infer<typeof distribuicaoViewSchema>;

/**
 * Ações em lote (POST /api/leads/lote): the rows chosen by id, or every lead matching the list's filters (the
 * same filters as the list and its CSV, `view` included); then assign a vendedor (or none; or by the unit's rule,
 * `automatico`), change the status, or export.
 */
export const LOTE_ACOES = ['atribuir', 'status', 'exportar'] as const;
export type LoteAcao = (typeof LOTE_ACOES)[number];
/** The most leads one action changes. */
export const LOTE_MAX = 5_000;

export const LOTE_MESSAGES = {
  acaoInvalida: 'Escolha a ação',
  idsOuFiltro: 'Selecione os leads ou use os filtros da lista',
  idsInvalidos: 'Seleção inválida',
  nenhumSelecionado: 'Nenhum lead selecionado',
  muitos: `No máximo ${LOTE_MAX.toLocaleString('pt-BR')} leads por ação. Refine os filtros.`,
  vendedorObrigatorio: 'Escolha o vendedor',
  statusObrigatorio: 'Escolha o status',
  vendedorOuAutomatico: 'Escolha um vendedor ou a distribuição automática, não os dois',
  semPermissao: 'Você não tem permissão para esta ação em lote',
} as const;

export const leadsLoteSchema = z
  .object(
    {
      ids: z
        .array(z.uuid(LOTE_MESSAGES.idsInvalidos))
        .min(1, LOTE_MESSAGES.nenhumSelecionado)
        .max(LOTE_MAX, LOTE_MESSAGES.muitos)
        .optional(),
      filtro: leadsExportQuerySchema.optional(),
      acao: z.enum(LOTE_ACOES, { error: LOTE_MESSAGES.acaoInvalida }),
      /** atribuir: the vendedor, or null to leave the leads without one. */
      vendedorId: z.uuid(LOTE_MESSAGES.vendedorObrigatorio).nullable().optional(),
      /** atribuir: each lead's vendedor by its micro-franquia's distribution rule. */
      automatico: z.boolean({ error: INVALID_BODY }).optional(),
      status: z.enum(LEAD_STATUSES, { error: LOTE_MESSAGES.statusObrigatorio }).optional(),
      /** status: with 'sem_interesse' and only with it, as the single lead's change. */
      motivoPerda: z.enum(MOTIVOS_PERDA, { error: ACOMPANHAMENTO_MESSAGES.motivoInvalido }).optional(),
    },
    { error: INVALID_BODY },
  )
  .refine((v) => (v.ids === undefined) !== (v.filtro === undefined), {
    message: LOTE_MESSAGES.idsOuFiltro,
    path: ['ids'],
  })
  .refine((v) => v.acao !== 'atribuir' || v.automatico === true || v.vendedorId !== undefined, {
    message: LOTE_MESSAGES.vendedorObrigatorio,
    path: ['vendedorId'],
  })
  .refine((v) => v.acao !== 'atribuir' || v.automatico !== true || v.vendedorId === undefined, {
    message: LOTE_MESSAGES.vendedorOuAutomatico,
    path: ['vendedorId'],
  })
  .refine((v) => v.acao !== 'status' || v.status !== undefined, {
    message: LOTE_MESSAGES.statusObrigatorio,
    path: ['status'],
  })
  .refine((v) => v.acao !== 'status' || v.status !== 'sem_interesse' || v.motivoPerda !== undefined, {
    message: ACOMPANHAMENTO_MESSAGES.motivoObrigatorio,
    path: ['motivoPerda'],
  })
  .refine((v) => v.acao !== 'status' || v.status === 'sem_interesse' || v.motivoPerda === undefined, {
    message: ACOMPANHAMENTO_MESSAGES.motivoSoSemInteresse,
    path: ['motivoPerda'],
  });
export type LeadsLote = z.infer<typeof leadsLoteSchema>;

/** The answer: how many leads changed (or were exported), and for 'exportar' the export to follow or download. */
export const leadsLoteRespostaSchema = z.object({
  alterados: z.number(),
  /** exportar: the file's address (direct) or the export job's id. */
  exportacao: z.object({ direta: z.boolean(), arquivo: z.string().nullable(), id: z.string().nullable() }).nullable(),
});
export type LeadsLoteResposta = z.infer<typeof leadsLoteRespostaSchema>;
