import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** SPEC §6: what the micro-franqueado and its vendedores may do. */
export function PermissionsCard() {
  return (
    <Card className="border-blue-200 bg-blue-50">
      <CardHeader className="flex-row items-center gap-2 pb-2">
        <ShieldCheck aria-hidden="true" className="size-5 text-blue-700" />
        <CardTitle as="h2" className="text-base text-blue-900">
          Permissões
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1 text-sm text-blue-900">
          <li>
            <strong>Micro-franqueado:</strong> pode ver e gerenciar tudo da micro-franquia.
          </li>
          <li>
            <strong>Vendedor:</strong> pode apenas cadastrar clientes.
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
