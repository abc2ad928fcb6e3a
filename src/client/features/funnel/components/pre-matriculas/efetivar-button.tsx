import { useId, useState } from 'react';
import { CheckCircle2, GraduationCap, LoaderCircle } from 'lucide-react';
import type { PreMatriculaItem, PreMatriculaCursoOpcao } from '@shared/schemas/funnel';
import { MATRICULA_MESSAGES, cursoDaMatricula, descricaoDoPreco, precoDoCurso } from '@shared/schemas/matricula';
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
import { SelectField } from '@/components/ui/select-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useClickLock } from '@/hooks/use-click-lock';
import { useEfetivarMatricula } from '../../api/efetivar-matricula';
import { useCursosDaPreMatricula } from '../../api/pre-matricula-curso';

type EfetivarAlvo = Pick<PreMatriculaItem, 'id' | 'nome' | 'status' | 'cursoInteresse'>;

/** 'Inglês Intensivo — R$ 1.800,00 em 6x de R$ 300,00': a course as the dialog offers it. */
export function cursoComPreco(curso: PreMatriculaCursoOpcao): string {
  return `${curso.titulo} — ${descricaoDoPreco(precoDoCurso(curso))}`;
}

/**
 * Efetivar per row (SPEC §2, DESIGN §4.5), as every table's row actions are (issue 23): 'Efetivar' in the row's
 * menu asks first, naming the student, since it cannot be undone (it creates the matrícula and the aluno's
 * account). The confirmation's button locks on the first click and reads 'Efetivando...' while pending; an
 * effective one shows 'Efetivada' instead.
 *
 * The matrícula takes a course (issue 42): a pré-matrícula with a course of interest is made effective with one
 * click, as before (the server takes that course), and the confirmation names that course with the price the
 * matrícula freezes once the event's courses are read; one without reads them too, and when the event
 * offers more than one (or none the rule can take), the confirmation asks 'Curso da matrícula', each course with
 * its price. A course of interest the event no longer offers comes back from the server as 400 on cursoId: the
 * confirmation then asks too.
 */
export function EfetivarButton({
  preMatricula,
  actions = [],
}: {
  preMatricula: EfetivarAlvo;
  /** The row's other actions, after Efetivar in the same menu (one menu per row). */
  actions?: RowAction[];
}) {
  const [confirming, setConfirming] = useState(false);

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
      {confirming ? <EfetivarConfirmacao preMatricula={preMatricula} onClose={() => setConfirming(false)} /> : null}
    </>
  );
}

function EfetivarConfirmacao({ preMatricula, onClose }: { preMatricula: EfetivarAlvo; onClose: () => void }) {
  const selectId = useId();
  // Without a course of interest, the event's courses decide; a refused course of interest asks too.
  const [perguntar, setPerguntar] = useState(!preMatricula.cursoInteresse);
  const [recusado, setRecusado] = useState(false);
  const [escolha, setEscolha] = useState<string | undefined>();
  const [erro, setErro] = useState<string | undefined>();
  // Read in every case: with a course of interest too, the confirmation names the course and the price the
  // matrícula freezes (the server still decides; until the courses arrive, or if they cannot, it may go ahead).
  const cursos = useCursosDaPreMatricula(preMatricula.id, true);
  const opcoes = cursos.data ?? [];
  // The same rule as the server's: the course of interest, else the event's only course.
  const determinado = cursos.isSuccess
    ? cursoDaMatricula(perguntar ? null : preMatricula.cursoInteresse, opcoes)
    : null;
  const unico = determinado && 'curso' in determinado ? determinado.curso : null;
  // After the server refused the course of interest, the staff choose, even the event's only course.
  const escolher = perguntar && cursos.isSuccess && (!unico || recusado);

  const efetivar = useEfetivarMatricula({
    onSuccess: () => {
      onClose();
      toast({
        title: 'Matrícula efetivada!',
        description: 'A pré-matrícula foi convertida em matrícula efetivada com sucesso.',
        variant: 'success',
      });
    },
    onError: (error) => {
      // The course could not be taken (none determinable, or not the event's): ask for it, keep the dialog.
      if (error instanceof ApiError && error.status === 400 && error.errors?.cursoId) {
        setPerguntar(true);
        setRecusado(true);
        setErro(error.errors.cursoId);
        return;
      }
      onClose();
      toast({
        title: 'Erro ao efetivar matrícula',
        description: errorMessage(error, 'Ocorreu um erro ao efetivar a matrícula.'),
        variant: 'destructive',
      });
    },
  });
  const mayClick = useClickLock(efetivar.isPending);
  const carregando = perguntar && cursos.isPending;

  const confirmar = () => {
    if (escolher && !escolha) {
      setErro(MATRICULA_MESSAGES.escolhaOCurso);
      return;
    }
    if (!mayClick()) return;
    // A course of interest goes as SPEC §7's call, without a body: the server takes it.
    efetivar.mutate({ id: preMatricula.id, cursoId: escolher ? escolha : perguntar ? unico?.id : undefined });
  };

  return (
    <AlertDialog open onOpenChange={(open) => !open && !efetivar.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Efetivar a matrícula de {preMatricula.nome}?</AlertDialogTitle>
          <AlertDialogDescription>
            A pré-matrícula vira uma matrícula efetivada e o aluno recebe o acesso ao sistema. Esta ação não pode ser
            desfeita.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {carregando ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Carregando cursos do evento...
          </p>
        ) : null}
        {perguntar && cursos.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(cursos.error, 'Não foi possível carregar os cursos do evento.')}
          </p>
        ) : null}
        {unico && !escolher ? (
          <p className="text-sm">
            <span className="text-muted-foreground">Curso da matrícula: </span>
            {cursoComPreco(unico)}
          </p>
        ) : null}
        {escolher ? (
          <SelectField
            id={selectId}
            label="Curso da matrícula"
            required
            placeholder="Selecione o curso"
            options={opcoes.map((curso) => ({ value: curso.id, label: cursoComPreco(curso) }))}
            value={escolha}
            onChange={(value) => {
              setEscolha(value);
              setErro(undefined);
            }}
            error={erro}
            hint={opcoes.length === 0 ? 'O evento desta pré-matrícula não oferece cursos ativos.' : undefined}
            disabled={efetivar.isPending}
          />
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={efetivar.isPending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            disabled={efetivar.isPending || carregando || (perguntar && cursos.isError)}
            onClick={(event) => {
              // The dialog stays open until the answer arrives; the toast says how it went.
              event.preventDefault();
              confirmar();
            }}
          >
            {efetivar.isPending ? 'Efetivando...' : 'Efetivar'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
