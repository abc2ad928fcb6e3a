import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { ROLE_LABELS } from '@shared/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCurrentUser } from '@/app/shell/current-user';

/** Access denied: shown when the user's role may not open the screen they asked for. */
export default function UnauthorizedRoute() {
  const { role } = useCurrentUser();
  return (
    <>
      <title>Acesso Negado | Rede Crédito Educacional</title>
      <Card className="mx-auto mt-8 max-w-lg">
        <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
          <ShieldAlert aria-hidden="true" className="size-12 text-destructive" />
          <h1 className="text-2xl font-bold tracking-tight">Acesso Negado</h1>
          <p className="text-muted-foreground">Você não tem permissão para acessar esta página.</p>
          <p className="text-sm">
            Seu perfil atual: <strong>{ROLE_LABELS[role]}</strong>
          </p>
          <Button asChild>
            <Link to="/">Voltar ao Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
