import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface StatusMessageProps {
  text: string | null;
  tone: 'error' | 'success';
}

/** The inline answer of the forgot-password and reset forms, announced when it changes. */
export function StatusMessage({ text, tone }: StatusMessageProps) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div aria-live="polite" aria-atomic="true">
      {text ? (
        <p
          className={cn(
            'flex items-start gap-2 rounded-md border p-3 text-sm font-medium',
            tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-green-200 bg-green-50 text-green-800',
          )}
        >
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{text}</span>
        </p>
      ) : null}
    </div>
  );
}
