import { PublicLayout } from '@/components/layouts/public-layout';
import { VoucherCard } from '@/features/voucher/components/voucher-card';

/** The token of /voucher/:token, read from the address (the public pages have no router: ADR 015). */
function tokenFromPath(): string {
  const match = /^\/voucher\/([^/?#]+)/.exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** /voucher/:token: the family's voucher for the event's door (issue 20). */
export default function VoucherRoute() {
  return (
    <PublicLayout>
      <title>Voucher do evento | Rede Crédito Educacional</title>
      <VoucherCard token={tokenFromPath()} />
    </PublicLayout>
  );
}
