import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { todayInBrasilia } from '@shared/brasilia';
import { can } from '@shared/permissions';
import { canAccessRoute } from '@shared/roles';
import { VISITA_MESSAGES, type VisitaView } from '@shared/schemas/visita';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { Button } from '@/components/ui/button';
import { useCepLookup } from '@/features/cep/api/get-cep';
import { CLIENTES_OPTIONS_QUERY_KEY, searchClienteOptions } from '@/features/eventos/api/get-clientes-options';
import { EventoFormDialog } from '@/features/eventos/components/evento-form-dialog';
import { useUpdateVisita } from '@/features/visitas/api/update-visita';
import { AgendaScreen } from '@/features/visitas/components/agenda-screen';
import { NovaVisitaDialog } from '@/features/visitas/components/nova-visita-dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const DIA = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Minha agenda (issue 49): the vendedor's (and the micro-franquia's vendedores') day of school visits. A visit that
 * scheduled an event opens the event form with its school filled in; the event created is linked to the visit.
 */
export default function AgendaRoute() {
  const { role } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const hoje = todayInBrasilia();
  const pedido = searchParams.get('dia');
  const dia = pedido && DIA.test(pedido) ? pedido : hoje;
  const [nova, setNova] = useState(false);
  const [eventoDaVisita, setEventoDaVisita] = useState<VisitaView | null>(null);
  const lookupCep = useCepLookup();
  const vincular = useUpdateVisita({
    onSuccess: () => toast({ variant: 'success', title: VISITA_MESSAGES.eventoVinculado }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível ligar o evento à visita',
        description: errorMessage(error, ''),
      }),
  });
  const podeGerir = can(role, 'visitas.gerir');

  return (
    <RoutePage
      path="/agenda"
      actions={
        podeGerir ? (
          <Button onClick={() => setNova(true)}>
            <Plus aria-hidden="true" />
            Nova visita
          </Button>
        ) : undefined
      }
    >
      <AgendaScreen
        hoje={hoje}
        dia={dia}
        onDia={(novo) => setSearchParams(novo === hoje ? {} : { dia: novo }, { replace: true })}
        leadsPath={canAccessRoute(role, '/leads') ? '/leads' : '/interesses'}
        podeRegistrar={podeGerir}
        mostrarVendedor={role !== 'vendedor'}
        onAgendouEvento={can(role, 'eventos.criar') ? setEventoDaVisita : undefined}
      />
      <NovaVisitaDialog
        open={nova}
        onOpenChange={setNova}
        dia={dia}
        clientes={{ queryKey: CLIENTES_OPTIONS_QUERY_KEY, search: searchClienteOptions }}
      />
      <EventoFormDialog
        role={role}
        open={eventoDaVisita !== null}
        inicial={
          eventoDaVisita
            ? {
                clienteId: eventoDaVisita.clienteId,
                clienteNome: eventoDaVisita.clienteNome,
                cidade: eventoDaVisita.clienteCidade,
              }
            : undefined
        }
        onOpenChange={(open) => (open ? undefined : setEventoDaVisita(null))}
        lookupCep={lookupCep}
        onCreated={(evento) => {
          if (eventoDaVisita) vincular.mutate({ id: eventoDaVisita.id, body: { eventoId: evento.id } });
        }}
      />
    </RoutePage>
  );
}
