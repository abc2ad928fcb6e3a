import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import type { Curso } from '@shared/schemas/curso';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateCurso } from '../api/update-curso';

export interface DeactivateCursoDialogProps {
  /** The course to deactivate; null keeps the dialog closed. */
  curso: Curso | null;
  onClose: () => void;
}

/** Deactivation cannot be undone (SPEC §4), so it asks first and says so. */
export function DeactivateCursoDialog({ curso, onClose }: DeactivateCursoDialogProps) {
  const update = useUpdateCurso();
  const deactivate = () => {
    if (!curso) return;
    update.mutate(
      { id: curso.id, data: { isActive: false } },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Curso desativado' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Erro',
            description: errorMessage(error, 'Falha ao desativar o curso.'),
          }),
      },
    );
    onClose();
  };
  return (
    <AlertDialog open={curso !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Desativar curso?</AlertDialogTitle>
          <AlertDialogDescription>
            O curso {curso ? `"${curso.titulo}"` : ''} ficará inativo. Esta ação não pode ser desfeita.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction destructive onClick={deactivate}>
            Desativar
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
