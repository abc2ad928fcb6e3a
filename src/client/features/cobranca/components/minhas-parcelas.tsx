import { PARCELA_MESSAGES } from '@shared/schemas/parcela';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useMinhasParcelas } from '../api/parcelas-api';
import { ParcelaPagavel } from './parcela-pagavel';

/**
 * The aluno's 'Minhas parcelas' (issue 43, ADR 071), made for a phone: each parcela's status, due date and value,
 * and, while it is to be paid, 'Pagar com PIX' (the copy-and-paste code and its QR) and 'Boleto' (ADR 078).
 */
export function MinhasParcelas() {
  const parcelas = useMinhasParcelas();
  return (
    <section aria-labelledby="minhas-parcelas" className="grid gap-3">
      <h2 id="minhas-parcelas" className="text-lg font-semibold">
        Minhas parcelas
      </h2>
      {parcelas.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : parcelas.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(parcelas.error, PARCELA_MESSAGES.falhaAoCarregar)}
        </p>
      ) : parcelas.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{PARCELA_MESSAGES.vazio}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {parcelas.data.map((p) => (
            <li key={p.id}>
              <ParcelaPagavel parcela={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
