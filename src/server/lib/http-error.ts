import { INVALID_BODY } from '../../shared/schemas/zod-errors';

/** An error whose status and pt-BR message reach the client as they are (DESIGN §4.3). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unauthenticated: 'Não autenticado. Faça login para continuar.',
  forbidden: 'Você não tem permissão para realizar esta ação.',
  notFound: 'Recurso não encontrado.',
  routeNotFound: 'Rota não encontrada.',
  invalidInput: INVALID_BODY,
  invalidJson: 'JSON inválido no corpo da requisição.',
  uriTooLong: 'Endereço da requisição longo demais.',
  bodyTooLarge: 'O corpo da requisição é grande demais.',
  unsupportedMediaType: 'O corpo da requisição deve ser JSON (Content-Type: application/json).',
  originRefused: 'Origem da requisição não permitida.',
  tooManyRequests: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  internal: 'Erro interno do servidor. Tente novamente mais tarde.',
  unavailable: 'Serviço temporariamente indisponível.',
} as const;

export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
/** What was there is gone for good (an import's rows after their retention). */
export const gone = (message: string) => new HttpError(410, message);
export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
