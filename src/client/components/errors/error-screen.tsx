import { Button } from '@/components/ui/button';
import { CenteredLayout } from '@/components/layouts/centered-layout';

/** 'Something went wrong' with a reload button: a screen's code failed to load, or the screen threw. */
export function ErrorScreen() {
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
