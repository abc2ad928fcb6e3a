import type { ApiErrorBody } from '@shared/schemas/api-error';

/** A non-OK answer from the API. `message` is the server's pt-BR sentence, or the status text when it sent none. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  /** The parsed error body, when the server sent one. */
  readonly body: ApiErrorBody | null;

  constructor(status: number, statusText: string, body: ApiErrorBody | null) {
    super(body?.message || statusText || `Erro ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = body?.errors;
    this.body = body;
  }
}

/** The request never got an answer (offline, server down, CORS). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Erro de conexão. Tente novamente.', { cause });
    this.name = 'NetworkError';
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const { message, errors, requestId } = value as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  return {
    message,
    errors: typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : undefined,
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
}

let writes = 0;

/**
 * How many writes (any method but GET) this page has sent and seen answered. A live list shows at once an answer
 * read after the user's own write, instead of holding its new rows back as someone else's (use-live-list.ts).
 */
export const writeEpoch = (): number => writes;

/** Counts a write answered by something other than apiRequest (a multipart upload). */
export const noteWrite = (): void => {
  writes += 1;
};

/** Every call sends the session cookie; a JSON content type goes only with a body (SPEC §7). */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      credentials: 'include',
      headers: hasBody
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (method !== 'GET') noteWrite();
  const json = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, response.statusText, toErrorBody(json));
  return { data: json as T, headers: response.headers };
}

export interface Page<T> {
  items: T[];
  /** From X-Total-Count; the number of items when the header is absent. */
  total: number;
  /** False when X-Total-Count-Exact says the server stopped counting at `total` ('mais de 10.000', issue 21). */
  exact: boolean;
  /** Keyset paging (issue 46): the cursors of the pages after and before this one, where the list names them. */
  next?: string | null;
  prev?: string | null;
}

export const api = {
  get: async <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    (await apiRequest<T>('GET', path, options)).data,
  post: async <T>(path: string, body?: unknown) => (await apiRequest<T>('POST', path, { body })).data,
  put: async <T>(path: string, body?: unknown) => (await apiRequest<T>('PUT', path, { body })).data,
  patch: async <T>(path: string, body?: unknown) => (await apiRequest<T>('PATCH', path, { body })).data,
  delete: async <T>(path: string) => (await apiRequest<T>('DELETE', path)).data,
  /** A list read with its total (DESIGN §4.3). */
  list: async <T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<Page<T>> => {
    const { data, headers } = await apiRequest<T[]>('GET', path, options);
    const items = Array.isArray(data) ? data : [];
    const header = Number(headers.get('X-Total-Count'));
    return {
      items,
      total: Number.isFinite(header) && headers.has('X-Total-Count') ? header : items.length,
      exact: headers.get('X-Total-Count-Exact') !== 'false',
      next: headers.get('X-Next-Cursor') ?? undefined,
      prev: headers.get('X-Prev-Cursor') ?? undefined,
    };
  },
};

/**
 * The sentence to show for a failed call: no answer -> the connection message; a server message -> it;
 * otherwise the screen's own fallback (SPEC §8).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  return fallback;
}
