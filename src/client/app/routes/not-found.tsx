import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CenteredLayout } from '@/components/layouts/centered-layout';

/** The not-found page (SPEC §2; issue 23 and ADR 024: in Portuguese, with a way back). */
export default function NotFoundRoute() {
  return (
    <CenteredLayout>
      <title>404 - Página não encontrada | Rede Crédito Educacional</title>
      <Card>
        <CardContent className="flex flex-col gap-4 p-8">
          <div className="flex items-center gap-3">
            <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
            <h1 className="text-2xl font-bold tracking-tight">404 - Página não encontrada</h1>
          </div>
          <p className="text-sm text-muted-foreground">
            O endereço que você abriu não existe ou mudou de lugar. Confira o link ou volte para o início.
          </p>
          <Button asChild variant="outline" className="self-start">
            <Link to="/">Voltar para o início</Link>
          </Button>
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
