import { useState } from 'react';
import { Plus } from 'lucide-react';
import { can } from '@shared/permissions';
import { canAccessRoute } from '@shared/roles';
import type { Evento } from '@shared/schemas/evento';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { Button } from '@/components/ui/button';
import { useCepLookup } from '@/features/cep/api/get-cep';
import { EventoFormDialog } from '@/features/eventos/components/evento-form-dialog';
import { EventosList } from '@/features/eventos/components/eventos-list';
import { LinkDoEventoDialog } from '@/features/atribuicao/components/link-do-evento-dialog';
import { EventoCustosDialog } from '@/features/eventos/components/evento-custos-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; evento: Evento } | null;

export default function EventosRoute() {
  const { role } = useCurrentUser();
  const [editing, setEditing] = useState<Editing>(null);
  const [divulgando, setDivulgando] = useState<Evento | null>(null);
  const [custosDe, setCustosDe] = useState<Evento | null>(null);
  const lookupCep = useCepLookup();

  return (
    <RoutePage
      path="/eventos"
      actions={
        can(role, 'eventos.criar') ? (
          <Button onClick={() => setEditing({ mode: 'create' })}>
            <Plus aria-hidden="true" />
            Criar Evento
          </Button>
        ) : undefined
      }
    >
      <EventosList
        leadsPath={canAccessRoute(role, '/leads') ? '/leads' : '/interesses'}
        onEdit={can(role, 'eventos.editar') ? (evento) => setEditing({ mode: 'edit', evento }) : undefined}
        onLink={can(role, 'eventos.ler') ? setDivulgando : undefined}
        onCustos={can(role, 'eventos.custos.ler') ? setCustosDe : undefined}
      />
      <EventoCustosDialog
        evento={custosDe}
        podeEditar={can(role, 'eventos.custos.editar')}
        onClose={() => setCustosDe(null)}
      />
      {/* Issue 48: the event's share link and QR code. */}
      <LinkDoEventoDialog evento={divulgando} onClose={() => setDivulgando(null)} />
      <EventoFormDialog
        role={role}
        open={editing !== null}
        evento={editing?.mode === 'edit' ? editing.evento : undefined}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        lookupCep={lookupCep}
      />
    </RoutePage>
  );
}
