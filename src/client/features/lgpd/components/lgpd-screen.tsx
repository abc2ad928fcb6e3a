import type { Role } from '@shared/roles';
import { PedidosSection } from './pedidos-section';
import { RetencaoSection } from './retencao-section';
import { TitularBuscaSection } from './titular-busca-section';

export interface LgpdScreenProps {
  role: Role;
}

/**
 * LGPD (issue 18): the titulares' requests with their legal deadline, a titular's records with the export and the
 * anonymisation, and the retention job. The franqueador sees the whole network, a franquia its subtree (the server
 * decides which rows).
 */
export function LgpdScreen({ role }: LgpdScreenProps) {
  return (
    <div className="flex flex-col gap-6">
      <PedidosSection showFranquia={role === 'franqueador'} />
      <TitularBuscaSection />
      <RetencaoSection />
    </div>
  );
}
