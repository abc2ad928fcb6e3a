import { cn } from '@/lib/utils';

export interface LogoProps {
  className?: string;
  /** Light text for dark backgrounds (the sidebar). */
  inverted?: boolean;
  /** Hide the wordmark and keep only the symbol. */
  compact?: boolean;
}

/** The product's mark: a mortarboard over an open book, and the name. */
export function Logo({ className, inverted = false, compact = false }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-9 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M16 7 4 13l12 6 12-6-12-6Z" fill="#fff" />
        <path d="M9 16.5V21c0 1.7 3.1 4 7 4s7-2.3 7-4v-4.5l-7 3.5-7-3.5Z" fill="#bfdbfe" />
        <path d="M26 13.5v6" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      {compact ? (
        <span className="sr-only">Rede Crédito Educacional</span>
      ) : (
        <span className="flex flex-col text-left leading-tight">
          <span className={cn('text-base font-bold tracking-tight', inverted ? 'text-white' : 'text-foreground')}>
            Rede Crédito
          </span>
          <span className={cn('text-xs font-medium', inverted ? 'text-sidebar-muted' : 'text-muted-foreground')}>
            Educacional
          </span>
        </span>
      )}
    </span>
  );
}
