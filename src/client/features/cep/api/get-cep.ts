import { useCallback } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { CEP_MESSAGES, cepLookupSchema, type CepResult } from '@shared/schemas/cep';
import { api, ApiError, NetworkError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Looks a CEP up through the server (DESIGN §4.3), which asks the postal-code service and caches. */
export const getCep = (cep: string): Promise<CepResult> => api.get<CepResult>(`/api/cep/${encodeURIComponent(cep)}`);

export const getCepQueryOptions = (cep: string) => queryOptions({ queryKey: ['cep', cep], queryFn: () => getCep(cep) });

/** Answers cidade and estado for a CEP as typed, or null; the toasts of SPEC §7 and §8 say what happened. */
export type LookupCep = (typed: string) => Promise<CepResult | null>;

function failureDescription(error: unknown): string {
  if (error instanceof NetworkError) return CEP_MESSAGES.unavailable;
  if (error instanceof ApiError) return error.message || 'Erro desconhecido';
  return 'Erro desconhecido';
}

export function useCepLookup(): LookupCep {
  const queryClient = useQueryClient();
  return useCallback(
    async (typed) => {
      const parsed = cepLookupSchema.safeParse(typed);
      if (!parsed.success) {
        toast({
          variant: 'destructive',
          title: 'Erro ao buscar CEP',
          description: parsed.error.issues[0]?.message ?? CEP_MESSAGES.length,
        });
        return null;
      }
      try {
        const result = await queryClient.fetchQuery(getCepQueryOptions(parsed.data));
        toast({ variant: 'success', title: 'CEP encontrado', description: `${result.cidade} - ${result.estado}` });
        return result;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          toast({ variant: 'destructive', title: 'CEP não encontrado', description: 'Verifique o CEP informado' });
        } else {
          toast({ variant: 'destructive', title: 'Erro ao buscar CEP', description: failureDescription(error) });
        }
        return null;
      }
    },
    [queryClient],
  );
}
