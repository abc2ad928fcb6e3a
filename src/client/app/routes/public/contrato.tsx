import { PublicLayout } from '@/components/layouts/public-layout';
import { ContratoAceitePage } from '@/features/contrato-aceite/components/contrato-aceite-page';

/** The token of /contrato/:token, read from the address (the public pages have no router: ADR 015). */
function tokenFromPath(): string {
  const match = /^\/contrato\/([^/?#]+)/.exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** /contrato/:token: the family reads, accepts or withdraws from its contract (issue 42, ADR 066). */
export default function ContratoRoute() {
  return (
    <PublicLayout>
      <title>Contrato de matrícula | Rede Crédito Educacional</title>
      <ContratoAceitePage token={tokenFromPath()} />
    </PublicLayout>
  );
}
