import { z } from 'zod';
import {
  ACOMPANHAMENTO_MESSAGES,
  CONTATO_CANAIS,
  CONTATO_RESULTADOS,
  LEAD_STATUSES,
  MOTIVOS_PERDA,
  contatoSchema,
  leadPatchSchema,
} from '@shared/schemas/acompanhamento';
import {
  type ContatoFormValues,
  type RetornoFormValues,
  type StatusFormValues,
  contatoPayload,
  retornoError,
  retornoPatch,
  statusPatch,
} from './lead-panel-form-values';

/**
 * The panel's forms checked in the browser with the shared rules (the payload goes through the same schema the
 * server uses), plus what only a form has: a select left empty, a date not given.
 */

export const CONTATO_FORM_MESSAGES = {
  canal: 'Escolha o canal',
  resultado: 'Escolha o resultado',
  retornoObrigatorio: 'Informe a data do retorno',
} as const;

export const statusFormSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: ACOMPANHAMENTO_MESSAGES.statusInvalido }),
    motivoPerda: z.union([z.enum(MOTIVOS_PERDA), z.literal('')], { error: ACOMPANHAMENTO_MESSAGES.motivoInvalido }),
  })
  .transform((values: StatusFormValues) => statusPatch(values))
  .pipe(leadPatchSchema);

export const retornoFormSchema = z
  .object({ proximoContatoEm: z.string().min(1, CONTATO_FORM_MESSAGES.retornoObrigatorio) })
  .superRefine(({ proximoContatoEm }, ctx) => {
    const message = retornoError(proximoContatoEm);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['proximoContatoEm'] });
  })
  .transform((values: RetornoFormValues) => retornoPatch(values))
  .pipe(leadPatchSchema);

export const contatoFormSchema = z
  .object({
    canal: z.union([z.enum(CONTATO_CANAIS), z.literal('')]).refine((v) => v !== '', CONTATO_FORM_MESSAGES.canal),
    resultado: z
      .union([z.enum(CONTATO_RESULTADOS), z.literal('')])
      .refine((v) => v !== '', CONTATO_FORM_MESSAGES.resultado),
    nota: z.string(),
  })
  .transform((values: ContatoFormValues): z.input<typeof contatoSchema> => contatoPayload(values))
  .pipe(contatoSchema);
