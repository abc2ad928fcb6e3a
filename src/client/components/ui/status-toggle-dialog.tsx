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
  /**
   * The question naming the record, by its current status (issue 23's one rule: 'Desativar a franquia Franquia
   * Centro?').
   */
  title: (target: T) => string;
  /** The question for this row, by its current status. */
  describe: (target: T) => string;
  pending: boolean;
  onConfirm: (target: T) => void;
  onClose: () => void;
}

/**
 * 'Desativar'/'Ativar' confirmation of a list row, naming it. It stays open until the answer arrives (the button
 * locks on the first click); the toast says how it went.
 */
export function StatusToggleDialog<T extends { isActive: boolean }>({
  target,
  title,
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
          <AlertDialogTitle>{target ? title(target) : ''}</AlertDialogTitle>
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
