import { ANONIMIZACAO_CONTRATOS } from '@shared/schemas/lgpd-textos';
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

export interface ConfirmarAnonimizacaoDialogProps {
  open: boolean;
  email: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The titular asks for anonymisation (issue 18): what will happen, and that it cannot be undone, before the request
 * is sent. Loaded only when that request is chosen, so the portal's first download stays light.
 */
export default function ConfirmarAnonimizacaoDialog({
  open,
  email,
  onConfirm,
  onCancel,
}: ConfirmarAnonimizacaoDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Pedir a anonimização dos seus dados?</AlertDialogTitle>
          <AlertDialogDescription>
            Quando o pedido for concluído, os nomes, o e-mail, o telefone e os CPFs ligados a {email} serão apagados de
            todas as inscrições, pré-matrículas e matrículas, e a conta de aluno será desativada. Isso é irreversível:
            os dados não poderão ser recuperados. {ANONIMIZACAO_CONTRATOS}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction destructive onClick={onConfirm}>
            Sim, pedir a anonimização
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
