import { z } from 'zod';
import { FIELD_MESSAGES, optionalText, requiredText } from './fields';
import { indexedSearchSchema, listQuerySchema, networkSortSchema } from './list-query';

/**
 * Courses and their modules (SPEC §3, §5, §7): the rules and pt-BR messages read by the course dialogs and by
 * the /api/cursos routes. Number fields take a JSON number; a form registers them with `valueAsNumber`, so an
 * empty input arrives as NaN and fails with the field's own message.
 */
export const CURSO_MESSAGES = {
  titulo: 'Título é obrigatório',
  valor: 'Valor deve ser maior ou igual a 0',
  valorComDesconto: 'Valor com desconto deve ser maior ou igual a 0',
  valorComDescontoAcima: 'Valor com desconto deve ser menor ou igual ao valor original',
  valorMaximo: 'Valor deve ser no máximo 99.999.999,99',
  parcelas: 'Número de parcelas deve ser maior que 0',
  parcelasMaximo: 'Número de parcelas deve ser no máximo 360',
  modulosCreate: 'Adicione pelo menos um módulo',
  modulosEdit: 'Deve haver pelo menos um módulo',
  moduloTitulo: 'Título do módulo é obrigatório',
  moduloNumero: 'Módulo é obrigatório',
  cargaHoraria: 'Carga horária deve ser maior que 0',
  cargaHorariaMaximo: 'Carga horária deve ser no máximo 10000',
  ordem: 'Ordem deve ser um número inteiro maior que 0',
  clienteId: 'Cliente inválido',
  cursoNotFound: 'Curso não encontrado',
  moduloNotFound: 'Módulo não encontrado',
  clienteNotFound: 'Cliente não encontrado',
  moduloRemovido: 'Módulo removido',
} as const;

/** numeric(10,2): the largest value the column holds. */
export const MAX_MONEY = 99_999_999.99;
export const MAX_PARCELAS = 360;
export const MAX_CARGA_HORARIA = 10_000;

const toCents = (v: number) => Math.round(v * 100) / 100;

/** A money value of at least 0, rounded to cents. */
export const moneyField = (message: string) =>
  z.number({ error: message }).min(0, message).max(MAX_MONEY, CURSO_MESSAGES.valorMaximo).transform(toCents);

/** An optional money value: empty (NaN in a form), null or absent mean none. */
export const optionalMoneyField = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v)) ? null : v),
    moneyField(message).nullable(),
  );

const parcelas = z
  .number({ error: CURSO_MESSAGES.parcelas })
  .int(CURSO_MESSAGES.parcelas)
  .min(1, CURSO_MESSAGES.parcelas)
  .max(MAX_PARCELAS, CURSO_MESSAGES.parcelasMaximo);

const cargaHoraria = z
  .number({ error: CURSO_MESSAGES.cargaHoraria })
  .int(CURSO_MESSAGES.cargaHoraria)
  .min(1, CURSO_MESSAGES.cargaHoraria)
  .max(MAX_CARGA_HORARIA, CURSO_MESSAGES.cargaHorariaMaximo);

const ordem = z
  .number({ error: CURSO_MESSAGES.ordem })
  .int(CURSO_MESSAGES.ordem)
  .min(1, CURSO_MESSAGES.ordem)
  .max(10_000);

export const moduloFields = {
  titulo: requiredText(CURSO_MESSAGES.moduloTitulo),
  /** A number or a label such as 1 or 2A. */
  modulo: requiredText(CURSO_MESSAGES.moduloNumero, 20),
  cargaHoraria,
};

const cursoFields = {
  titulo: requiredText(CURSO_MESSAGES.titulo),
  descricao: optionalText(),
  valor: moneyField(CURSO_MESSAGES.valor),
  valorComDesconto: optionalMoneyField(CURSO_MESSAGES.valorComDesconto),
  parcelas,
};

/** True when a discounted value is present and above the original value. */
export function discountAboveValue(valor: number | null | undefined, valorComDesconto: number | null | undefined) {
  return valor != null && valorComDesconto != null && valorComDesconto > valor;
}

const discountRule = {
  message: CURSO_MESSAGES.valorComDescontoAcima,
  path: ['valorComDesconto'],
  // Compared only once the body is an object and both values are valid numbers on their own (a body of null
  // or an array would otherwise reach the comparison and throw).
  when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    payload.issues.every((i) => i.path?.[0] !== 'valor' && i.path?.[0] !== 'valorComDesconto'),
};

export const moduloInputSchema = z.object(moduloFields);
export type ModuloInput = z.infer<typeof moduloInputSchema>;

/** POST /api/cursos: the course and its modules, created together; ordem is each module's position. */
export const cursoCreateSchema = z
  .object({
    ...cursoFields,
    modulos: z
      .array(moduloInputSchema, { error: CURSO_MESSAGES.modulosCreate })
      .min(1, CURSO_MESSAGES.modulosCreate)
      .max(100),
  })
  .refine((v) => !discountAboveValue(v.valor, v.valorComDesconto), discountRule);
