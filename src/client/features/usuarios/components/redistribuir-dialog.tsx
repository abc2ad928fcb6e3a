import { formatCount } from '@shared/format';
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
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRedistribuirLeads } from '../api/redistribuir-leads';

export interface VendedorDesativado {
  nome: string;
  /** The vendedor's id (the leads' responsável), when the list gives it. */
  vendedorId: string | null;
}

/**
 * Offered right after a vendedor is deactivated (issue 50): its open leads go to the other vendedores by the
 * micro-franquia's distribution rule; the toast counts them.
 */
export function RedistribuirDialog({
  vendedor,
  onClose,
}: {
  vendedor: VendedorDesativado | null;
  onClose: () => void;
}) {
  const redistribuir = useRedistribuirLeads({
    onSuccess: ({ alterados }) => {
      toast({
        variant: 'success',
        title:
          alterados === 0
            ? 'Nenhum lead em aberto para redistribuir'
            : `${formatCount(alterados)} ${alterados === 1 ? 'lead redistribuído' : 'leads redistribuídos'}`,
      });
      onClose();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao redistribuir os leads',
        description: errorMessage(error, error.message),
      }),
  });
  const mayClick = useClickLock(redistribuir.isPending);
  const open = vendedor !== null && vendedor.vendedorId !== null;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Redistribuir os leads em aberto de {vendedor?.nome}?</AlertDialogTitle>
          <AlertDialogDescription>
            Os leads novos, em contato e interessados de {vendedor?.nome} passam para os outros vendedores ativos, pela
            regra de distribuição da micro-franquia (rodízio ou cidade; sem regra, em rodízio). O histórico de cada lead
            registra a troca.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={redistribuir.isPending}>Agora não</AlertDialogCancel>
          <AlertDialogAction
            disabled={redistribuir.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (vendedor?.vendedorId && mayClick()) redistribuir.mutate({ vendedorId: vendedor.vendedorId });
            }}
          >
            {redistribuir.isPending ? 'Redistribuindo...' : 'Redistribuir os leads em aberto'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
