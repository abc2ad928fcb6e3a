import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The validation message under a field; give it the id the input's aria-describedby points to. */
export function FormMessage({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p className={cn('text-sm font-medium text-destructive', className)} {...props}>
      {children}
    </p>
  );
}
