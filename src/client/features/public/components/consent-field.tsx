import type { ComponentProps } from 'react';
import { FormMessage } from '@/components/ui/form-message';

export interface ConsentFieldProps {
  id: string;
  /** The checkbox's name, checked state, onChange and ref. */
  registration: ComponentProps<'input'>;
  error?: string;
}

/**
 * Brazil's data-protection law (LGPD): the student is often a minor, so the guardian authorises the use of the
 * data. The server records when.
 */
export function ConsentField({ id, registration, error }: ConsentFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3 rounded-md border border-border bg-surface p-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <label htmlFor={id} className="text-sm leading-snug text-foreground">
          Sou o(a) responsável pelo(a) aluno(a) e autorizo o uso destes dados para contato sobre o crédito educacional e
          o evento escolhido, conforme a Lei Geral de Proteção de Dados (LGPD).
        </label>
      </div>
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
