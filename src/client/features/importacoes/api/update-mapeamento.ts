import { useQueryClient } from '@tanstack/react-query';
import type { Importacao } from '@shared/schemas/importacao';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { importacaoQueryKey } from './get-importacao';

export interface MapeamentoInput {
  id: string;
  /** One field (or null: not imported) per column of the file, in its order. */
  campos: (string | null)[];
}

/** PUT /api/importacoes/:id/mapeamento (issue 50): the answer is the import read again with the new preview. */
export const updateMapeamento = ({ id, campos }: MapeamentoInput) =>
  api.put<Importacao>(`/api/importacoes/${encodeURIComponent(id)}/mapeamento`, { campos });

/** The answer replaces the cached import (its preview and counts follow the mapping at once). */
export function useUpdateMapeamento(config: MutationConfig<typeof updateMapeamento> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    updateMapeamento,
    {},
    {
      ...config,
      onSuccess: (data, ...rest) => {
        queryClient.setQueryData(importacaoQueryKey(data.id), data);
        return config.onSuccess?.(data, ...rest);
      },
    },
  );
}
