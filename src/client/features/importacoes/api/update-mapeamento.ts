import { useRef } from 'react';
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

/**
 * The answer replaces the cached import (its preview and counts follow the mapping at once) -- the latest change's
 * answer only: two quick changes send two requests, and the first one's answer arriving last must not win.
 */
export function useUpdateMapeamento(config: MutationConfig<typeof updateMapeamento> = {}) {
  const queryClient = useQueryClient();
  const latest = useRef<MapeamentoInput | null>(null);
  return useApiMutation(
    updateMapeamento,
    {},
    {
      ...config,
      onMutate: (input, context) => {
        latest.current = input;
        return config.onMutate?.(input, context);
      },
      onSuccess: (data, input, ...rest) => {
        if (latest.current === input) queryClient.setQueryData(importacaoQueryKey(data.id), data);
        return config.onSuccess?.(data, input, ...rest);
      },
    },
  );
}
