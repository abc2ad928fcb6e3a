import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import {
  cursoEditFormSchema,
  cursoFormSchema,
  hasDiscount,
  totalCargaHoraria,
  type Curso,
  type CursoFormInput,
  type CursoFormValues,
} from '@shared/schemas/curso';
import { formatBRL, formatCount } from '@shared/format';
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
import { Textarea } from '@/components/ui/textarea';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateCurso } from '../api/create-curso';
import { useDeleteModulo } from '../api/delete-modulo';
import { CursoSaveError, useSaveCursoEdits } from '../api/save-curso-edits';

export interface CursoFormDialogProps {
  /** Absent: 'Novo Curso'. Present: 'Editar Curso' for it. */
  curso?: Curso;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Novo Curso' and 'Editar Curso' (SPEC §2): the course, its modules and a summary. */
export function CursoFormDialog({ curso, open, onOpenChange }: CursoFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{curso ? 'Editar Curso' : 'Novo Curso'}</DialogTitle>
          <DialogDescription>
            {curso
              ? `Altere as informações e os módulos do curso ${curso.titulo}.`
              : 'Preencha as informações do curso e adicione seus módulos.'}
          </DialogDescription>
        </DialogHeader>
        {open ? <CursoForm key={curso?.id ?? 'novo'} curso={curso} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function defaultsFrom(curso?: Curso): Partial<CursoFormInput> {
  if (!curso) {
    return {
      titulo: '',
      descricao: '',
      valorComDesconto: null,
      parcelas: 1,
      modulos: [{ titulo: '', modulo: '1', cargaHoraria: undefined as unknown as number }],
    };
  }
  return {
    titulo: curso.titulo,
    descricao: curso.descricao ?? '',
    valor: curso.valor,
    valorComDesconto: curso.valorComDesconto,
    parcelas: curso.parcelas,
    modulos: curso.modulos.map((m) => ({
      moduloId: m.id,
      titulo: m.titulo,
      modulo: m.modulo,
      cargaHoraria: m.cargaHoraria,
    })),
  };
}

/** The server's field messages under the fields they name. */
function showFieldErrors(error: unknown, setError: UseFormSetError<CursoFormInput>) {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [field, message] of Object.entries(error.errors)) {
    setError(field as Path<CursoFormInput>, { message });
  }
}

function CursoForm({ curso, onDone }: { curso?: Curso; onDone: () => void }) {
  const isEdit = curso !== undefined;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CursoFormInput, unknown, CursoFormValues>({
    resolver: zodResolver(isEdit ? cursoEditFormSchema : cursoFormSchema),
    defaultValues: defaultsFrom(curso),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'modulos' });
  const [modulos, valor, valorComDesconto] = useWatch({ control, name: ['modulos', 'valor', 'valorComDesconto'] });
  const [removing, setRemoving] = useState<number | null>(null);

  const createCurso = useCreateCurso();
  const saveEdits = useSaveCursoEdits();
  const deleteModulo = useDeleteModulo();
  const pending = createCurso.isPending || saveEdits.isPending;

  const onSubmit = (values: CursoFormValues) => {
    const { modulos: formModulos, ...fields } = values;
    if (!isEdit) {
      createCurso.mutate(
        { ...fields, modulos: formModulos.map(({ moduloId: _id, ...m }) => m) },
        {
          onSuccess: () => {
            toast({ variant: 'success', title: 'Curso criado' });
            onDone();
          },
          onError: (error) => {
            showFieldErrors(error, setError);
            toast({
              variant: 'destructive',
              title: 'Erro',
              description: errorMessage(error, 'Failed to create curso'),
            });
          },
        },
      );
      return;
    }
    saveEdits.mutate(
      { id: curso.id, data: fields, modulos: formModulos },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Curso atualizado' });
          onDone();
        },
        onError: (error) => {
          const cause = error instanceof CursoSaveError ? error.failure : error;
          const step = error instanceof CursoSaveError ? error.step : 'curso';
          const fallback =
            step === 'update-module'
              ? `Failed to update module: ${error.message}`
              : step === 'create-module'
                ? `Failed to create module: ${error.message}`
                : 'Failed to update curso';
          if (step === 'curso') showFieldErrors(cause, setError);
          toast({ variant: 'destructive', title: 'Erro', description: errorMessage(cause, fallback) });
        },
      },
    );
  };

