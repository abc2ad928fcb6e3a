import { z } from 'zod';

/**
 * Modelos de mensagem de WhatsApp (issue 51, ADR 091): the lead panel's WhatsApp button opens `wa.me/…?text=` with
 * one of a few messages, the family's first name and the event filled in. The product ships the texts below; each
 * network (franqueador) may rewrite them on 'Mensagens de WhatsApp'. Placeholders are `{nome}`-style, the few listed
 * here; a text naming any other is refused.
 */

export const WHATSAPP_MODELO_CHAVES = ['primeiro_contato', 'lembrete_pre_matricula', 'sem_resposta'] as const;
export type WhatsappModeloChave = (typeof WHATSAPP_MODELO_CHAVES)[number];

/** The placeholders a text may hold, with what each becomes (shown on the editing screen). */
export const WHATSAPP_PLACEHOLDERS = {
  nome: 'primeiro nome do responsável',
  aluno: 'primeiro nome do aluno',
  evento: 'escola do evento',
  data: 'data do evento (dd/mm/aaaa)',
} as const;
export type WhatsappPlaceholder = keyof typeof WHATSAPP_PLACEHOLDERS;
const PLACEHOLDER_NAMES = Object.keys(WHATSAPP_PLACEHOLDERS) as WhatsappPlaceholder[];

export const WHATSAPP_TEXTO_MAX = 1000;

/** The product's texts: what every network starts with, and what 'Restaurar o texto padrão' puts back. */
export const WHATSAPP_MODELOS_PADRAO: Record<WhatsappModeloChave, { titulo: string; texto: string }> = {
  primeiro_contato: {
    titulo: 'Primeiro contato após o evento',
    texto:
      'Olá, {nome}! Tudo bem? Aqui é da equipe que esteve no evento {evento}, em {data}. Obrigado pelo interesse de {aluno} nos nossos cursos! Posso explicar como funcionam as aulas e a matrícula?',
  },
  lembrete_pre_matricula: {
    titulo: 'Lembrete da pré-matrícula',
    texto:
      'Olá, {nome}! Passando para lembrar da pré-matrícula de {aluno}, feita no evento {evento} ({data}). As vagas são limitadas: quer que eu ajude a concluir a matrícula por aqui?',
  },
  sem_resposta: {
    titulo: 'Retorno sem resposta',
    texto:
      'Olá, {nome}, tudo bem? Tentei falar com você sobre o interesse de {aluno} nos cursos apresentados no evento {evento}. Qual o melhor horário para conversarmos?',
  },
};

export const WHATSAPP_MESSAGES = {
  modeloNaoEncontrado: 'Modelo de mensagem não encontrado',
  textoObrigatorio: 'Escreva o texto da mensagem',
  textoLongo: `A mensagem pode ter até ${WHATSAPP_TEXTO_MAX} caracteres`,
  /**
   * A placeholder that is not one of WHATSAPP_PLACEHOLDERS. The answer never repeats what was typed between the braces
   * (a fixed text: the API's refusals are the product's words only).
   */
  campoDesconhecido:
    'A mensagem tem um campo entre chaves que não existe. Use apenas {nome}, {aluno}, {evento} ou {data}.',
  salvo: 'Modelo de mensagem salvo.',
  falhaAoCarregar: 'Falha ao carregar os modelos de mensagem',
} as const;

/** The `{…}` names a text holds, in order, each once. */
export function placeholdersDe(texto: string): string[] {
  return [...new Set([...texto.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!))];
}

export const whatsappTextoSchema = z
  .string({ error: WHATSAPP_MESSAGES.textoObrigatorio })
  .trim()
  .min(1, WHATSAPP_MESSAGES.textoObrigatorio)
  .max(WHATSAPP_TEXTO_MAX, WHATSAPP_MESSAGES.textoLongo)
  .superRefine((texto, ctx) => {
    if (placeholdersDe(texto).some((n) => !(PLACEHOLDER_NAMES as string[]).includes(n)))
      ctx.addIssue({ code: 'custom', message: WHATSAPP_MESSAGES.campoDesconhecido });
  });

/** PUT /api/whatsapp/modelos/:chave: the text, nothing else (the title is the product's). */
export const whatsappModeloBodySchema = z.strictObject({ texto: whatsappTextoSchema });
export type WhatsappModeloBody = z.input<typeof whatsappModeloBodySchema>;

export const whatsappModeloParamsSchema = z.object({
  chave: z.enum(WHATSAPP_MODELO_CHAVES, { error: WHATSAPP_MESSAGES.modeloNaoEncontrado }),
});

export const whatsappModeloSchema = z.object({
  chave: z.enum(WHATSAPP_MODELO_CHAVES),
  titulo: z.string(),
  texto: z.string(),
  /** True while the network keeps the product's text. */
  padrao: z.boolean(),
  /** ISO moment of the network's last edit; null for the product's text. */
  atualizadoEm: z.string().nullable(),
});
export type WhatsappModelo = z.infer<typeof whatsappModeloSchema>;

/** GET /api/whatsapp/modelos: the caller's network's templates, in WHATSAPP_MODELO_CHAVES' order. */
export const whatsappModelosSchema = z.object({ modelos: z.array(whatsappModeloSchema) });
export type WhatsappModelos = z.infer<typeof whatsappModelosSchema>;

/** A name's first word ('Maria Clara Souza' -> 'Maria'); empty for a blank name. */
export function primeiroNome(nome: string | null | undefined): string {
  return (nome ?? '').trim().split(/\s+/)[0] ?? '';
}

export type WhatsappDados = Record<WhatsappPlaceholder, string>;

/** The message for one family: each known placeholder replaced by its value (values are never read as placeholders). */
export function preencherMensagem(texto: string, dados: WhatsappDados): string {
  return texto.replace(/\{([^{}]*)\}/g, (inteiro, nome: string) =>
    Object.hasOwn(dados, nome) ? dados[nome as WhatsappPlaceholder] : inteiro,
  );
}
