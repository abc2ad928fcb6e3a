import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useDistribuicao } from '../api/get-distribuicao';
import { useMicroFranquias } from '../api/get-micro-franquias';
import { DistribuicaoForm } from './distribuicao-form';

function Carregando() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-10 w-full max-w-lg" />
      <Skeleton className="h-10 w-full max-w-lg" />
    </div>
  );
}

/** The rule of one micro-franquia, loaded then edited (the franquia's dialog holds this too). */
export function DistribuicaoDe({ microFranquiaId, onSaved }: { microFranquiaId: string; onSaved?: () => void }) {
  const distribuicao = useDistribuicao(microFranquiaId);
  if (distribuicao.isPending) return <Carregando />;
  if (distribuicao.isError) {
    return (
      <p role="alert" className="font-medium text-destructive">
        {errorMessage(distribuicao.error, 'Erro ao carregar a distribuição de leads')}
      </p>
    );
  }
  return <DistribuicaoForm microFranquiaId={microFranquiaId} view={distribuicao.data} onSaved={onSaved} />;
}

/**
 * Distribuição de leads (issue 50), the micro-franquia's own: GET /api/micro-franquias answers a micro-franquia
 * with itself only, which names the rule to read and save.
 */
export function DistribuicaoScreen() {
  const propria = useMicroFranquias({ page: 1, pageSize: 1 });
  const id = propria.data?.items[0]?.id;
  return (
    <Card>
      <CardContent className="pt-6">
        {propria.isError ? (
          <p role="alert" className="font-medium text-destructive">
            {errorMessage(propria.error, 'Erro ao carregar a micro-franquia')}
          </p>
        ) : id ? (
          <DistribuicaoDe microFranquiaId={id} />
        ) : propria.data ? (
          <p role="alert" className="font-medium text-destructive">
            Micro-franquia não encontrada
          </p>
        ) : (
          <Carregando />
        )}
      </CardContent>
    </Card>
  );
}
