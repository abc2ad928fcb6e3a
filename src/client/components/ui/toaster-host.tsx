import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/lib/toast';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * Where the toasts appear. Their code (Radix Toast) loads with the first toast, not with the page: most visits
 * to a public page never show one, and a phone on a slow network should not wait for it.
 */
export function ToasterHost() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
