import type { DeclaracaoVerificada } from '@shared/schemas/public';
import { api } from '@/lib/api-client';

/** The verification of a declaration's code (issue 23): initials, the event and the credit. */
export const verificarDeclaracao = (codigo: string) =>
  api.get<DeclaracaoVerificada[]>(`/api/public/declaracoes/${encodeURIComponent(codigo)}`);
