import { z } from 'zod';
import { requiredText, wellFormed } from './fields';
import { contratoAceiteStaffSchema } from './contrato-aceite';

/**
 * Modelos de contrato (issue 42, second slice; ADR 064): the franqueador's template, its drafts and published
 * versions, and the contract a matrícula freezes from the current version. The route, the screen and its form
 * read these rules and messages.
 */

export const CONTRATO_MESSAGES = {
  titulo: 'Dê um título ao modelo',
  texto: 'Escreva o texto do contrato',
  textoLongo: 'O texto do contrato pode ter no máximo 50.000 caracteres',
  multa: 'Informe a multa de cancelamento, de 0 a 100%',
  /** With the network's cap (CANCELAMENTO_MULTA_MAX_PCT). */
  multaAcimaDoLimite: (max: number) => `A multa de cancelamento pode ser de no máximo ${max}% do valor restante.`,
  campoDesconhecido: (campos: string[]) =>
    campos.length === 1
      ? `O campo {{${campos[0]}}} não existe. Use apenas os campos da lista 'Campos disponíveis'.`
      : `Os campos ${campos.map((c) => `{{${c}}}`).join(', ')} não existem. Use apenas os campos da lista 'Campos disponíveis'.`,
  naoEncontrado: 'Modelo de contrato não encontrado',
  jaPublicado: 'Esta versão já foi publicada e não pode ser alterada. Crie um novo rascunho para mudar o contrato.',
  rascunhoExiste: 'Já existe um rascunho do contrato. Continue a editá-lo ou publique-o antes de começar outro.',
  publicado: (versao: number) => `Versão ${versao} publicada: é o contrato das novas matrículas da rede.`,
  rascunhoSalvo: 'Rascunho salvo',
  contratoNaoEncontrado: 'Esta matrícula não tem contrato',
} as const;

export const TEXTO_MAX = 50_000;

const textoDoContrato = z
  .string({ error: CONTRATO_MESSAGES.texto })
  .transform(wellFormed)
  .pipe(
    z
      .string()
      .trim()
      .min(1, CONTRATO_MESSAGES.texto)
      .max(TEXTO_MAX, CONTRATO_MESSAGES.textoLongo)
      .refine((v) => !v.includes('\u0000'), CONTRATO_MESSAGES.texto),
  );

const multa = z
  .number({ error: CONTRATO_MESSAGES.multa })
  .int(CONTRATO_MESSAGES.multa)
  .min(0, CONTRATO_MESSAGES.multa)
  .max(100, CONTRATO_MESSAGES.multa);

/** A new draft (POST /api/contratos/modelos). The cap on the fee is the server's setting, checked there. */
export const modeloInputSchema = z
  .object({
    titulo: z
      .string({ error: CONTRATO_MESSAGES.titulo })
      .transform(wellFormed)
      .pipe(requiredText(CONTRATO_MESSAGES.titulo, 120)),
    texto: textoDoContrato,
    multaCancelamentoPct: multa,
  })
  .strict();
export type ModeloInput = z.input<typeof modeloInputSchema>;

/** A draft's change (PATCH /api/contratos/modelos/:id): any of the fields. A published version never changes. */
export const modeloPatchSchema = modeloInputSchema.partial().strict();
export type ModeloPatch = z.input<typeof modeloPatchSchema>;

export const modeloParamsSchema = z.object({ id: z.uuid(CONTRATO_MESSAGES.naoEncontrado) });

/** A matrícula's contract routes (its text, PDF, new link): a malformed id answers as one out of scope does. */
export const matriculaContratoParamsSchema = z.object({ id: z.uuid(CONTRATO_MESSAGES.contratoNaoEncontrado) });

export const MODELO_STATUS_LABELS = { rascunho: 'Rascunho', publicado: 'Publicado' } as const;

/** A template as the routes answer it: a draft (no version) or a published, immutable version. */
export const modeloViewSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  texto: z.string(),
  multaCancelamentoPct: z.number(),
  status: z.enum(['rascunho', 'publicado']),
  /** 1, 2, ... once published; null for the draft. */
  versao: z.number().nullable(),
  /** The network's current version: the newest published one. */
  vigente: z.boolean(),
  publicadoEm: z.string().nullable(),
  publicadoPor: z.string().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type ModeloView = z.infer<typeof modeloViewSchema>;

/** The network's rules a template is written under (GET /api/contratos/regras). */
export const contratoRegrasSchema = z.object({
  /** CANCELAMENTO_MULTA_MAX_PCT: the highest fee a template may set, in % of the remaining value. */
  multaMaximaPct: z.number(),
});
export type ContratoRegras = z.infer<typeof contratoRegrasSchema>;

/** A matrícula's contract as frozen at Efetivar (GET /api/matriculas/:id/contrato, the staff's). */
export const contratoViewSchema = z.object({
  id: z.string(),
  matriculaId: z.string(),
  modeloId: z.string(),
  versao: z.number(),
  titulo: z.string(),
  /** The template filled for this matrícula, with the required blocks: Markdown. */
  texto: z.string(),
  valorTotal: z.number(),
  parcelas: z.number(),
  valorParcela: z.number(),
  valorUltimaParcela: z.number(),
  multaCancelamentoPct: z.number(),
  status: z.enum(['aguardando_aceite', 'ativa', 'cancelada']),
  criadoEm: z.string(),
  // Issue 42, third slice (ADR 066): the acceptance, the link and the timeline.
  ...contratoAceiteStaffSchema.shape,
});
export type ContratoView = z.infer<typeof contratoViewSchema>;
