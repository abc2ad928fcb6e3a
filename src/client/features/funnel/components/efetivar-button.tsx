import { CheckCircle2 } from 'lucide-react';
import type { PreMatriculaItem } from '@shared/schemas/funnel';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useClickLock } from '@/hooks/use-click-lock';
import { useEfetivarMatricula } from '../api/efetivar-matricula';

/** Efetivar per row ('Efetivando...' while pending); an effective one shows 'Efetivada' instead (DESIGN §4.5). */
export function EfetivarButton({ preMatricula }: { preMatricula: Pick<PreMatriculaItem, 'id' | 'nome' | 'status'> }) {
  const efetivar = useEfetivarMatricula({
    onSuccess: () =>
      toast({
        title: 'Matrícula efetivada!',
        description: 'A pré-matrícula foi convertida em matrícula efetivada com sucesso.',
        variant: 'success',
      }),
    onError: (error) =>
      toast({
        title: 'Erro ao efetivar matrícula',
        description: errorMessage(error, 'Ocorreu um erro ao efetivar a matrícula.'),
        variant: 'destructive',
      }),
  });

  const mayClick = useClickLock(efetivar.isPending);

  if (preMatricula.status === 'efetivada') {
    return (
      <Badge variant="success" className="gap-1">
        <CheckCircle2 aria-hidden="true" className="size-3.5" />
        Efetivada
      </Badge>
    );
  }
  return (
    <Button size="sm" disabled={efetivar.isPending} onClick={() => mayClick() && efetivar.mutate(preMatricula.id)}>
      {efetivar.isPending ? 'Efetivando...' : 'Efetivar'}{' '}
      <span className="sr-only">a matrícula de {preMatricula.nome}</span>
    </Button>
  );
}