export type CursoCreateInput = z.infer<typeof cursoCreateSchema>;

/**
 * PATCH /api/cursos/:id: any of the course fields, or only isActive. The server checks the discount against the
 * stored value when only one of the two is sent.
 */
export const cursoUpdateSchema = z
  .object({
    titulo: cursoFields.titulo.optional(),
    // Absent leaves the stored text alone; empty clears it.
    descricao: z
      .string()
      .trim()
      .max(2000, FIELD_MESSAGES.tooLong)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    valor: cursoFields.valor.optional(),
    valorComDesconto: cursoFields.valorComDesconto.optional(),
    parcelas: cursoFields.parcelas.optional(),
    isActive: z.boolean({ error: 'Status inválido' }).optional(),
  })
  .refine((v) => !discountAboveValue(v.valor, v.valorComDesconto), discountRule);
export type CursoUpdateInput = z.infer<typeof cursoUpdateSchema>;
/** What a client sends to PATCH /api/cursos/:id. */
export type CursoUpdateBody = z.input<typeof cursoUpdateSchema>;

/** POST /api/cursos/:id/modulos; without ordem the module goes last. */
export const moduloCreateSchema = z.object({ ...moduloFields, ordem: ordem.optional() });
export type ModuloCreateInput = z.infer<typeof moduloCreateSchema>;

/** PATCH /api/cursos/:id/modulos/:moduloId */
export const moduloUpdateSchema = z.object({
  titulo: moduloFields.titulo.optional(),
  modulo: moduloFields.modulo.optional(),
  cargaHoraria: cargaHoraria.optional(),
  ordem: ordem.optional(),
  isActive: z.boolean({ error: 'Status inválido' }).optional(),
});
export type ModuloUpdateInput = z.infer<typeof moduloUpdateSchema>;

/** GET /api/cursos: the caller's courses, or one client's (the event form), in scope. */
export const cursoListQuerySchema = listQuerySchema.extend({
  // Issue 46: a search too short to answer answers with the hint, as every list's.
  q: indexedSearchSchema,
  clienteId: z.uuid(CURSO_MESSAGES.clienteId).optional(),
  sort: networkSortSchema,
});
export type CursoListQuery = z.infer<typeof cursoListQuerySchema>;

export const cursoParamsSchema = z.object({ id: z.uuid(CURSO_MESSAGES.cursoNotFound) });
export const moduloParamsSchema = z.object({
  id: z.uuid(CURSO_MESSAGES.cursoNotFound),
  moduloId: z.uuid(CURSO_MESSAGES.moduloNotFound),
});

/*
 * The dialogs: one form for create and edit. A saved module keeps its id as moduloId (useFieldArray owns `id`),
 * so the save can PATCH it.
 */

const formModulo = z.object({ moduloId: z.string().optional(), ...moduloFields });

const cursoFormBase = (modulosMessage: string) =>
  z
    .object({
      ...cursoFields,
      descricao: z.string().trim().max(2000),
      modulos: z.array(formModulo).min(1, modulosMessage),
    })
    .refine((v) => !discountAboveValue(v.valor, v.valorComDesconto), discountRule);

export const cursoFormSchema = cursoFormBase(CURSO_MESSAGES.modulosCreate);
export const cursoEditFormSchema = cursoFormBase(CURSO_MESSAGES.modulosEdit);
export type CursoFormInput = z.input<typeof cursoFormSchema>;
export type CursoFormValues = z.output<typeof cursoFormSchema>;

/* What the API answers. */

export const moduloViewSchema = z.object({
  id: z.string(),
  cursoId: z.string(),
  titulo: z.string(),
  modulo: z.string(),
  cargaHoraria: z.number(),
  ordem: z.number(),
  isActive: z.boolean(),
});
export type Modulo = z.infer<typeof moduloViewSchema>;

/** A course as the routes answer it: their response schema (ADR 018). */
export const cursoViewSchema = z.object({
  id: z.string(),
  clienteId: z.string(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  valor: z.number(),
  valorComDesconto: z.number().nullable(),
  parcelas: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  modulos: z.array(moduloViewSchema),
});
export type Curso = z.infer<typeof cursoViewSchema>;

/** `{ message }`: DELETE /api/cursos/:id/modulos/:moduloId's answer. */
export const cursoMensagemSchema = z.object({ message: z.string() });

/** Total hours of a course: the sum of its modules' hours (SPEC §2). */
export function totalCargaHoraria(modulos: readonly { cargaHoraria: number }[]): number {
  return modulos.reduce((sum, m) => sum + (Number.isFinite(m.cargaHoraria) ? m.cargaHoraria : 0), 0);
}

/** The discounted value shows only when above 0 and below the value (SPEC §2). */
export function hasDiscount(valor: number, valorComDesconto: number | null | undefined): valorComDesconto is number {
  return valorComDesconto != null && valorComDesconto > 0 && valorComDesconto < valor;
}
