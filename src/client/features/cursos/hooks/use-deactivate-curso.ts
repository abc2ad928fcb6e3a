import type { Curso } from '@shared/schemas/curso';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateCurso } from '../api/update-curso';

/**
 * Course deactivation (issue 23's one rule for irreversible acts): it can be undone, so it acts at once and the
 * toast offers 'Desfazer', which activates the course again (ADR 036; SPEC §4 asked a confirmation of a one-way
 * act). Returns the act and whether a change is on its way (the card's button waits for it).
 */
export function useDeactivateCurso() {
  const update = useUpdateCurso();

  const reactivate = (curso: Curso) =>
    update.mutate(
      { id: curso.id, data: { isActive: true } },
      {
        onSuccess: () =>
          toast({ variant: 'success', title: 'Curso reativado', description: `"${curso.titulo}" está ativo de novo.` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Erro',
            description: errorMessage(error, 'Falha ao reativar o curso.'),
          }),
      },
    );

  const deactivate = (curso: Curso) =>
    update.mutate(
      { id: curso.id, data: { isActive: false } },
      {
        onSuccess: () =>
          toast({
            variant: 'success',
            title: 'Curso desativado',
            description: `"${curso.titulo}" ficou inativo.`,
            action: {
              label: 'Desfazer',
              altText: `Desfazer a desativação do curso ${curso.titulo}`,
              onClick: () => reactivate(curso),
            },
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Erro',
            description: errorMessage(error, 'Falha ao desativar o curso.'),
          }),
      },
    );

  return { deactivate, pending: update.isPending };
}
