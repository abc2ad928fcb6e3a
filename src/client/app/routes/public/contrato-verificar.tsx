import { PublicLayout } from '@/components/layouts/public-layout';
import { ContratoVerificacao } from '@/features/contrato-aceite/components/contrato-verificacao';

/** The code of /contrato/verificar/:codigo, read from the address (the public pages have no router: ADR 015). */
function codigoFromPath(): string {
  const match = /^\/contrato\/verificar\/([^/?#]+)/.exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** /contrato/verificar/:codigo: an accepted contract's check (issue 42, ADR 066). */
export default function ContratoVerificarRoute() {
  return (
    <PublicLayout>
      <title>Verificação de contrato | Rede Crédito Educacional</title>
      <ContratoVerificacao codigo={codigoFromPath()} />
    </PublicLayout>
  );
}