  const confirmRemoval = () => {
    if (removing === null) return;
    const index = removing;
    const moduloId = modulos?.[index]?.moduloId;
    setRemoving(null);
    if (!curso || !moduloId) {
      // A module not yet saved only leaves the form.
      remove(index);
      return;
    }
    deleteModulo.mutate(
      { cursoId: curso.id, moduloId },
      {
        onSuccess: () => {
          remove(index);
          toast({ variant: 'success', title: 'Módulo removido' });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro', description: errorMessage(error, 'Failed to delete module') }),
      },
    );
  };

  const horas = totalCargaHoraria((modulos ?? []).map((m) => ({ cargaHoraria: Number(m?.cargaHoraria) })));
  const valorNumber = Number.isFinite(valor) ? Number(valor) : 0;
  const desconto = Number.isFinite(valorComDesconto) ? Number(valorComDesconto) : null;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-6">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold">Informações do curso</legend>
        <TextField id="curso-titulo" label="Título" error={errors.titulo?.message} {...register('titulo')} />
        <div className="grid gap-2">
          <Label htmlFor="curso-descricao">Descrição</Label>
          <Textarea
            id="curso-descricao"
            rows={3}
            aria-invalid={errors.descricao ? true : undefined}
            aria-describedby={errors.descricao ? 'curso-descricao-error' : undefined}
            {...register('descricao')}
          />
          <FormMessage id="curso-descricao-error">{errors.descricao?.message}</FormMessage>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id="curso-valor"
            label="Valor (R$)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            placeholder="0,00"
            error={errors.valor?.message}
            {...register('valor', { valueAsNumber: true })}
          />
          <TextField
            id="curso-valor-desconto"
            label="Valor com desconto (R$)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            placeholder="0,00"
            error={errors.valorComDesconto?.message}
            {...register('valorComDesconto', { valueAsNumber: true })}
          />
          <TextField
            id="curso-parcelas"
            label="Parcelas"
            type="number"
            inputMode="numeric"
            step={1}
            min={1}
            placeholder="12"
            error={errors.parcelas?.message}
            {...register('parcelas', { valueAsNumber: true })}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-semibold">Módulos</legend>
        <FormMessage id="curso-modulos-error">{errors.modulos?.message ?? errors.modulos?.root?.message}</FormMessage>
        <ol className="grid gap-3">
          {fields.map((field, index) => {
            const e = errors.modulos?.[index];
            return (
              <li key={field.id} className="rounded-md border border-border p-3" aria-label={`Módulo ${index + 1}`}>
                <div className="grid gap-3 sm:grid-cols-[6rem_1fr_9rem_auto] sm:items-start">
                  <TextField
                    id={`curso-modulo-${index}-numero`}
                    label="Módulo"
                    error={e?.modulo?.message}
                    {...register(`modulos.${index}.modulo`)}
                  />
                  <TextField
                    id={`curso-modulo-${index}-titulo`}
                    label="Título do módulo"
                    error={e?.titulo?.message}
                    {...register(`modulos.${index}.titulo`)}
                  />
                  <TextField
                    id={`curso-modulo-${index}-carga`}
                    label="Carga horária (h)"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    error={e?.cargaHoraria?.message}
                    {...register(`modulos.${index}.cargaHoraria`, { valueAsNumber: true })}
                  />
                  {fields.length > 1 ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="text-destructive sm:mt-6"
                      aria-label={`Remover módulo ${index + 1}`}
                      disabled={deleteModulo.isPending}
                      onClick={() => setRemoving(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() =>
            append({ titulo: '', modulo: String(fields.length + 1), cargaHoraria: undefined as unknown as number })
          }
        >
          <Plus aria-hidden="true" />
          Adicionar módulo
        </Button>
      </fieldset>

      <section aria-labelledby="curso-resumo" className="rounded-md bg-muted p-4">
        <h3 id="curso-resumo" className="mb-2 text-sm font-semibold">
          Resumo
        </h3>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Total de módulos</dt>
            <dd className="font-semibold" data-testid="resumo-modulos">
              {formatCount(fields.length)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Carga horária total</dt>
            <dd className="font-semibold" data-testid="resumo-horas">
              {formatCount(horas)}h
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              {hasDiscount(valorNumber, desconto) ? 'Valor com desconto' : 'Valor'}
            </dt>
            <dd className="font-semibold" data-testid="resumo-valor">
              {hasDiscount(valorNumber, desconto) ? (
                <>
                  {formatBRL(desconto)}{' '}
                  <span className="font-normal text-muted-foreground line-through">{formatBRL(valorNumber)}</span>
                </>
              ) : (
                formatBRL(valorNumber)
              )}
            </dd>
          </div>
        </dl>
      </section>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Salvando...' : isEdit ? 'Salvar alterações' : 'Criar Curso'}
        </Button>
      </DialogFooter>

      <AlertDialog open={removing !== null} onOpenChange={(next) => (next ? undefined : setRemoving(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remover módulo?</AlertDialogTitle>
            <AlertDialogDescription>
              {removing !== null && modulos?.[removing]?.moduloId
                ? 'O módulo será excluído deste curso agora. Esta ação não pode ser desfeita.'
                : 'O módulo será retirado do formulário.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <AlertDialogAction destructive onClick={confirmRemoval}>
              Remover
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
