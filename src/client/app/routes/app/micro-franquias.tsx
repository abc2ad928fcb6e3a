import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { useCepLookup } from '@/features/cep/api/get-cep';
import { EmpresaForm, empresaValuesFrom } from '@/features/franquias/components/empresa-form';
import { MicroFranquiasScreen } from '@/features/micro-franquias/components/micro-franquias-screen';

/** The micro-franquia dialogs use the franquia form (SPEC §5: the same fields) with the CEP look-up. */
export default function MicroFranquiasRoute() {
  const { role } = useCurrentUser();
  const lookupCep = useCepLookup();
  return (
    <RoutePage path="/micro-franquias">
      <MicroFranquiasScreen
        role={role}
        renderForm={({ row, ...slot }) => (
          <EmpresaForm
            key={row?.id ?? 'new'}
            {...slot}
            defaultValues={row ? empresaValuesFrom(row) : undefined}
            lookupCep={lookupCep}
          />
        )}
      />
    </RoutePage>
  );
}
