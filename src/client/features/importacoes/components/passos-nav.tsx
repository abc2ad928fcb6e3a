import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export const PASSOS = ['Arquivo', 'Colunas', 'Prévia', 'Resultado'] as const;
export type Passo = 0 | 1 | 2 | 3;

/** The wizard's four steps (vtiger's import), the current one marked for assistive technology too. */
export function PassosNav({ atual }: { atual: Passo }) {
  return (
    <nav aria-label="Etapas da importação">
      <ol className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {PASSOS.map((nome, index) => {
          const feito = index < atual;
          const corrente = index === atual;
          return (
            <li
              key={nome}
              aria-current={corrente ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2',
                corrente ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 items-center justify-center rounded-full border text-xs',
                  corrente && 'border-primary bg-primary text-primary-foreground',
                  feito && 'border-primary text-primary',
                )}
              >
                {feito ? <Check className="size-3.5" /> : index + 1}
              </span>
              {nome}
              {feito ? <span className="sr-only"> (concluída)</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
