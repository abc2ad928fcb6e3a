import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import { FUNNEL_MESSAGES, preMatriculaCursoSchema, type PreMatriculaItem } from '@shared/schemas/funnel';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCursosDaPreMatricula, useDefinirCurso } from '../../api/pre-matricula-curso';

/** The option that leaves the course to be defined ('' is sent as null). */
export const SEM_CURSO = '';
export const CURSO_A_DEFINIR = 'Curso a definir';

export type PreMatriculaCursoAlvo = Pick<PreMatriculaItem, 'id' | 'nome' | 'cursoInteresse'>;

/** The option the select starts on: the course the row holds, when its event still offers it. */
export function cursoInicial(cursoInteresse: string | null, cursos: readonly { id: string; titulo: string }[]) {
  return cursos.find((c) => c.titulo === cursoInteresse)?.id ?? SEM_CURSO;
}

/**
 * 'Definir curso' (issue 23): the staff set, change or clear a pending pré-matrícula's course, choosing among its
 * event's courses (the server checks the same list and answers 400 for another).
 */
export function DefinirCursoDialog({
  preMatricula,
  onClose,
}: {
  /** The row whose course is set; null keeps the dialog closed. */
  preMatricula: PreMatriculaCursoAlvo | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={preMatricula !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        {preMatricula ? <DefinirCursoForm key={preMatricula.id} preMatricula={preMatricula} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DefinirCursoForm({ preMatricula, onClose }: { preMatricula: PreMatriculaCursoAlvo; onClose: () => void }) {
  const selectId = useId();
  const errorId = `${selectId}-erro`;
  const cursos = useCursosDaPreMatricula(preMatricula.id, true);
  const [escolha, setEscolha] = useState<string | null>(null);
  const [erro, setErro] = useState<string | undefined>();
  const options = cursos.data ?? [];
  const value = escolha ?? cursoInicial(preMatricula.cursoInteresse, options);
  const definir = useDefinirCurso({
    onSuccess: (answer) => {
      toast({
        variant: 'success',
        title: answer.cursoInteresse ? 'Curso definido' : 'Curso removido',
        description: answer.cursoInteresse
          ? `${preMatricula.nome}: ${answer.cursoInteresse}.`
          : `${preMatricula.nome}: ${CURSO_A_DEFINIR.toLowerCase()}.`,
      });
      onClose();
    },
    onError: (error) => setErro(errorMessage(error, 'Não foi possível definir o curso. Tente novamente.')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = preMatriculaCursoSchema.safeParse({ cursoId: value });
    if (!parsed.success) {
      setErro(FUNNEL_MESSAGES.cursoForaDoEvento);
      return;
    }
    setErro(undefined);
    definir.mutate({ id: preMatricula.id, cursoId: parsed.data.cursoId });
  };

  const atualForaDaLista =
    preMatricula.cursoInteresse && cursos.data && !options.some((c) => c.titulo === preMatricula.cursoInteresse);

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Definir curso</DialogTitle>
        <DialogDescription>
          Escolha o curso de interesse de {preMatricula.nome} entre os cursos oferecidos no evento.
        </DialogDescription>
      </DialogHeader>
      {cursos.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Carregando cursos do evento...
        </p>
      ) : cursos.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(cursos.error, 'Não foi possível carregar os cursos do evento.')}
        </p>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor={selectId}>Curso de interesse</Label>
          <select
            id={selectId}
            value={value}
            onChange={(e) => {
              setEscolha(e.target.value);
              setErro(undefined);
            }}
            aria-invalid={erro ? true : undefined}
            aria-describedby={erro ? errorId : undefined}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value={SEM_CURSO}>{CURSO_A_DEFINIR}</option>
            {options.map((curso) => (
              <option key={curso.id} value={curso.id}>
                {curso.titulo}
              </option>
            ))}
          </select>
          {options.length === 0 ? (
            <p className="text-sm text-muted-foreground">O evento desta pré-matrícula não oferece cursos ativos.</p>
          ) : null}
          {atualForaDaLista ? (
            <p className="text-sm text-muted-foreground">
              Curso atual: {preMatricula.cursoInteresse} (não é mais oferecido pelo evento).
            </p>
          ) : null}
          <FormMessage id={errorId} role="alert">
            {erro}
          </FormMessage>
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <SubmitButton pending={definir.isPending} pendingLabel="Salvando..." disabled={!cursos.isSuccess}>
          Salvar curso
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
