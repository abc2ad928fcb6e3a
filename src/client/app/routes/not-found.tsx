import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CenteredLayout } from '@/components/layouts/centered-layout';

export default function NotFoundRoute() {
  return (
    <CenteredLayout>
      <title>404 Page Not Found | Rede Crédito Educacional</title>
      <Card>
        <CardContent className="flex flex-col gap-4 p-8">
          <div className="flex items-center gap-3">
            <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
            <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Você esqueceu de adicionar a página ao roteador?</p>
          <Button asChild variant="outline" className="self-start">
            <Link to="/">Ir para a página inicial</Link>
          </Button>
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
