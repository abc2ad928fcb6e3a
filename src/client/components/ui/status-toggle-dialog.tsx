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
import { useClickLock } from '@/hooks/use-click-lock';

export interface StatusToggleDialogProps<T extends { isActive: boolean }> {
  /** The row being switched; null closes the dialog. */
  target: T | null;
  /** The titles for switching off and on (SPEC's per-screen texts). */
  titles: { off: string; on: string };
  /** The question for this row, by its current status. */
  describe: (target: T) => string;
  pending: boolean;
  onConfirm: (target: T) => void;
  onClose: () => void;
}

/**
 * 'Desativar'/'Ativar' confirmation of a list row. It stays open until the answer arrives; the toast says how it
 * went.
 */
export function StatusToggleDialog<T extends { isActive: boolean }>({
  target,
  titles,
  describe,
  pending,
  onConfirm,
  onClose,
}: StatusToggleDialogProps<T>) {
  const mayClick = useClickLock(pending);
  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{target?.isActive ? titles.off : titles.on}</AlertDialogTitle>
          <AlertDialogDescription>{target ? describe(target) : ''}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            destructive={target?.isActive}
            disabled={pending}
            onClick={(event) => {
              event.preventDefault();
              if (target && mayClick()) onConfirm(target);
            }}
          >
            {target?.isActive ? 'Desativar' : 'Ativar'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
