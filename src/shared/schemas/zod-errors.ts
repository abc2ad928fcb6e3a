import { z } from 'zod';

/**
 * pt-BR texts for the rules a schema gives no message of its own: a wrong type (an array where a text goes, a
 * list where an object goes), an unknown option, a limit without a text. zod's defaults are English
 * ("Invalid input: expected string, received array") and would reach the user as they are. A message written
 * in a schema always wins over these (zod: schema error > global customError).
 */
/** The message of a body that is not what the route takes (DESIGN §4.3): one text for client and server. */
export const INVALID_BODY = 'Dados inválidos.';

export const ZOD_DEFAULT_MESSAGES = {
  required: 'Campo obrigatório',
  invalidValue: 'Valor inválido',
  invalidBody: INVALID_BODY,
  tooLong: 'Texto longo demais',
  tooShort: 'Texto curto demais',
  tooBig: 'Valor acima do permitido',
  tooSmall: 'Valor abaixo do permitido',
  tooManyItems: 'Itens demais',
  tooFewItems: 'Itens de menos',
  invalidFormat: 'Formato inválido',
  invalidOption: 'Opção inválida',
} as const;

const M = ZOD_DEFAULT_MESSAGES;

export const ptBrDefaultError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return M.required;
      return issue.expected === 'object' ? M.invalidBody : M.invalidValue;
    case 'too_big':
      if (issue.origin === 'string') return M.tooLong;
      if (issue.origin === 'array' || issue.origin === 'set') return M.tooManyItems;
      return M.tooBig;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? M.required : M.tooShort;
      if (issue.origin === 'array' || issue.origin === 'set') return M.tooFewItems;
      return M.tooSmall;
    case 'invalid_format':
      return M.invalidFormat;
    case 'invalid_value':
      return M.invalidOption;
    case 'unrecognized_keys':
    case 'invalid_key':
      return M.invalidBody;
    default:
      return M.invalidValue;
  }
};

z.config({ customError: ptBrDefaultError });
