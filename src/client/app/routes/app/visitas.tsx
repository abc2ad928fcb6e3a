import { useState } from 'react';
import { Plus } from 'lucide-react';
import { todayInBrasilia } from '@shared/brasilia';
import { can } from '@shared/permissions';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { Button } from '@/components/ui/button';
import { CLIENTES_OPTIONS_QUERY_KEY, searchClienteOptions } from '@/features/eventos/api/get-clientes-options';
import { NovaVisitaDialog } from '@/features/visitas/components/nova-visita-dialog';
import { VisitasScreen } from '@/features/visitas/components/visitas-screen';

/** Visitas (issue 49): the managers' list of their subtree's visits to schools. */
export default function VisitasRoute() {
  const { role } = useCurrentUser();
  const [nova, setNova] = useState(false);
  return (
    <RoutePage
      path="/visitas"
      actions={
        can(role, 'visitas.gerir') ? (
          <Button onClick={() => setNova(true)}>
            <Plus aria-hidden="true" />
            Nova visita
          </Button>
        ) : undefined
      }
    >
      <VisitasScreen />
      <NovaVisitaDialog
        open={nova}
        onOpenChange={setNova}
        dia={todayInBrasilia()}
        clientes={{ queryKey: CLIENTES_OPTIONS_QUERY_KEY, search: searchClienteOptions }}
      />
    </RoutePage>
  );
}
