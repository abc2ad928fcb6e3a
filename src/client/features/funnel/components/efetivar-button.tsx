import { useState } from 'react';
import { CheckCircle2, GraduationCap } from 'lucide-react';
import type { PreMatriculaItem } from '@shared/schemas/funnel';
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
import { Badge } from '@/components/ui/badge';
import { type RowAction, RowActions } from '@/components/ui/row-actions';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useClickLock } from '@/hooks/use-click-lock';
import { useEfetivarMatricula } from '../api/efetivar-matricula';

/**
 * Efetivar per row (SPEC §2, DESIGN §4.5), as every table's row actions are (issue 23): 'Efetivar' in the row's
 * menu asks first, naming the student, since it cannot be undone (it creates the matrícula and the aluno's
 * account). The confirmation's button locks on the first click and reads 'Efetivando...' while pending; an
 * effective one shows 'Efetivada' instead.
 */
export function EfetivarButton({
  preMatricula,
  actions = [],
}: {
  preMatricula: Pick<PreMatriculaItem, 'id' | 'nome' | 'status'>;
  /** The row's other actions, after Efetivar in the same menu (one menu per row). */
  actions?: RowAction[];
}) {
  const [confirming, setConfirming] = useState(false);
  const efetivar = useEfetivarMatricula({
    onSuccess: () => {
      setConfirming(false);
      toast({
        title: 'Matrícula efetivada!',
        description: 'A pré-matrícula foi convertida em matrícula efetivada com sucesso.',
        variant: 'success',
      });
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: 'Erro ao efetivar matrícula',
        description: errorMessage(error, 'Ocorreu um erro ao efetivar a matrícula.'),
        variant: 'destructive',
      });
    },
  });

  const mayClick = useClickLock(efetivar.isPending);

  if (preMatricula.status === 'efetivada') {
    return (
      <span className="inline-flex items-center gap-1">
        <Badge variant="success" className="gap-1">
          <CheckCircle2 aria-hidden="true" className="size-3.5" />
          Efetivada
        </Badge>
        {actions.length > 0 ? <RowActions record={preMatricula.nome} actions={actions} /> : null}
      </span>
    );
  }
  return (
    <>
      <RowActions
        record={preMatricula.nome}
        actions={[{ label: 'Efetivar', icon: GraduationCap, onSelect: () => setConfirming(true) }, ...actions]}
      />
      <AlertDialog open={confirming} onOpenChange={(open) => !efetivar.isPending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Efetivar a matrícula de {preMatricula.nome}?</AlertDialogTitle>
            <AlertDialogDescription>
              A pré-matrícula vira uma matrícula efetivada e o aluno recebe o acesso ao sistema. Esta ação não pode ser
              desfeita.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={efetivar.isPending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              disabled={efetivar.isPending}
              onClick={(event) => {
                // The dialog stays open until the answer arrives; the toast says how it went.
                event.preventDefault();
                if (mayClick()) efetivar.mutate(preMatricula.id);
              }}
            >
              {efetivar.isPending ? 'Efetivando...' : 'Efetivar'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
