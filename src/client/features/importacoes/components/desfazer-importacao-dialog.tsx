import { formatCount, formatDateTime } from '@shared/format';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import type { Importacao, ImportacaoResumo } from '@shared/schemas/importacao';
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
import { useDesfazerImportacao } from '../api/desfazer-importacao';

const plural = (n: number, um: string, varios: string) => `${formatCount(n)} ${n === 1 ? um : varios}`;

/** What the undo will do, said before it is done (issue 50). */
export function descreverDesfazer(importacao: ImportacaoResumo): string {
  const criados = importacao.resultado?.criar ?? 0;
  const atualizados = importacao.resultado?.atualizar ?? 0;
  const partes = [
    `Serão removidos os ${plural(criados, 'cadastro criado', 'cadastros criados')} por esta importação, exceto os que já avançaram (um lead que virou pré-matrícula, por exemplo, fica).`,
  ];
  if (atualizados > 0) {
    partes.push(
      `Os ${plural(atualizados, 'cadastro atualizado', 'cadastros atualizados')} voltam aos valores de antes.`,
    );
  }
  if (importacao.desfazerAte) {
    partes.push(
      `Possível até ${formatDateTime(importacao.desfazerAte, { withTime: true, timeZone: BRASILIA_TIME_ZONE })}.`,
    );
  }
  return partes.join(' ');
}

/** The undo's outcome in words: 'Importação desfeita: 440 removidos, 10 mantidos, 30 restaurados'. */
export function resumoDesfeita(desfeita: NonNullable<Importacao['desfeita']>): string {
  return `${plural(desfeita.removidos, 'removido', 'removidos')}, ${plural(desfeita.mantidos, 'mantido porque já avançou', 'mantidos porque já avançaram')}, ${plural(desfeita.restaurados, 'restaurado', 'restaurados')}`;
}

/** 'Desfazer importação' asked before it is done, naming the file; the toast says what happened. */
export function DesfazerImportacaoDialog({
  importacao,
  onClose,
  onDesfeita,
}: {
  importacao: ImportacaoResumo | null;
  onClose: () => void;
  onDesfeita?: (importacao: Importacao) => void;
}) {
  const desfazer = useDesfazerImportacao({
    // The undo is a job (ADR 106): the answer says it started; its progress and counts follow on the screen.
    onSuccess: (desfeita) => {
      toast({
        variant: 'success',
        title: 'Desfazendo a importação',
        description: desfeita.desfeita
          ? resumoDesfeita(desfeita.desfeita)
          : 'O andamento aparece na importação e na lista de Importações.',
      });
      onDesfeita?.(desfeita);
      onClose();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao desfazer a importação',
        description: errorMessage(error, error.message),
      }),
  });
  const mayClick = useClickLock(desfazer.isPending);
  return (
    <AlertDialog open={importacao !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{importacao ? `Desfazer a importação de ${importacao.nomeArquivo}?` : ''}</AlertDialogTitle>
          <AlertDialogDescription>{importacao ? descreverDesfazer(importacao) : ''}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={desfazer.isPending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={desfazer.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (importacao && mayClick()) desfazer.mutate(importacao.id);
            }}
          >
            {desfazer.isPending ? 'Desfazendo...' : 'Desfazer importação'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
