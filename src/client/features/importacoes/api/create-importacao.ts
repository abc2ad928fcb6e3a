import type { Importacao, ImportacaoTipo } from '@shared/schemas/importacao';
import { ApiError, NetworkError, noteWrite } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { IMPORTACOES_QUERY_KEY } from './get-importacoes';

export interface NovaImportacao {
  tipo: ImportacaoTipo;
  /** Leads only: the event the rows sign up to. */
  eventoId?: string;
  arquivo: File;
}

/** POST /api/importacoes (issue 50), multipart: the file is read and its columns matched by name. */
export async function createImportacao({ tipo, eventoId, arquivo }: NovaImportacao): Promise<Importacao> {
  const form = new FormData();
  form.append('tipo', tipo);
  if (eventoId) form.append('eventoId', eventoId);
  // The file goes last: the server reads the fields before the bytes.
  form.append('arquivo', arquivo, arquivo.name);
  let response: Response;
  try {
    response = await fetch('/api/importacoes', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  noteWrite();
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const body = json as { message?: unknown; errors?: Record<string, string> } | undefined;
    throw new ApiError(
      response.status,
      response.statusText,
      typeof body?.message === 'string' ? { message: body.message, errors: body.errors } : null,
    );
  }
  return json as Importacao;
}

export const useCreateImportacao = (config: MutationConfig<typeof createImportacao> = {}) =>
  useApiMutation(createImportacao, { invalidates: { keys: [IMPORTACOES_QUERY_KEY] } }, config);
