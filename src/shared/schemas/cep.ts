import { z } from 'zod';

/** GET /api/cep/:cep (DESIGN §4.3) and the texts of SPEC §7 and §8. */
export const CEP_MESSAGES = {
  length: 'CEP deve conter 8 dígitos',
  invalid: 'CEP inválido',
  notFound: 'CEP não encontrado',
  unavailable: 'Erro ao consultar CEP. Verifique sua conexão.',
} as const;

/** 8 digits, with or without the hyphen of 00000-000. */
export const cepLookupSchema = z
  .string({ error: CEP_MESSAGES.length })
  .trim()
  .transform((v) => v.replace('-', ''))
  .pipe(
    z
      .string()
      .length(8, CEP_MESSAGES.length)
      .regex(/^\d{8}$/, CEP_MESSAGES.invalid),
  );

export const cepParamsSchema = z.object({ cep: cepLookupSchema });

/**
 * GET /api/cep/:cep's answer (its response schema, ADR 018): the 8 digits, the city and the state's code, and the
 * street and neighbourhood where the code has them ('' for a city-wide code; issue 51: the event's address).
 */
export const cepResultSchema = z.object({
  cep: z.string(),
  cidade: z.string(),
  estado: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
});
export type CepResult = z.infer<typeof cepResultSchema>;
