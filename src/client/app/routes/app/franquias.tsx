import { RoutePage } from '@/app/shell/route-page';
import { useCepLookup } from '@/features/cep/api/get-cep';
import { FranquiasScreen } from '@/features/franquias/components/franquias-screen';

export default function FranquiasRoute() {
  const lookupCep = useCepLookup();
  return (
    <RoutePage path="/franquias">
      <FranquiasScreen lookupCep={lookupCep} />
    </RoutePage>
  );
}
