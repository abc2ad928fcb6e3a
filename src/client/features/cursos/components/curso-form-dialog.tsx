import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import {
  cursoEditFormSchema,
  cursoFormSchema,
  type Curso,
  type CursoFormInput,
  type CursoFormValues,
} from '@shared/schemas/curso';
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
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { MoneyField } from '@/components/ui/money-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useCreateCurso } from '../api/create-curso';
import { useDeleteModulo } from '../api/delete-modulo';
import { CursoSaveError, useSaveCursoEdits } from '../api/save-curso-edits';
import { cursoFormDefaults, cursoResumo, novoModulo, toCursoCreateBody, toCursoEdits } from './curso-form-values';
import { CursoResumo } from './curso-resumo';
import { ModuloFields } from './modulo-fields';
import { RemoveModuloDialog } from './remove-modulo-dialog';

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
    defaultValues: cursoFormDefaults(curso),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'modulos' });
  const [modulos, valor, valorComDesconto] = useWatch({ control, name: ['modulos', 'valor', 'valorComDesconto'] });
  const [removing, setRemoving] = useState<number | null>(null);

  const createCurso = useCreateCurso();
  const saveEdits = useSaveCursoEdits();
  const deleteModulo = useDeleteModulo();
  const pending = createCurso.isPending || saveEdits.isPending;

  const onSubmit = (values: CursoFormValues) => {
    if (!isEdit) {
      createCurso.mutate(toCursoCreateBody(values), {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Curso criado' });
          onDone();
        },
        onError: (error) => {
          showServerFieldErrors(error, setError);
          toast({
            variant: 'destructive',
            title: 'Erro',
            description: errorMessage(error, 'Failed to create curso'),
          });
        },
      });
      return;
    }
    saveEdits.mutate(toCursoEdits(curso.id, values), {
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
        if (step === 'curso') showServerFieldErrors(cause, setError);
        toast({ variant: 'destructive', title: 'Erro', description: errorMessage(cause, fallback) });
      },
    });
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

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-6">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold">Informações do curso</legend>
        <TextField id="curso-titulo" label="Título" error={errors.titulo?.message} {...register('titulo')} />
        <TextareaField
          id="curso-descricao"
          label="Descrição"
          rows={3}
          error={errors.descricao?.message}
          {...register('descricao')}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <MoneyField control={control} name="valor" id="curso-valor" label="Valor (R$)" />
          <MoneyField
            control={control}
            name="valorComDesconto"
            id="curso-valor-desconto"
            label="Valor com desconto (R$)"
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
          {fields.map((field, index) => (
            <ModuloFields
              key={field.id}
              index={index}
              register={register}
              errors={errors.modulos?.[index]}
              canRemove={fields.length > 1}
              removeDisabled={deleteModulo.isPending}
              onRemove={() => setRemoving(index)}
            />
          ))}
        </ol>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => append(novoModulo(fields.length + 1))}
        >
          <Plus aria-hidden="true" />
          Adicionar módulo
        </Button>
      </fieldset>

      <CursoResumo modulos={fields.length} resumo={cursoResumo(modulos, valor, valorComDesconto)} />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <SubmitButton pending={pending} pendingLabel="Salvando...">
          {isEdit ? 'Salvar alterações' : 'Criar Curso'}
        </SubmitButton>
      </DialogFooter>

      <RemoveModuloDialog
        open={removing !== null}
        saved={removing !== null && Boolean(modulos?.[removing]?.moduloId)}
        onConfirm={confirmRemoval}
        onCancel={() => setRemoving(null)}
      />
    </form>
  );
}
