import { Spinner } from '@/components/ui/spinner';

/** Whole-screen spinner while the session or a screen's code loads. */
export function PageLoader({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
