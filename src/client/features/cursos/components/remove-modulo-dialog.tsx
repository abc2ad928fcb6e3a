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

export interface RemoveModuloDialogProps {
  open: boolean;
  /** A saved module is deleted from the course at once; a new one only leaves the form. */
  saved: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Remover módulo?': the confirmation before a module leaves the course. */
export function RemoveModuloDialog({ open, saved, onConfirm, onCancel }: RemoveModuloDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remover módulo?</AlertDialogTitle>
          <AlertDialogDescription>
            {saved
              ? 'O módulo será excluído deste curso agora. Esta ação não pode ser desfeita.'
              : 'O módulo será retirado do formulário.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction destructive onClick={onConfirm}>
            Remover
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
