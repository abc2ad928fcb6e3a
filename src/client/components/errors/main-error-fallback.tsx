import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { CenteredLayout } from '@/components/layouts/centered-layout';

/** Shown when a screen's code fails to load or a screen throws while rendering. */
export function MainErrorFallback() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <CenteredLayout>
      <div role="alert" className="rounded-lg border border-border bg-card p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold">Ops, algo deu errado</h1>
        <p className="mt-2 text-sm text-muted-foreground">Não foi possível carregar esta página. Tente novamente.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Recarregar página
        </Button>
      </div>
    </CenteredLayout>
  );
}
