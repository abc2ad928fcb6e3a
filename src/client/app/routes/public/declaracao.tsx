import { PublicLayout } from '@/components/layouts/public-layout';
import { DeclaracaoVerificacao } from '@/features/declaracao/components/declaracao-verificacao';

/** The code of /declaracao/:codigo, read from the address (the public pages have no router: ADR 015). */
function codigoFromPath(): string {
  const match = /^\/declaracao\/([^/?#]+)/.exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** /declaracao/:codigo: a declaration's verification (issue 23). */
export default function DeclaracaoRoute() {
  return (
    <PublicLayout>
      <title>Verificação de declaração | Rede Crédito Educacional</title>
      <DeclaracaoVerificacao codigo={codigoFromPath()} />
    </PublicLayout>
  );
}
