import { useQueryClient } from '@tanstack/react-query';
import type { DistribuicaoInput, DistribuicaoView } from '@shared/schemas/distribuicao';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { distribuicaoQueryKey } from './get-distribuicao';

export interface UpdateDistribuicaoInput {
  id: string;
  data: DistribuicaoInput;
}

/** PUT /api/micro-franquias/:id/distribuicao (issue 50): the answer is the rule as saved. */
export const updateDistribuicao = ({ id, data }: UpdateDistribuicaoInput) =>
  api.put<DistribuicaoView>(`/api/micro-franquias/${encodeURIComponent(id)}/distribuicao`, data);

export function useUpdateDistribuicao(config: MutationConfig<typeof updateDistribuicao> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    updateDistribuicao,
    {},
    {
      ...config,
      onSuccess: (data, input, ...rest) => {
        queryClient.setQueryData(distribuicaoQueryKey(input.id), data);
        return config.onSuccess?.(data, input, ...rest);
      },
    },
  );
}
