import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import type { CursoOption } from '../api/get-cursos-do-cliente';

export interface EventoCursosFieldProps {
  /** No client chosen yet: its courses cannot be listed. */
  needsCliente: boolean;
  /** The client's courses as read (useCursosDoCliente). */
  cursos: { isPending: boolean; isError: boolean; error: unknown };
  /** The courses offered (cursoChoices). */
  options: readonly CursoOption[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** 'Cursos': a checkbox per course of the event's client. */
export function EventoCursosField({ needsCliente, cursos, options, value, onChange, error }: EventoCursosFieldProps) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Cursos</legend>
      {needsCliente ? (
        <p className="text-sm text-muted-foreground">Selecione um cliente para escolher os cursos.</p>
      ) : cursos.isPending ? (
        <Spinner label="Carregando cursos..." />
      ) : cursos.isError ? (
        <p className="text-sm text-destructive">{errorMessage(cursos.error, 'Failed to fetch cursos')}</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum curso cadastrado para este cliente.</p>
      ) : (
        <ul
          className="grid max-h-40 gap-1 overflow-y-auto rounded-md border border-border p-2"
          aria-label="Cursos do cliente"
        >
          {options.map((c) => {
            const id = `evento-curso-${c.id}`;
            const checked = value.includes(c.id);
            return (
              <li key={c.id} className="flex items-center gap-2 rounded-sm px-1 py-1 hover:bg-muted">
                <input
                  id={id}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={checked}
                  onChange={() => onChange(checked ? value.filter((v) => v !== c.id) : [...value, c.id])}
                />
                <label htmlFor={id} className="flex-1 cursor-pointer text-sm">
                  {c.titulo}
                  {c.isActive ? '' : ' (inativo)'}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <FormMessage id="evento-cursos-error">{error}</FormMessage>
    </fieldset>
  );
}
