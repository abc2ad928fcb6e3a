import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import type { CursoFormInput } from '@shared/schemas/curso';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

export interface ModuloFieldsProps {
  index: number;
  register: UseFormRegister<CursoFormInput>;
  errors: FieldErrors<CursoFormInput['modulos'][number]> | undefined;
  /** A course keeps at least one module: no remove button on the last one. */
  canRemove: boolean;
  removeDisabled: boolean;
  onRemove: () => void;
}

/** One module of the course: its number or label, its title and its hours. */
export function ModuloFields({ index, register, errors, canRemove, removeDisabled, onRemove }: ModuloFieldsProps) {
  return (
    <li className="rounded-md border border-border p-3" aria-label={`Módulo ${index + 1}`}>
      <div className="grid gap-3 sm:grid-cols-[6rem_1fr_9rem_auto] sm:items-start">
        <TextField
          id={`curso-modulo-${index}-numero`}
          label="Módulo"
          error={errors?.modulo?.message}
          {...register(`modulos.${index}.modulo`)}
        />
        <TextField
          id={`curso-modulo-${index}-titulo`}
          label="Título do módulo"
          error={errors?.titulo?.message}
          {...register(`modulos.${index}.titulo`)}
        />
        <TextField
          id={`curso-modulo-${index}-carga`}
          label="Carga horária (h)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors?.cargaHoraria?.message}
          {...register(`modulos.${index}.cargaHoraria`, { valueAsNumber: true })}
        />
        {canRemove ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="text-destructive sm:mt-6"
            aria-label={`Remover módulo ${index + 1}`}
            disabled={removeDisabled}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}
