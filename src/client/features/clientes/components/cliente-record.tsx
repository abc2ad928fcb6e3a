import { Link } from 'react-router';
import { CalendarDays } from 'lucide-react';
import { KIT_LABELS, PRODUTO_LABELS } from '@shared/enums';
import { EVENTO_CLIENTE_PARAM } from '@shared/schemas/evento';
import type { ClienteView } from '@shared/schemas/cliente';
import { MISSING, formatCep, formatCnpj, formatDateTime, formatPhone } from '@shared/format';
import { Button } from '@/components/ui/button';
import { RecordSheet } from '@/components/ui/record-sheet';

/** The Eventos list filtered to one cliente's events (issue 23). */
export const clienteEventosHref = (clienteId: string) =>
  `/eventos?${EVENTO_CLIENTE_PARAM}=${encodeURIComponent(clienteId)}`;

/** A cliente's record (issue 23), opened from its row: its data and the link to its events. */
export function ClienteRecord({ cliente: c, onClose }: { cliente: ClienteView | null; onClose: () => void }) {
  if (!c) return <RecordSheet open={false} onClose={onClose} title="" description="" fields={[]} />;
  const lugar = [c.cidade, c.estado?.toUpperCase()].filter(Boolean).join(', ');
  return (
    <RecordSheet
      open
      onClose={onClose}
      title={c.nomeFantasia}
      description="Dados do cliente e seus eventos"
      fields={[
        { label: 'CNPJ', value: formatCnpj(c.cnpj) },
        { label: 'Representante legal', value: c.repLegal },
        { label: 'E-mail', value: c.user.email },
        { label: 'Telefone', value: formatPhone(c.user.telefone) },
        { label: 'Endereço', value: c.user.endereco ?? MISSING },
        { label: 'Cidade', value: lugar || MISSING },
        ...(c.cep ? [{ label: 'CEP', value: formatCep(c.cep) }] : []),
        { label: 'Micro-franquia', value: c.microFranquia.razaoSocial },
        { label: 'Produto', value: PRODUTO_LABELS[c.produto] },
        { label: 'Kit', value: KIT_LABELS[c.kit] },
        { label: 'Status', value: c.isActive ? 'Ativo' : 'Inativo' },
        { label: 'Cadastrado em', value: formatDateTime(c.createdAt) },
      ]}
    >
      <Button asChild size="sm">
        <Link to={clienteEventosHref(c.id)}>
          <CalendarDays aria-hidden="true" />
          Ver eventos do cliente
        </Link>
      </Button>
    </RecordSheet>
  );
}
