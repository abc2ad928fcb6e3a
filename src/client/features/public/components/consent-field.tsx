import type { ComponentProps } from 'react';
import { ExternalLink } from 'lucide-react';
import { TEXTO_CONSENTIMENTO } from '@shared/privacidade';
import { FormMessage } from '@/components/ui/form-message';

export interface ConsentFieldProps {
  id: string;
  /** The checkbox's name, checked state, onChange and ref. */
  registration: ComponentProps<'input'>;
  error?: string;
}

/** Where the privacy notice is read (issue 18). */
export const AVISO_PRIVACIDADE_HREF = '/privacidade';

/**
 * Brazil's data-protection law (LGPD): the student is often a minor, so the guardian authorises the use of the
 * data. The label is the text the server stores with the consent (TEXTO_CONSENTIMENTO, issue 18); the notice it
 * refers to opens beside it in a new tab, so what was typed in the form stays.
 */
export function ConsentField({ id, registration, error }: ConsentFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <div className="grid gap-2 rounded-md border border-border bg-surface p-3">
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...registration}
          />
          <label htmlFor={id} className="text-sm leading-snug text-foreground">
            {TEXTO_CONSENTIMENTO}
          </label>
        </div>
        <a
          href={AVISO_PRIVACIDADE_HREF}
          target="_blank"
          rel="noopener"
          className="ml-8 inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
        >
          Aviso de Privacidade
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(abre em nova aba)</span>
        </a>
      </div>
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
