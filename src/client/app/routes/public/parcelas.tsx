import { PublicLayout } from '@/components/layouts/public-layout';
import { ParcelasPublicasPage } from '@/features/cobranca/components/parcelas-publicas-page';

/** The token of /parcelas/:token, read from the address (the public pages have no router: ADR 015). */
function tokenFromPath(): string {
  const match = /^\/parcelas\/([^/?#]+)/.exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** /parcelas/:token: the responsável's parcelas, paid by PIX or boleto (issue 43, ADR 078). */
export default function ParcelasRoute() {
  return (
    <PublicLayout>
      <title>Parcelas | Rede Crédito Educacional</title>
      <ParcelasPublicasPage token={tokenFromPath()} />
    </PublicLayout>
  );
}
