import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface SpinnerProps {
  className?: string;
  /** What is loading, read by screen readers. */
  label?: string;
}

export function Spinner({ className, label = 'Carregando...' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
